/**
 * Doctor's view of Factory Droid: the handlers install.ts merged into hooks.json or settings.json
 * and the plugin `droid plugin install` put in its cache.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../core/check';
import { hookFileChecks, offSwitch, type Registration } from '../cli/doctor/hook-file';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { PACKAGE, hookProbe, parseJson, pluginHookCommand, wholeFolder, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { claudeWritePayload, deniedText, hookSpecificDeny, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { JsonEditError, nodeAt, nodeValue, parseJsonDocument } from '../cli/install/json-edit';
import { findOurGroups } from '../cli/install/hook-groups';
import { hostHome, type Env } from '../cli/install/locations';
import { runsScript } from '../cli/install/plan-context';
import { DROID_EVENTS, DROID_HOOK_TIMEOUT_SECONDS, HOOKS_FILE_MAP, SETTINGS_MAP, droidPaths, droidPlanner } from './install';

function droidChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = droidPaths(ctx.env, p.scope, p.project);
  return hookFileChecks(ctx, p, 'droid', paths, { registration: (fix) => droidRegistration(paths, fix), probe: probeDroid, timeoutSec: DROID_HOOK_TIMEOUT_SECONDS });
}

/** Per event, Droid reads hooks.json when that file lists the event, else settings.json's hooks. */
function droidRegistration(paths: ReturnType<typeof droidPaths>, fix: string): Registration {
  const ours = runsScript(paths.script);
  const files = [
    { file: paths.hooksFile, base: HOOKS_FILE_MAP },
    { file: paths.settingsFile, base: SETTINGS_MAP },
  ].map((f) => {
    const text = readText(f.file);
    if (text === null || text.trim() === '') return { ...f, text, events: new Set<string>(), ours: new Map<string, number[]>(), off: undefined };
    try {
      const root = parseJsonDocument(text);
      const map = nodeAt(root, f.base);
      return { ...f, text, events: new Set(map?.type === 'object' ? map.props.map((x) => x.key) : []), ours: findOurGroups(text, ours, f.base), off: offSwitch('droid', nodeValue(root as never)) };
    } catch (e) {
      return { ...f, text, events: new Set<string>(), ours: new Map<string, number[]>(), off: undefined, problem: e instanceof JsonEditError ? e.message : String(e) };
    }
  });
  const [hooksFile, settings] = files as [(typeof files)[number], (typeof files)[number]];
  const broken = files.find((f) => 'problem' in f);
  if (broken) return { ok: false, checks: [check('registered', 'fail', `${broken.file} cannot be read as JSON (${(broken as { problem: string }).problem}); Droid may not read it either`, `fix the file, then ${fix}`)] };
  const missing: string[] = [];
  const shadowed: string[] = [];
  let command: string | undefined;
  for (const e of DROID_EVENTS) {
    const read = hooksFile.events.has(e) ? hooksFile : settings;
    if (read.ours.has(e)) {
      if (e === 'PreToolUse') {
        const groups = nodeValue(nodeAt(parseJsonDocument(read.text!), [...read.base, e]) as never) as { hooks?: { command?: unknown }[] }[];
        command = String(groups[read.ours.get(e)![0]!]?.hooks?.[0]?.command ?? '');
      }
    } else if (read === hooksFile && settings.ours.has(e)) shadowed.push(e);
    else missing.push(e);
  }
  if (shadowed.length) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} lists ${shadowed.join(', ')}, which replaces the same events of ${paths.settingsFile}, where stopline's handlers are: Droid never runs them`, fix)] };
  if (missing.length) return { ok: false, checks: [check('registered', 'fail', `no stopline handler Droid would read for ${missing.join(', ')} (in ${paths.hooksFile} or ${paths.settingsFile})`, fix)] };
  const off = files.filter((f) => f.off !== undefined);
  return {
    ok: true,
    command: command!,
    checks: [
      check('registered', 'pass', `${DROID_EVENTS.length} events registered where Droid reads them (${paths.hooksFile}, ${paths.settingsFile})`),
      off.length
        ? check('would-run', 'fail', `${off.map((f) => f.file).join(' and ')} set${off.length === 1 ? 's' : ''} ${off[0]!.off}, so Droid runs none of those hooks`, `remove ${off[0]!.off!.split(':')[0]} / ${fix}`)
        : check('would-run', 'pass', 'hooks are on, and the handlers match every tool'),
    ],
  };
}

/** Droid runs a hook with `sh -c`; the deny it reads is hookSpecificOutput.permissionDecision (or exit 2). */
const probeDroid = shellHookProbe({
  tool: 'Create',
  payload: claudeWritePayload('PreToolUse', () => ({ permission_mode: 'auto-low', tool_name: 'Create' })),
  vars: (w) => ({ FACTORY_PROJECT_DIR: w.project }),
  denied: (r, out) => (r.code === 0 && deniedText(hookSpecificDeny(out)) ? 'hookSpecificOutput permissionDecision "deny"' : undefined),
});

/**
 * Droid: `enabledPlugins` in settings.json names `stopline@<marketplace>`; the plugin is a copy in
 * `plugins/cache/<marketplace>-<hash>/stopline-<hash>/<commit>/` (the newest one counts).
 */
function droidNative(env: Env): NativeInstall[] {
  const home = hostHome(env, 'droid');
  const file = join(home, 'settings.json');
  const settings = parseJson(readText(file));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const cache = join(home, 'plugins', 'cache');
  const dirsIn = (d: string, prefix: string) => (existsSync(d) ? readdirSync(d).filter((n) => n.startsWith(prefix) && statSync(join(d, n)).isDirectory()).map((n) => join(d, n)) : []);
  const out: NativeInstall[] = [];
  for (const id of Object.keys(enabled)) {
    if (!id.startsWith(`${PACKAGE}@`)) continue;
    const market = id.slice(PACKAGE.length + 1);
    const copies = dirsIn(cache, `${market}-`).flatMap((m) => dirsIn(m, `${PACKAGE}-`)).flatMap((p) => dirsIn(p, ''));
    const newest = copies.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs).pop() ?? '';
    out.push({ host: 'droid', id, via: 'droid plugin install', dir: newest, recordedIn: file, remove: `droid plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

const droidNativeDoor: NativeDoor = {
  find: droidNative,
  shipped: wholeFolder('droid'),
  enable: (n) => `set "${n.id}": true under enabledPlugins in ${n.recordedIn}`,
  // Droid puts the plugin folder into the command text itself
  probe: (n, ctx) =>
    hookProbe(pluginHookCommand(join(n.dir, 'hooks', 'hooks.json'), 'DROID_PLUGIN_ROOT', n.dir)?.split('${DROID_PLUGIN_ROOT}').join(n.dir), `the plugin has no PreToolUse hook in ${n.dir}`, n, (c) => probeDroid(ctx.world(), c)),
};

/** Factory Droid's row of the person's tooling. */
export const tooling = hostTools({ planner: droidPlanner, checks: droidChecks, native: droidNativeDoor }, (env, cwd) => droidPaths(env, 'user', cwd).script);
