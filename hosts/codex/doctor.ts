/**
 * Doctor's view of Codex CLI: the hooks.json handlers and config.toml trust entries install.ts wrote,
 * and the plugin `codex plugin add` put in its cache.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { codexRegistry } from '../../core/registry/codex';
import { hookFileChecks, type Registration } from '../cli/doctor/hook-file';
import { eventsCheck, readGroups, registeredCheck, type DoctorContext, type Placement } from '../cli/doctor/hosts';
import { PACKAGE, hookProbe, pluginEvents, pluginHookCommand, wholeFolder, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { deniedText, hookSpecificDeny, shellHookProbe, systemBash } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { findOurGroups } from '../cli/install/hook-groups';
import { nodeValue } from '../cli/install/json-edit';
import { hostHome, type Env } from '../cli/install/locations';
import { runsScript } from '../cli/install/plan-context';
import { codexHooks, codexPaths, codexPlanner } from './install';
import { codexRollout, locateCodexRollout } from './rollout';
import { configTables, trustEntriesFor, trustedHashes, trustTableKey } from './trust';

function codexChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = codexPaths(ctx.env, p.scope, p.project);
  return hookFileChecks(ctx, p, 'codex', paths, { registration: (fix) => codexRegistration(ctx, p, paths, fix), probe: probeCodex, timeoutSec: codexHooks.timeoutSec });
}

/** The handlers in hooks.json, the events they cover, and the trust entries Codex would compute for them against config.toml. */
function codexRegistration(ctx: DoctorContext, p: Placement, paths: ReturnType<typeof codexPaths>, fix: string): Registration {
  const g = readGroups(paths.hooksFile, paths.script);
  const registered = registeredCheck('codex', p, paths.hooksFile, codexHooks.events, g);
  if (registered.status === 'fail') return { ok: false, checks: [registered] };
  const events = eventsCheck(fix, codexRegistry, codexHooks.needs(ctx.env, p.scope, p.project, p.afterEvidence === true), (e) => g.commands.has(e));
  const positions = [...findOurGroups(g.text!, runsScript(paths.script))].flatMap(([event, idx]) => idx.map((groupIndex) => ({ event, groupIndex })));
  const wanted = trustEntriesFor(paths.hooksFileForTrust, nodeValue(g.root!), positions);
  const have = trustedHashes(readText(paths.configToml) ?? '');
  const missing = wanted.filter((w) => !have.has(w.key));
  const wrong = wanted.filter((w) => have.has(w.key) && have.get(w.key) !== w.trustedHash);
  const parts = [
    missing.length ? `${missing.length} of ${wanted.length} handlers have no trust entry in ${paths.configToml}` : '',
    wrong.length ? `${wrong.length} trust entr${wrong.length === 1 ? 'y does' : 'ies do'} not match the handler (it changed since it was trusted)` : '',
  ].filter(Boolean);
  const note = p.scope === 'project' ? '; Codex also needs the project itself trusted (codex asks on first start, or --trust)' : '';
  const wouldRun = parts.length
    ? check('would-run', 'fail', `${parts.join('; ')}: Codex skips those hooks without a word`, fix)
    : check('would-run', p.scope === 'project' ? 'warn' : 'pass', `all ${wanted.length} handlers are trusted in ${paths.configToml}${note}`);
  return { ok: true, checks: [registered, events, wouldRun], command: g.commands.get('PreToolUse')![0]! };
}

/** Codex runs a hook command with /bin/bash -c; the deny is the exact JSON, the stamp on stderr and exit 2. */
const probeCodex = shellHookProbe({
  tool: 'apply_patch',
  shell: systemBash,
  payload: (w) => ({
    session_id: w.sessionId,
    turn_id: 'stopline-doctor-turn',
    transcript_path: null,
    cwd: w.project,
    hook_event_name: 'PreToolUse',
    model: 'gpt-5.5',
    permission_mode: 'bypassPermissions',
    tool_name: 'apply_patch',
    tool_input: { command: '*** Begin Patch\n*** Add File: stopline-doctor-probe.txt\n+probe\n*** End Patch\n' },
    tool_use_id: 'call_stopline_doctor',
  }),
  denied: (r, out) => (r.code === 2 && hookSpecificDeny(out) !== undefined && deniedText(r.stderr) ? 'deny JSON + exit 2' : undefined),
});

/** Codex: `[plugins."stopline@<marketplace>"]` in config.toml; the plugin sits in plugins/cache. */
function codexNative(env: Env): NativeInstall[] {
  const home = hostHome(env, 'codex');
  const file = join(home, 'config.toml');
  const text = readText(file) ?? '';
  const out: NativeInstall[] = [];
  const seen = new Map<string, boolean>();
  for (const { keys, body } of configTables(text)) {
    const id = keys.length === 2 && keys[0] === 'plugins' && keys[1]!.startsWith(`${PACKAGE}@`) ? keys[1]! : undefined;
    if (id === undefined) continue;
    seen.set(id, true);
    for (const line of body) {
      const m = /^\s*enabled\s*=\s*(true|false)/.exec(line);
      if (m) seen.set(id, m[1] === 'true');
    }
  }
  for (const [id, enabled] of seen) {
    const marketplace = id.slice(PACKAGE.length + 1);
    const base = join(home, 'plugins', 'cache', marketplace, PACKAGE);
    const versions = existsSync(base) ? readdirSync(base).filter((v) => statSync(join(base, v)).isDirectory()).sort() : [];
    if (versions.length === 0) continue;
    out.push({ host: 'codex', id, via: 'codex plugin add', dir: join(base, versions[versions.length - 1]!), recordedIn: file, remove: `codex plugin remove ${id}`, enabled });
  }
  return out;
}

/** `[hooks.state."stopline@…:…"]` tables that carry both hashes Codex wants for a plugin hook. */
function codexPluginTrust(toml: string, id: string): number {
  const has = (body: string[], key: string) => body.some((line) => new RegExp(`^\\s*${key}\\s*=`).test(line));
  return configTables(toml).filter(({ keys, body }) => trustTableKey(keys)?.startsWith(`${id}:`) && has(body, 'trusted_hash') && has(body, 'trusted_content_hash')).length;
}

/** The hooks the shipped Codex plugin registers (its hooks.json: the registry rows but the observe-only ones). */
const CODEX_PLUGIN_HOOKS = codexHooks.events.length;

const codexNativeDoor: NativeDoor = {
  find: codexNative,
  shipped: wholeFolder('codex'),
  enable: (n) => `set enabled = true under [plugins."${n.id}"] in ${n.recordedIn}`,
  wouldRun(n) {
    const trusted = codexPluginTrust(readText(n.recordedIn) ?? '', n.id);
    return trusted >= CODEX_PLUGIN_HOOKS
      ? check('would-run', 'warn', `${trusted} plugin hooks have trust entries in ${n.recordedIn}; Codex also hashes the whole plugin folder, which doctor cannot recompute, so any update untrusts them silently`, 'open codex and check /hooks, or use stopline install codex (trust it can keep)')
      : check('would-run', 'fail', `${trusted} of ${CODEX_PLUGIN_HOOKS} plugin hooks are trusted: Codex skips untrusted plugin hooks without a word`, 'open codex, run /hooks and trust the stopline hooks; or use stopline install codex instead');
  },
  async probe(n, ctx) {
    const hooksFile = join(n.dir, 'hooks.json');
    const registered = pluginEvents(hooksFile);
    const events = eventsCheck(`stopline install ${n.host} (its hook file registers what your hooks need), then ${n.remove}`, codexRegistry, codexHooks.needs(ctx.env, 'project', ctx.env.cwd, false), (e) => registered.has(e));
    return [events, ...(await hookProbe(pluginHookCommand(hooksFile, 'PLUGIN_ROOT', n.dir), `the plugin has no PreToolUse hook in ${n.dir}`, n, (c) => probeCodex(ctx.world(), c)))];
  },
};

/** Codex CLI's row of the person's tooling. */
export const tooling = hostTools({ planner: codexPlanner, checks: codexChecks, native: codexNativeDoor, callRecord: { format: codexRollout, locate: locateCodexRollout } }, (env, cwd) => codexPaths(env, 'user', cwd).script);
