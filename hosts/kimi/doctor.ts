/**
 * Doctor's view of Kimi Code: the config.toml `[[hooks]]` tables install.ts appended.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { hookFileChecks, type Registration } from '../cli/doctor/hook-file';
import type { DoctorContext, HostBinary, Placement } from '../cli/doctor/hosts';
import { deniedText, hookSpecificDeny, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { runsScript } from '../cli/install/plan-context';
import { KIMI_EVENTS, KIMI_HOOK_TIMEOUT_SECONDS, kimiHookTablesIn, kimiPaths, kimiPlanner, type KimiHookTable } from './install';

/**
 * Kimi's own config loader, run by the interpreter the `kimi` program starts: the hooks Kimi
 * would load from the file, or the first line of why it refuses the file (a refused config means
 * Kimi does not start at all). Kimi has no command that lists its hooks.
 */
const KIMI_LOADER = [
  'import json, sys',
  'from pathlib import Path',
  'try:',
  '    from kimi_cli.config import load_config',
  '    c = load_config(Path(sys.argv[1]))',
  '    print(json.dumps({"hooks": [{"event": h.event, "command": h.command} for h in c.hooks]}))',
  'except Exception as e:',
  '    print(json.dumps({"error": (str(e).splitlines() or [type(e).__name__])[0]}))',
].join('\n');

/** The interpreter of a Python entry script (`#!/…/python3`), or undefined for anything else. */
function scriptInterpreter(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(512);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const m = /^#!\s*(\S*python[0-9.]*)\s*$/m.exec(buf.subarray(0, n).toString('utf8').split('\n', 1)[0] ?? '');
    return m?.[1];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

type KimiLoad = { hooks: { event: string; command: string }[] } | { error: string } | { unknown: string };

async function kimiLoads(bin: HostBinary, file: string, env: NodeJS.ProcessEnv): Promise<KimiLoad> {
  if (!bin.path) return { unknown: 'kimi is not on PATH' };
  const python = scriptInterpreter(bin.path);
  if (!python) return { unknown: `${bin.path} is not a Python entry script stopline can ask` };
  const r = await runProgram([python, '-c', KIMI_LOADER, file], { env, timeoutMs: 30_000 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    const out = JSON.parse(last) as KimiLoad;
    if ('hooks' in out && Array.isArray(out.hooks)) return out;
    if ('error' in out && typeof out.error === 'string') return out;
  } catch {
    /* below */
  }
  return { unknown: `Kimi's config loader gave no answer (exit ${r.code ?? 'none'}${r.timedOut ? ', timed out' : ''})` };
}

function kimiChecks(ctx: DoctorContext, p: Placement, _all: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const paths = kimiPaths(ctx.env);
  return hookFileChecks(ctx, p, 'kimi', paths, { registration: (fix) => kimiRegistration(paths, bin, ctx.env.env, fix), probe: probeKimi, timeoutSec: KIMI_HOOK_TIMEOUT_SECONDS });
}

async function kimiRegistration(paths: ReturnType<typeof kimiPaths>, bin: HostBinary, env: NodeJS.ProcessEnv, fix: string): Promise<Registration> {
  const ours = runsScript(paths.script);
  const text = readText(paths.configFile) ?? '';
  let tables: KimiHookTable[];
  try {
    tables = kimiHookTablesIn(text, paths.configFile);
  } catch (e) {
    return { ok: false, checks: [check('registered', 'fail', e instanceof Error ? e.message : String(e), fix)] };
  }
  const mine = tables.filter((t) => t.command !== undefined && ours(t.command));
  const missing = KIMI_EVENTS.filter((e) => !mine.some((t) => t.event === e));
  if (missing.length) return { ok: false, checks: [check('registered', 'fail', `${paths.configFile} has no [[hooks]] table running ${paths.script} for ${missing.join(', ')}`, fix)] };
  const checks = [check('registered', 'pass', `${KIMI_EVENTS.length} events registered in ${paths.configFile}`)];
  // discovery is not activation: Kimi's own loader says what it would run
  const load = await kimiLoads(bin, paths.configFile, env);
  if ('error' in load) checks.push(check('would-run', 'fail', `Kimi refuses ${paths.configFile}, so it does not start: ${load.error}`, `fix the file, then ${fix}`));
  else if ('unknown' in load) checks.push(check('would-run', 'warn', `could not ask Kimi whether it loads the hooks (${load.unknown})`));
  else {
    const loaded = KIMI_EVENTS.filter((e) => load.hooks.some((h) => h.event === e && ours(h.command)));
    checks.push(
      loaded.length === KIMI_EVENTS.length
        ? check('would-run', 'pass', `Kimi's own config loader reads stopline's ${loaded.length} hooks from ${paths.configFile} (runs started with --config-file or --config read another file)`)
        : check('would-run', 'fail', `Kimi's own config loader does not read stopline's hooks for ${KIMI_EVENTS.filter((e) => !loaded.includes(e)).join(', ')}`, fix),
    );
  }
  return { ok: true, checks, command: mine.find((t) => t.event === 'PreToolUse')!.command! };
}

/** Kimi runs a hook with `sh -c` in the work dir; the deny it reads is hookSpecificOutput.permissionDecision (or exit 2). */
const probeKimi = shellHookProbe({
  tool: 'WriteFile',
  payload: (w) => ({ hook_event_name: 'PreToolUse', session_id: w.sessionId, cwd: w.project, tool_name: 'WriteFile', tool_input: { path: w.target, content: 'probe\n' }, tool_call_id: 'doctor-probe' }),
  denied: (r, out) => (r.code === 0 && deniedText(hookSpecificDeny(out)) ? 'hookSpecificOutput permissionDecision "deny"' : undefined),
});

/** Kimi Code's row of the person's tooling. */
export const tooling = hostTools({ planner: kimiPlanner, checks: kimiChecks }, (env) => kimiPaths(env).script);
