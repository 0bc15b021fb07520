/**
 * Claude Code: installed through Claude's own plugin system, because Claude loads a plugin's
 * skill (and so `/stopline`) only for a plugin it installed from a marketplace. The plugin
 * folder goes into a one-plugin directory marketplace, `<claude config>/plugins/stopline-local/`
 * (`.claude-plugin/marketplace.json` naming `./stopline`), and settings.json (user:
 * `<claude config>/settings.json`, project: `.claude/settings.json`) gets that marketplace under
 * `extraKnownMarketplaces` and `stopline@stopline-local` under `enabledPlugins`. Plugin hooks run
 * the plugin's own hooks.json, so the installer writes that file with the chosen runtime and
 * fail mode instead of copying the one in dist. Nothing goes into settings.json's `hooks`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeRegistry } from '../../core/registry/claude';
import { removeHookGroups, type HookGroup } from '../cli/install/hook-groups';
import { observingHooks } from '../cli/install/hook-files';
import { hostHome, type Env } from '../cli/install/locations';
import { registrationSummary } from '../cli/install/observe-events';
import { artifactMode, editingJson, filesOnDisk, futureRealpath, placeTree, requireDist, runsScript, type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';
import { installKey } from '../cli/install/record';
import { hookCommand } from '../cli/install/runtime';
import { CLAUDE_MOD_MODULE } from './hook-file';
import { CLAUDE_MOD_SHELL_GUARD } from './mod-live';
import { findProp, nodeAt, parseJsonDocument, removeProperty, setProperty } from '../cli/install/json-edit';

/** Claude Code's user folder (CLAUDE_CONFIG_DIR, else ~/.claude), as its layout puts it. */
export function claudeConfigDir(e: Env): string {
  return hostHome(e, 'claude');
}

/**
 * The events, observe-only needs and hook groups of the plugin's hooks.json. A hook that outlives
 * its timeout is killed and, by default, the action goes ahead, so timeouts are short (SessionEnd
 * gets ~1.5 s unless one is set, so it gets one too). `--fail closed` adds `onFailure: "block"`
 * where the row says failClosed: the gates, where a failed guard must stop the action. Not Stop: a
 * guard that keeps failing there would block every attempt to end the turn and trap the session
 * in a loop.
 */
export const claudeHooks = observingHooks('claude', claudeRegistry);

/** The marketplace name; not `stopline`, which the repository's own marketplace uses. */
export const CLAUDE_MARKETPLACE = 'stopline-local';
export const CLAUDE_PLUGIN_ID = `stopline@${CLAUDE_MARKETPLACE}`;

export function claudeMarketplaceDir(env: Env): string {
  return join(claudeConfigDir(env), 'plugins', CLAUDE_MARKETPLACE);
}

export function claudePluginDir(env: Env): string {
  return join(claudeMarketplaceDir(env), 'stopline');
}

/** Where the plugin's hooks live (the file Claude runs the hooks from). */
export function claudePluginHooksFile(env: Env): string {
  return join(claudePluginDir(env), 'hooks', 'hooks.json');
}

/** The settings.json members the install owns: the plugin enabled, and (in the user settings) its marketplace declared. */
export const PLUGIN_ENABLED = ['enabledPlugins', CLAUDE_PLUGIN_ID];
export const MARKETPLACE_DECLARED = ['extraKnownMarketplaces', CLAUDE_MARKETPLACE];

function marketplaceJson(version: string): string {
  const manifest = {
    name: CLAUDE_MARKETPLACE,
    owner: { name: 'stopline' },
    description: 'stopline as installed by `stopline install claude`',
    plugins: [{ name: 'stopline', version, description: 'Task-contract guard', source: './stopline' }],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The plugin's hooks.json: the mod module when the build has one, and the command hooks as its fallback. */
function pluginHooksJson(groups: ReturnType<typeof claudeHooks.groups>, withModule: boolean): string {
  const hooks: Record<string, HookGroup[]> = {};
  for (const { event, group } of groups) (hooks[event] ??= []).push(group);
  const doc = { description: 'stopline: task-contract guard (written by stopline install claude)', ...(withModule ? { modules: [CLAUDE_MOD_MODULE] } : {}), hooks };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function claudeSettingsFile(env: Env, scope: 'user' | 'project', project: string): string {
  return scope === 'user' ? join(claudeConfigDir(env), 'settings.json') : join(project, '.claude', 'settings.json');
}

function settingsText(ctx: PlanContext, file: string): string {
  const text = ctx.ws.readText(file);
  return text === null || text.trim() === '' ? '{}\n' : text;
}

/** Other Claude installs in the record (another scope or project) that still need the marketplace. */
function otherClaudeInstalls(ctx: PlanContext): boolean {
  const self = installKey('claude', ctx.scope, ctx.scope === 'project' ? ctx.project : undefined);
  return Object.entries(ctx.record.installs).some(([key, e]) => key !== self && e.host === 'claude');
}

/**
 * Whether the JSON object at `path` was in the file before stopline first wrote it, read from
 * the backup the install kept; an object stopline created (or cannot tell) goes once empty.
 */
function existedBefore(ctx: PlanContext, file: string, path: string[]): boolean {
  const entry = ctx.record.files[file] ?? ctx.record.files[futureRealpath(file)];
  if (!entry?.existedBefore || !entry.backup) return false;
  try {
    return nodeAt(parseJsonDocument(readFileSync(entry.backup, 'utf8')), path) !== undefined;
  } catch {
    return true;
  }
}

/** Takes stopline's members out of one settings file, and a parent object the install created once it is empty. */
function removeMembers(ctx: PlanContext, file: string, paths: string[][]): boolean {
  const before = ctx.ws.readText(file);
  if (before === null) return false;
  let text = before;
  for (const path of paths) {
    text = editingJson(file, () => removeProperty(text, path));
    const parentPath = path.slice(0, -1);
    const parent = nodeAt(parseJsonDocument(text), parentPath);
    if (parent?.type === 'object' && parent.props.length === 0 && !existedBefore(ctx, file, parentPath)) text = removeProperty(text, parentPath);
  }
  if (text === before) return false;
  ctx.ws.write(file, text, 'config');
  return true;
}

export const claudePlanner: HostPlanner = {
  ...claudeHooks.planner,

  install(ctx: InstallContext) {
    requireDist(ctx.distDir, join('claude', 'stopline.mjs'), 'claude');
    const src = join(ctx.distDir, 'claude');
    const marketDir = claudeMarketplaceDir(ctx.env);
    const pluginDir = claudePluginDir(ctx.env);
    const hooksFile = claudePluginHooksFile(ctx.env);
    const script = join(pluginDir, 'stopline.mjs');
    const artifacts = placeTree(ctx, src, pluginDir).filter((f) => f !== hooksFile);
    // the command hooks stay silent while the plugin's mod decides in the same Claude Code process
    const withModule = existsSync(join(src, 'hooks', CLAUDE_MOD_MODULE));
    const command = `${withModule ? CLAUDE_MOD_SHELL_GUARD : ''}${hookCommand(ctx.runtime, script)}`;
    const { regs, rows } = claudeHooks.registered(ctx);
    ctx.ws.write(hooksFile, pluginHooksJson(claudeHooks.groups(command, rows, ctx.failClosed), withModule), 'artifact', artifactMode(hooksFile));
    artifacts.push(hooksFile);
    const version = (JSON.parse(readFileSync(join(src, '.claude-plugin', 'plugin.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
    const manifest = join(marketDir, '.claude-plugin', 'marketplace.json');
    ctx.ws.write(manifest, marketplaceJson(version), 'artifact', artifactMode(manifest));
    artifacts.push(manifest);

    const settings = claudeSettingsFile(ctx.env, ctx.scope, ctx.project);
    const configs = [settings];
    let text = settingsText(ctx, settings);
    // an earlier install registered the hooks in settings.json; the plugin runs them now
    text = editingJson(settings, () => removeHookGroups(text, runsScript(join(claudeConfigDir(ctx.env), 'plugins', 'stopline', 'stopline.mjs'))).text);
    text = editingJson(settings, () => setProperty(text, PLUGIN_ENABLED, true));
    // the marketplace lives in the user's Claude config, so the user settings declare it
    const userSettings = claudeSettingsFile(ctx.env, 'user', ctx.project);
    const declare = (before: string) => editingJson(userSettings, () => setProperty(before, MARKETPLACE_DECLARED, { source: { source: 'directory', path: marketDir } }));
    if (userSettings === settings) text = declare(text);
    else {
      ctx.ws.write(userSettings, declare(settingsText(ctx, userSettings)), 'config');
      configs.push(userSettings);
    }
    ctx.ws.write(settings, text, 'config');
    const root = parseJsonDocument(text);
    const disabled = root.type === 'object' ? findProp(root, 'disableAllHooks')?.value : undefined;
    if (disabled?.type === 'scalar' && disabled.value === true) ctx.warnings.push(`${settings} has "disableAllHooks": true, so Claude Code runs no hooks at all, stopline included`);
    ctx.notes.push(`plugin: ${CLAUDE_PLUGIN_ID} enabled in ${settings} (marketplace ${marketDir})`);
    ctx.notes.push(`hooks: ${registrationSummary(regs)} in ${hooksFile}${ctx.failClosed ? ` (onFailure: block on ${rows.filter((e) => e.install.failClosed).map((e) => e.native).join(', ')})` : ''}`);
    return { runtime: ctx.runtime.runtime, artifacts, configs };
  },

  uninstall(ctx: PlanContext) {
    const settings = claudeSettingsFile(ctx.env, ctx.scope, ctx.project);
    const userSettings = claudeSettingsFile(ctx.env, 'user', ctx.project);
    const others = otherClaudeInstalls(ctx);
    // the marketplace declaration in the user settings stays while another install enables the plugin
    const own = userSettings === settings && !others ? [MARKETPLACE_DECLARED, PLUGIN_ENABLED] : [PLUGIN_ENABLED];
    if (removeMembers(ctx, settings, own)) ctx.notes.push(`plugin: ${CLAUDE_PLUGIN_ID} removed from ${settings}`);
    if (userSettings !== settings && !others && removeMembers(ctx, userSettings, [MARKETPLACE_DECLARED])) ctx.notes.push(`marketplace: ${CLAUDE_MARKETPLACE} removed from ${userSettings}`);
  },

  knownArtifacts: (ctx) => filesOnDisk(claudeMarketplaceDir(ctx.env)),
};
