/**
 * Doctor's view of Hermes Agent: the plugin bundle and plugins.enabled entry install.ts wrote.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { artifactCheck, installCommand, probeCheck, type DoctorContext, type Placement } from '../cli/doctor/hosts';
import { deniedText, describeRun, parseJson, type ProbeResult, type ProbeWorld } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { findOnPath } from '../cli/install/runtime';
import { HERMES_PLUGIN_NAME, HERMES_RESTART_HINT, hermesConfigFile, hermesPlanner, hermesPluginDir } from './install';
import { YamlEditError, enablePlugin } from './yaml-plugins';

const HERMES_DRIVER = `
import importlib.util, json, os, sys
plugin_dir = sys.argv[1]
spec = importlib.util.spec_from_file_location("stopline_doctor_probe", os.path.join(plugin_dir, "__init__.py"), submodule_search_locations=[plugin_dir])
mod = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = mod
spec.loader.exec_module(mod)
hooks = {}
class Ctx:
    def register_hook(self, name, callback):
        hooks.setdefault(name, []).append(callback)
    def __getattr__(self, name):
        return lambda *args, **kwargs: None
mod.register(Ctx())
kwargs = json.loads(sys.stdin.read())
results = [cb(**kwargs) for cb in hooks.get("pre_tool_call", [])]
print(json.dumps({"registered": sorted(hooks), "results": results}, default=str))
`;

function hermesKwargs(w: ProbeWorld): Record<string, unknown> {
  return {
    tool_name: 'write_file',
    args: { path: 'stopline-doctor-probe.txt', content: 'probe\n' },
    task_id: w.sessionId,
    session_id: w.sessionId,
    tool_call_id: 'call_stopline_doctor',
    turn_id: `${w.sessionId}:${w.sessionId}:doctor`,
    api_request_id: '',
    middleware_trace: [],
    telemetry_schema_version: 'hermes.observer.v1',
  };
}

/**
 * Through the plugin's own Python shim when python3 is there (what Hermes loads: register(),
 * then a pre_tool_call with Hermes's keyword arguments); otherwise the shim's evaluator alone.
 */
async function probeHermes(w: ProbeWorld, pluginDir: string, runtime: string[] | undefined): Promise<ProbeResult> {
  const python = findOnPath('python3', w.env.PATH);
  const env = { ...w.env, TERMINAL_CWD: w.project };
  if (python) {
    const driver = join(w.dir, 'hermes_probe.py');
    writeFileSync(driver, HERMES_DRIVER);
    const r = await runProgram([python, driver, pluginDir], { env, cwd: w.project, input: JSON.stringify(hermesKwargs(w)), timeoutMs: w.timeoutMs });
    const doc = parseJson(r.stdout);
    const results = Array.isArray(doc?.results) ? (doc!.results as unknown[]) : [];
    const block = results.find((x) => x && typeof x === 'object' && (x as Record<string, unknown>).action === 'block') as Record<string, unknown> | undefined;
    if (block && deniedText(block.message as string)) return { denied: true, ms: r.ms, via: 'the Python shim returned {"action":"block"}' };
    if (doc && Array.isArray(doc.registered) && !(doc.registered as unknown[]).includes('pre_tool_call')) return { denied: false, ms: r.ms, why: 'the plugin registered no pre_tool_call callback' };
    return { denied: false, ms: r.ms, why: `a review-mode write_file was not blocked through the Python shim: ${describeRun(r)}` };
  }
  if (!runtime) return { denied: false, ms: 0, why: 'neither python3 nor a JS runtime (node, bun, deno) is on PATH', skipped: true };
  const request = { op: 'dispatch', id: 1, host: 'hermes', event: 'pre_tool_call', payload: { ...hermesKwargs(w), cwd: w.project } };
  const r = await runProgram([...runtime, join(pluginDir, 'stopline.mjs'), 'listen'], { env, cwd: w.project, input: `${JSON.stringify(request)}\n{"op":"bye"}\n`, timeoutMs: w.timeoutMs });
  const first = r.stdout.split('\n').find((l) => l.trim() !== '');
  const answer = first ? parseJson(first) : null;
  const output = answer?.output as Record<string, unknown> | undefined;
  if (answer?.ok === true && output?.action === 'block' && deniedText(output.message as string)) return { denied: true, ms: r.ms, via: 'the evaluator answered {"action":"block"} (python3 not found: the Python shim itself was not run)' };
  return { denied: false, ms: r.ms, why: `a review-mode write_file was not blocked by the evaluator: ${describeRun(r)}` };
}

/** What the Hermes shim starts: STOPLINE_RUNTIME (a name or a path), else node, bun, deno. */
function hermesRuntime(env: NodeJS.ProcessEnv): { argv?: string[]; detail: string } {
  const chosen = env.STOPLINE_RUNTIME?.trim();
  const argvFor = (exe: string) => (exe.split('/').pop()!.startsWith('deno') ? [exe, 'run', '-A'] : [exe]);
  if (chosen) {
    const exe = isAbsolute(chosen) ? (existsSync(chosen) ? chosen : undefined) : findOnPath(chosen, env.PATH);
    return exe ? { argv: argvFor(exe), detail: `${exe} (STOPLINE_RUNTIME)` } : { detail: `STOPLINE_RUNTIME=${chosen} is not an executable on PATH` };
  }
  for (const name of ['node', 'bun', 'deno']) {
    const exe = findOnPath(name, env.PATH);
    if (exe) return { argv: argvFor(exe), detail: `${name} (${exe}), the first of node, bun, deno on PATH` };
  }
  return { detail: 'none of node, bun, deno is on PATH' };
}

async function hermesChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const env = ctx.env;
  const dir = hermesPluginDir(env);
  const file = hermesConfigFile(env);
  const fix = installCommand('hermes', p);
  const checks = [artifactCheck('hermes', p, join(ctx.distDir, 'hermes', 'stopline'), dir)];
  const text = readText(file);
  let enabled = false;
  let disabled = false;
  let problem: string | undefined;
  try {
    const r = enablePlugin(text ?? '', HERMES_PLUGIN_NAME, file);
    enabled = r.alreadyEnabled;
    disabled = r.disabledToo;
  } catch (e) {
    problem = e instanceof YamlEditError ? e.message : String(e);
  }
  if (problem) checks.push(check('registered', 'fail', `cannot read plugins.enabled in ${file}: ${problem}`, `add "${HERMES_PLUGIN_NAME}" to plugins.enabled in ${file}`));
  else if (!enabled) checks.push(check('registered', 'fail', `${text === null ? `${file} does not exist, so` : `plugins.enabled in ${file} does not list ${HERMES_PLUGIN_NAME}:`} Hermes never loads the plugin`, fix));
  else checks.push(check('registered', 'pass', `plugins.enabled in ${file} lists ${HERMES_PLUGIN_NAME}`));
  const wouldRun: string[] = [];
  if (disabled) wouldRun.push(`plugins.disabled in ${file} also lists ${HERMES_PLUGIN_NAME}, and it wins`);
  if (env.env.HERMES_SAFE_MODE === '1') wouldRun.push('HERMES_SAFE_MODE=1 turns every plugin off');
  checks.push(
    wouldRun.length
      ? check('would-run', 'fail', wouldRun.join('; '), `remove ${HERMES_PLUGIN_NAME} from plugins.disabled in ${file} (and unset HERMES_SAFE_MODE)`)
      : check('would-run', enabled ? 'pass' : 'fail', enabled ? `enabled and not disabled; a running gateway picks it up after a restart (${HERMES_RESTART_HINT.replace(/^restart the gateway: /, '')})` : 'not enabled', enabled ? undefined : fix),
  );
  const rt = hermesRuntime(env.env);
  checks.push(check('runtime', rt.argv ? 'pass' : 'fail', `the plugin's evaluator runs under ${rt.detail}`, rt.argv ? undefined : 'install node, bun or deno, or set STOPLINE_RUNTIME'));
  if (checks[0]!.status !== 'fail') checks.push(probeCheck(await probeHermes(ctx.world(), dir, rt.argv), 'hermes', p));
  return checks;
}

/** Hermes Agent's row of the person's tooling. */
export const tooling = hostTools({ planner: hermesPlanner, checks: hermesChecks }, (env) => hermesPluginDir(env));
