/**
 * Claude Code: the plugin folder goes to `<claude config>/plugins/stopline/`, and its hooks
 * are registered in settings.json (user: `<claude config>/settings.json`, project:
 * `.claude/settings.json`) as commands that run the chosen runtime on the installed
 * script. The plugin is not enabled through a marketplace, so Claude runs each hook once.
 */
import { join } from 'node:path';
import { mergeHookGroups, removeHookGroups, type EventGroup, type HookGroup } from './hook-groups';
import { claudeConfigDir, type Env } from './locations';
import { PlanError, filesOnDisk, placeTree, requireDist, runsScript, type HostPlanner, type InstallContext, type PlanContext } from './plan-context';
import { hookCommand } from './runtime';
import { JsonEditError, findProp, parseJsonDocument } from './json-edit';

/**
 * A hook that outlives its timeout is killed and, by default, the action goes ahead, so
 * timeouts are short. SessionEnd gets ~1.5 s unless a timeout is set, so it gets one too.
 */
export const CLAUDE_HOOK_TIMEOUT_SECONDS = 10;

/**
 * Events where `--fail closed` adds `onFailure: "block"`: the gates, where a failed guard
 * must stop the action. Not Stop: a guard that keeps failing there would block every
 * attempt to end the turn and trap the session in a loop.
 */
const FAIL_CLOSED_EVENTS = new Set(['PreToolUse', 'UserPromptSubmit', 'UserPromptExpansion']);

export const CLAUDE_EVENTS: readonly { event: string; matcher?: string }[] = [
  { event: 'SessionStart' },
  { event: 'UserPromptSubmit' },
  { event: 'UserPromptExpansion' },
  { event: 'PreToolUse', matcher: '*' },
  { event: 'PostToolUse', matcher: '*' },
  { event: 'SubagentStart' },
  { event: 'SubagentStop' },
  { event: 'Stop' },
  { event: 'SessionEnd' },
];

export function claudePluginDir(env: Env): string {
  return join(claudeConfigDir(env), 'plugins', 'stopline');
}

export function claudeSettingsFile(env: Env, scope: 'user' | 'project', project: string): string {
  return scope === 'user' ? join(claudeConfigDir(env), 'settings.json') : join(project, '.claude', 'settings.json');
}

export function claudeGroups(command: string, failClosed: boolean): EventGroup[] {
  return CLAUDE_EVENTS.map(({ event, matcher }) => {
    const group: HookGroup = {
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: [{ type: 'command', command, timeout: CLAUDE_HOOK_TIMEOUT_SECONDS, ...(failClosed && FAIL_CLOSED_EVENTS.has(event) ? { onFailure: 'block' as const } : {}) }],
    };
    return { event, group };
  });
}

function settingsText(ctx: PlanContext, file: string): string {
  const text = ctx.ws.readText(file);
  return text === null || text.trim() === '' ? '{}\n' : text;
}

function edit<T>(file: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof JsonEditError) throw new PlanError(`${file}: ${e.message.replace(`${file}: `, '')}; stopline edits only valid JSON, fix the file and run the install again`);
    throw e;
  }
}

export const claudePlanner: HostPlanner = {
  host: 'claude',
  usesRuntime: true,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    requireDist(ctx.distDir, join('claude', 'stopline.mjs'), 'claude');
    const pluginDir = claudePluginDir(ctx.env);
    const artifacts = placeTree(ctx, join(ctx.distDir, 'claude'), pluginDir);
    const script = join(pluginDir, 'stopline.mjs');
    const settings = claudeSettingsFile(ctx.env, ctx.scope, ctx.project);
    const merged = edit(settings, () => mergeHookGroups(settingsText(ctx, settings), claudeGroups(hookCommand(ctx.runtime, script), ctx.failClosed), runsScript(script), settings));
    ctx.ws.write(settings, merged, 'config');
    const root = parseJsonDocument(merged);
    const disabled = root.type === 'object' ? findProp(root, 'disableAllHooks')?.value : undefined;
    if (disabled?.type === 'scalar' && disabled.value === true) ctx.warnings.push(`${settings} has "disableAllHooks": true, so Claude Code runs no hooks at all, stopline included`);
    ctx.notes.push(`hooks: ${CLAUDE_EVENTS.length} events registered in ${settings}${ctx.failClosed ? ' (onFailure: block on PreToolUse, UserPromptSubmit, UserPromptExpansion)' : ''}`);
    return { runtime: ctx.runtime.runtime, artifacts, configs: [settings] };
  },

  uninstall(ctx: PlanContext) {
    const script = join(claudePluginDir(ctx.env), 'stopline.mjs');
    const settings = claudeSettingsFile(ctx.env, ctx.scope, ctx.project);
    const text = ctx.ws.readText(settings);
    if (text === null) return;
    const { text: after, removedCount } = edit(settings, () => removeHookGroups(text, runsScript(script)));
    if (removedCount) {
      ctx.ws.write(settings, after, 'config');
      ctx.notes.push(`hooks: ${removedCount} stopline hook groups removed from ${settings}`);
    }
  },

  knownArtifacts: (ctx) => filesOnDisk(claudePluginDir(ctx.env)),
};
