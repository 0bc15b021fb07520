/**
 * The install of a host that reads command hooks of the `groups` form from a settings.json `hooks` key:
 * the hook script goes into `<host folder>/stopline/stopline.mjs` (user: the host's own folder;
 * project: `<project>/.<host>/`), and one stopline group per
 * registered event is merged into the settings.json beside it, at the end of each event's list.
 * The handler commands name the runtime and the script by absolute path: a hook command that
 * cannot find its script lets every tool run. Uninstall takes out every group whose handlers
 * run that script; the record gives a file nothing else changed its original bytes back.
 */
import { join } from 'node:path';
import { installRows } from '../../../core/registry/rows';
import type { HostRegistry, InstallSpec } from '../../../core/registry/types';
import { mergeHookGroups, removeHookGroups, type EventGroup, type EventMapPath, type HookHandler } from './hook-groups';
import type { Env, Host, Scope } from './locations';
import { editingJson, type HostPlanner, type InstallContext, type PlanContext, runsScript } from './plan-context';
import { placeHookScript } from './hook-script';

interface SettingsHookPaths {
  /** the host's folder for this scope (`~/.<host>`, `<project>/.<host>`, …) */
  dir: string;
  script: string;
  settings: string;
}

export interface SettingsHookHost {
  host: Host;
  registry: HostRegistry;
  /** the host's folder for the scope */
  dir(env: Env, scope: Scope, project: string): string;
  /** one handler for an event row, in the host's own fields (a timeout unit, a name) */
  handler(command: string, install: InstallSpec): HookHandler;
  /** lines the person reads after the install, per scope (`around` tells what else is on disk there) */
  notes(paths: SettingsHookPaths, scope: Scope, around: { env: Env; project: string; exists(path: string): boolean }): { notes: string[]; warnings: string[] };
  /** the file in the folder that holds the hooks (default settings.json) */
  file?: string;
  /** where the event map sits in that file, given its text (default under `hooks`) */
  eventMap?(text: string | null, file: string): EventMapPath;
}

export function settingsHookPaths(h: Pick<SettingsHookHost, 'dir' | 'file'>, env: Env, scope: Scope, project: string): SettingsHookPaths {
  const dir = h.dir(env, scope, project);
  return { dir, script: join(dir, 'stopline', 'stopline.mjs'), settings: join(dir, h.file ?? 'settings.json') };
}

/** The stopline groups for every row with an install column, in table order (no matcher: every tool). */
export function settingsHookGroups(h: Pick<SettingsHookHost, 'registry' | 'handler'>, command: string): EventGroup[] {
  return installRows(h.registry).map(({ native, install }) => ({ event: native, group: { hooks: [h.handler(command, install)] } }));
}

function mapOf(h: SettingsHookHost, text: string | null, file: string): EventMapPath | undefined {
  return h.eventMap ? h.eventMap(text, file) : undefined;
}

export function settingsHookPlanner(h: SettingsHookHost): HostPlanner {
  return {
    host: h.host,
    usesRuntime: true,
    unsupportedScope: () => null,

    install(ctx: InstallContext) {
      const p = settingsHookPaths(h, ctx.env, ctx.scope, ctx.project);
      const { artifacts, command, ours } = placeHookScript(ctx, h.host, p.script);
      const before = ctx.ws.readText(p.settings);
      const groups = settingsHookGroups(h, command);
      const text = editingJson(p.settings, () => mergeHookGroups(before === null || before.trim() === '' ? '{}\n' : before, groups, ours, p.settings, mapOf(h, before, p.settings)));
      ctx.ws.write(p.settings, text, 'config');
      const said = h.notes(p, ctx.scope, { env: ctx.env, project: ctx.project, exists: (path) => ctx.ws.readText(path) !== null });
      ctx.notes.push(`hooks: ${groups.length} events registered in ${p.settings}`, ...said.notes);
      ctx.warnings.push(...said.warnings);
      return { runtime: ctx.runtime.runtime, artifacts, configs: [p.settings] };
    },

    uninstall(ctx: PlanContext) {
      const p = settingsHookPaths(h, ctx.env, ctx.scope, ctx.project);
      const text = ctx.ws.readText(p.settings);
      if (text === null) return;
      const removal = editingJson(p.settings, () => removeHookGroups(text, runsScript(p.script), mapOf(h, text, p.settings)));
      if (!removal.removedCount) return;
      ctx.ws.write(p.settings, removal.text, 'config');
      ctx.notes.push(`hooks: ${removal.removedCount} stopline hook groups removed from ${p.settings}`);
    },

    knownArtifacts: (ctx) => [settingsHookPaths(h, ctx.env, ctx.scope, ctx.project).script],
  };
}
