/**
 * Factory Droid: `stopline.mjs` into `<factory folder>/stopline/` (user: `~/.factory`, or
 * `$FACTORY_HOME_OVERRIDE/.factory`; project: `.factory/`), its handlers merged into the hook
 * registration Droid reads there. Droid reads two files per folder, and for each event the one in
 * `hooks.json` (the bare event map) replaces the one in `settings.json` (under `hooks`). So each
 * of stopline's events goes where that event already lives, never where it would silence the
 * person's own hooks of that event: `hooks.json` when it lists the event, else `settings.json`
 * when it does, else `hooks.json` when that file exists or settings.json has no `hooks`, else
 * `settings.json`. Groups are whole and ours only when every handler runs the installed script.
 */
import { join } from 'node:path';
import { droidRegistry } from '../../core/registry/droid';
import { installRows } from '../../core/registry/rows';
import { findOurGroups, mergeHookGroups, removeHookGroups, type EventGroup, type EventMapPath } from '../cli/install/hook-groups';
import { nodeAt, parseJsonDocument } from '../cli/install/json-edit';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { editingJson, type HostPlanner, type InstallContext, type PlanContext, runsScript } from '../cli/install/plan-context';
import { placeHookScript } from '../cli/install/hook-script';

/** The events `stopline install droid` registers: the registry rows with an install column. */
export const DROID_EVENTS: readonly string[] = installRows(droidRegistry).map((e) => e.native);
export const DROID_HOOK_TIMEOUT_SECONDS = installRows(droidRegistry)[0]!.install.timeoutSec;

interface DroidPaths {
  dir: string;
  script: string;
  /** the bare event map */
  hooksFile: string;
  /** the events under `hooks` */
  settingsFile: string;
}

export function droidPaths(env: Env, scope: Scope, project: string): DroidPaths {
  const dir = scope === 'user' ? hostHome(env, 'droid') : join(project, '.factory');
  return { dir, script: join(dir, 'stopline', 'stopline.mjs'), hooksFile: join(dir, 'hooks.json'), settingsFile: join(dir, 'settings.json') };
}

/** Handlers carry no matcher (the registry gives none): an omitted matcher matches every tool. */
function droidGroups(command: string): EventGroup[] {
  return installRows(droidRegistry).map(({ native, install }) => ({ event: native, group: { hooks: [{ type: 'command', command, timeout: install.timeoutSec }] } }));
}

export const HOOKS_FILE_MAP: EventMapPath = [];
export const SETTINGS_MAP: EventMapPath = ['hooks'];

/** The event names a file holds at `base` (none when the file or the map is missing). */
function eventsIn(text: string | null, base: EventMapPath, file: string): Set<string> {
  if (text === null || text.trim() === '') return new Set();
  const map = editingJson(file, () => nodeAt(parseJsonDocument(text), base));
  return new Set(map?.type === 'object' ? map.props.map((p) => p.key) : []);
}

/**
 * Which file each event goes to, so that the file Droid reads for that event holds stopline's
 * group and the person's hooks of that event keep running (see the module comment).
 */
function droidTargets(hooksText: string | null, settingsText: string | null, files: Pick<DroidPaths, 'hooksFile' | 'settingsFile'>): Map<string, 'hooks' | 'settings'> {
  const inHooks = eventsIn(hooksText, HOOKS_FILE_MAP, files.hooksFile);
  const settingsHasHooks = settingsText !== null && settingsText.trim() !== '' && editingJson(files.settingsFile, () => nodeAt(parseJsonDocument(settingsText), SETTINGS_MAP)) !== undefined;
  const inSettings = eventsIn(settingsText, SETTINGS_MAP, files.settingsFile);
  const fallback: 'hooks' | 'settings' = hooksText !== null || !settingsHasHooks ? 'hooks' : 'settings';
  return new Map(DROID_EVENTS.map((e) => [e, inHooks.has(e) ? 'hooks' : inSettings.has(e) ? 'settings' : fallback]));
}

function orEmpty(text: string | null): string {
  return text === null || text.trim() === '' ? '{}\n' : text;
}

export const droidPlanner: HostPlanner = {
  host: 'droid',
  usesRuntime: true,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const p = droidPaths(ctx.env, ctx.scope, ctx.project);
    const { artifacts, command, ours } = placeHookScript(ctx, 'droid', p.script);
    const hooksBefore = ctx.ws.readText(p.hooksFile);
    const settingsBefore = ctx.ws.readText(p.settingsFile);
    // where each event goes is decided on the person's own entries (an earlier install's left out)
    const without = (text: string | null, base: EventMapPath, file: string) => (text === null ? null : editingJson(file, () => removeHookGroups(orEmpty(text), ours, base).text));
    const targets = droidTargets(without(hooksBefore, HOOKS_FILE_MAP, p.hooksFile), without(settingsBefore, SETTINGS_MAP, p.settingsFile), p);
    const groups = droidGroups(command);
    const configs: string[] = [];
    const toHooks = groups.filter((g) => targets.get(g.event) === 'hooks');
    const toSettings = groups.filter((g) => targets.get(g.event) === 'settings');
    // each group in its file, and out of the other one (an earlier install may have put it there)
    const place = (text: string | null, wanted: EventGroup[], elsewhere: EventGroup[], base: EventMapPath, file: string): string | null => {
      let t = text;
      const stray = new Set(elsewhere.map((g) => g.event));
      if (t !== null && stray.size) t = editingJson(file, () => removeHookGroups(orEmpty(t), ours, base, (event) => stray.has(event)).text);
      if (wanted.length) t = editingJson(file, () => mergeHookGroups(orEmpty(t), wanted, ours, file, base));
      return t;
    };
    const hooksText = place(hooksBefore, toHooks, toSettings, HOOKS_FILE_MAP, p.hooksFile);
    const settingsText = place(settingsBefore, toSettings, toHooks, SETTINGS_MAP, p.settingsFile);
    // a file is this install's config while it holds a group of ours (the record keeps it until then)
    for (const [file, text, before, wanted] of [[p.hooksFile, hooksText, hooksBefore, toHooks], [p.settingsFile, settingsText, settingsBefore, toSettings]] as const) {
      if (text === null) continue;
      if (text !== before) ctx.ws.write(file, text, 'config');
      if (wanted.length || text !== before) configs.push(file);
    }
    ctx.notes.push(`hooks: ${DROID_EVENTS.length} events registered (${toHooks.length} in ${p.hooksFile}${toSettings.length ? `, ${toSettings.length} in ${p.settingsFile}, where the same events already live` : ''})`);
    for (const file of [p.hooksFile, p.settingsFile]) {
      const t = ctx.ws.readText(file);
      const root = t !== null && t.trim() !== '' ? editingJson(file, () => parseJsonDocument(t)) : undefined;
      const off = root ? nodeAt(root, ['hooksDisabled']) : undefined;
      if (off?.type === 'scalar' && off.value === true) ctx.warnings.push(`${file} has "hooksDisabled": true, so Droid runs none of its hooks, stopline's included`);
    }
    if (ctx.scope === 'project') ctx.warnings.push("Droid also runs the person's user hooks (~/.factory) next to the project's; both are read on every start");
    return { runtime: ctx.runtime.runtime, artifacts, configs };
  },

  uninstall(ctx: PlanContext) {
    const p = droidPaths(ctx.env, ctx.scope, ctx.project);
    const ours = runsScript(p.script);
    for (const [file, base] of [[p.hooksFile, HOOKS_FILE_MAP], [p.settingsFile, SETTINGS_MAP]] as const) {
      const text = ctx.ws.readText(file);
      if (text === null || text.trim() === '') continue;
      if (editingJson(file, () => findOurGroups(text, ours, base)).size === 0) continue;
      const removal = editingJson(file, () => removeHookGroups(text, ours, base));
      ctx.ws.write(file, removal.text, 'config');
      ctx.notes.push(`hooks: ${removal.removedCount} stopline hook groups removed from ${file}`);
    }
  },

  knownArtifacts: (ctx) => [droidPaths(ctx.env, ctx.scope, ctx.project).script],
};
