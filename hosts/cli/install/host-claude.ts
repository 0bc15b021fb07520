/**
 * Claude Code: the plugin folder goes to `<claude config>/plugins/stopline/`, and its hooks
 * are registered in settings.json (user: `<claude config>/settings.json`, project:
 * `.claude/settings.json`) as commands that run the chosen runtime on the installed
 * script. The plugin is not enabled through a marketplace, so Claude runs each hook once.
 */
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { installRows } from '../../../core/registry/rows';
import { mergeHookGroups, removeHookGroups, type EventGroup, type HookGroup } from './hook-groups';
import { claudeConfigDir, type Env } from './locations';
import { PlanError, filesOnDisk, placeTree, requireDist, runsScript, type HostPlanner, type InstallContext, type PlanContext } from './plan-context';
import { hookCommand } from './runtime';
import { JsonEditError, findProp, parseJsonDocument } from './json-edit';

/**
 * A hook that outlives its timeout is killed and, by default, the action goes ahead, so
 * timeouts are short. SessionEnd gets ~1.5 s unless a timeout is set, so it gets one too.
 * (The registry's install column; every Claude row carries the same value.)
 */
export const CLAUDE_HOOK_TIMEOUT_SECONDS = installRows(claudeRegistry)[0]!.install.timeoutSec;

/**
 * The events `stopline install claude` registers, with their matcher: the registry rows with an
 * install column. `--fail closed` adds `onFailure: "block"` where the row says failClosed: the
 * gates, where a failed guard must stop the action. Not Stop: a guard that keeps failing there
 * would block every attempt to end the turn and trap the session in a loop.
 */
export const CLAUDE_EVENTS: readonly { event: string; matcher?: string }[] = installRows(claudeRegistry).map((e) => ({
  event: e.native,
  ...(e.install.matcher !== undefined ? { matcher: e.install.matcher } : {}),
}));

export function claudePluginDir(env: Env): string {
  return join(claudeConfigDir(env), 'plugins', 'stopline');
}

export function claudeSettingsFile(env: Env, scope: 'user' | 'project', project: string): string {
  return scope === 'user' ? join(claudeConfigDir(env), 'settings.json') : join(project, '.claude', 'settings.json');
}

export function claudeGroups(command: string, failClosed: boolean): EventGroup[] {
  return installRows(claudeRegistry).map(({ native, install }) => {
    const group: HookGroup = {
      ...(install.matcher !== undefined ? { matcher: install.matcher } : {}),
      hooks: [{ type: 'command', command, timeout: install.timeoutSec, ...(failClosed && install.failClosed ? { onFailure: 'block' as const } : {}) }],
    };
    return { event: native, group };
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
    ctx.notes.push(`hooks: ${CLAUDE_EVENTS.length} events registered in ${settings}${ctx.failClosed ? ` (onFailure: block on ${installRows(claudeRegistry).filter((e) => e.install.failClosed).map((e) => e.native).join(', ')})` : ''}`);
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
