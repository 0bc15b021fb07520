/**
 * The enforcement probe: feed the installed artifact one synthetic write in the host's real
 * payload format, the way the host itself would call it, and check that it is denied for the
 * review contract.
 *
 * The probe never touches the person's evidence or runs their hooks: it runs with a throwaway
 * STOPLINE_HOME and a throwaway STOPLINE_CONFIG that says "new sessions start in review, guard
 * level" (so no prompt has to arm anything), in a throwaway project folder. STOPLINE_FAIL_OPEN=1
 * makes a guard that crashes let the write through, so only a real review-mode deny
 * (MODE_FORBIDS_MUTATION) counts as proof.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findOnPath } from '../install/runtime';
import { runProgram, versionLine } from './system';
import type { RunResult } from './system';
import { isRecord } from '../../../core/check';

export const PROBE_REASON = 'MODE_FORBIDS_MUTATION';

export interface ProbeWorld {
  dir: string;
  project: string;
  /** the file the synthetic write targets (never written) */
  target: string;
  sessionId: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export type ProbeResult = { denied: true; ms: number; via: string } | { denied: false; ms: number; why: string; skipped?: boolean };

/** Variables of the person's that would change what the probe measures. */
const DROPPED = ['STOPLINE_TASK_ID', 'STOPLINE_FAIL_MODE', 'STOPLINE_HOST_DATA_DIR', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_CODE_SESSION_ATTENDED', 'OPENCODE_PURE'];

export function makeProbeWorld(base: Readonly<Record<string, string | undefined>>, timeoutMs: number): ProbeWorld {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-doctor-'));
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'README.md'), 'stopline doctor probe project\n');
  const config = join(dir, 'stopline.json');
  writeFileSync(config, JSON.stringify({ defaultMode: 'review', defaultLevel: 'guard' }) + '\n');
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !DROPPED.includes(k)) env[k] = v;
  Object.assign(env, { STOPLINE_HOME: join(dir, 'data'), STOPLINE_CONFIG: config, STOPLINE_FAIL_OPEN: '1' });
  return { dir, project, target: join(project, 'stopline-doctor-probe.txt'), sessionId: `stopline-doctor-${process.pid}-${Date.now()}`, env, timeoutMs };
}

export function dropProbeWorld(w: ProbeWorld): void {
  rmSync(w.dir, { recursive: true, force: true });
}

export function deniedText(text: string | undefined): boolean {
  return typeof text === 'string' && text.includes(PROBE_REASON);
}

export function describeRun(r: RunResult): string {
  if (r.spawnError) return `could not start it (${r.spawnError})`;
  if (r.timedOut) return `no answer within ${r.ms} ms`;
  const out = r.stdout.trim() ? `stdout ${JSON.stringify(r.stdout.trim().slice(0, 160))}` : 'nothing on stdout';
  const err = r.stderr.trim() ? `, stderr ${JSON.stringify(r.stderr.trim().split('\n').slice(-1)[0]!.slice(0, 160))}` : '';
  return `exit ${r.code}, ${out}${err}`;
}

export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text.trim().split('\n').filter((l) => l.trim()).pop() ?? '');
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

// ----------------------------------------------------------------- Claude Code and Codex

/** Claude runs a hook command with /bin/sh -c; the answer is a hookSpecificOutput deny on stdout. */
export async function probeClaude(w: ProbeWorld, command: string): Promise<ProbeResult> {
  const payload = {
    session_id: w.sessionId,
    transcript_path: '',
    cwd: w.project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: w.target, content: 'probe\n' },
    tool_use_id: 'toolu_stopline_doctor',
  };
  const r = await runProgram(['/bin/sh', '-c', command], { env: { ...w.env, CLAUDE_PROJECT_DIR: w.project }, cwd: w.project, input: JSON.stringify(payload), timeoutMs: w.timeoutMs });
  const hso = parseJson(r.stdout)?.hookSpecificOutput as Record<string, unknown> | undefined;
  if (r.code === 0 && hso?.permissionDecision === 'deny' && deniedText(hso.permissionDecisionReason as string)) return { denied: true, ms: r.ms, via: 'permissionDecision "deny"' };
  return { denied: false, ms: r.ms, why: `a review-mode Write was not denied: ${describeRun(r)}` };
}

/** Codex runs a hook command with /bin/bash -c; the deny is the exact JSON, the stamp on stderr and exit 2. */
export async function probeCodex(w: ProbeWorld, command: string): Promise<ProbeResult> {
  const payload = {
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
  };
  const shell = findOnPath('bash', '/bin:/usr/bin') ?? '/bin/sh';
  const r = await runProgram([shell, '-c', command], { env: w.env, cwd: w.project, input: JSON.stringify(payload), timeoutMs: w.timeoutMs });
  const hso = parseJson(r.stdout)?.hookSpecificOutput as Record<string, unknown> | undefined;
  if (r.code === 2 && hso?.permissionDecision === 'deny' && deniedText(r.stderr)) return { denied: true, ms: r.ms, via: 'deny JSON + exit 2' };
  return { denied: false, ms: r.ms, why: `a review-mode apply_patch was not denied: ${describeRun(r)}` };
}

// --------------------------------------------------------------------- Gemini CLI and Qwen Code

/**
 * Gemini runs a hook command with bash -c (its variables already put in); the deny it honours is
 * the top-level `{"decision":"deny","reason"}` on stdout (the exit code does not matter then).
 */
export async function probeGemini(w: ProbeWorld, command: string): Promise<ProbeResult> {
  const payload = {
    session_id: w.sessionId,
    transcript_path: '',
    cwd: w.project,
    hook_event_name: 'BeforeTool',
    timestamp: new Date(0).toISOString(),
    tool_name: 'write_file',
    tool_input: { file_path: 'stopline-doctor-probe.txt', content: 'probe\n' },
  };
  const shell = findOnPath('bash', w.env.PATH ?? '/bin:/usr/bin') ?? '/bin/sh';
  const r = await runProgram([shell, '-c', command], { env: { ...w.env, GEMINI_PROJECT_DIR: w.project, GEMINI_CWD: w.project }, cwd: w.project, input: JSON.stringify(payload), timeoutMs: w.timeoutMs });
  const out = parseJson(r.stdout);
  if (out?.decision === 'deny' && deniedText(out.reason as string)) return { denied: true, ms: r.ms, via: 'decision "deny"' };
  return { denied: false, ms: r.ms, why: `a review-mode write_file was not denied: ${describeRun(r)}` };
}

/** Qwen runs a hook command with bash -c; on exit 2 it reads the reason from stderr, else the permissionDecision JSON. */
export async function probeQwen(w: ProbeWorld, command: string): Promise<ProbeResult> {
  const payload = {
    session_id: w.sessionId,
    transcript_path: '',
    cwd: w.project,
    hook_event_name: 'PreToolUse',
    permission_mode: 'yolo',
    prompt_id: `${w.sessionId}########0`,
    tool_name: 'write_file',
    tool_input: { file_path: w.target, content: 'probe\n' },
    tool_use_id: 'toolu_stopline_doctor',
    tool_call_id: 'call_stopline_doctor',
  };
  const shell = findOnPath('bash', w.env.PATH ?? '/bin:/usr/bin') ?? '/bin/sh';
  const r = await runProgram([shell, '-c', command], { env: { ...w.env, QWEN_PROJECT_DIR: w.project }, cwd: w.project, input: JSON.stringify(payload), timeoutMs: w.timeoutMs });
  const hso = parseJson(r.stdout)?.hookSpecificOutput as Record<string, unknown> | undefined;
  if (r.code === 2 && deniedText(r.stderr)) return { denied: true, ms: r.ms, via: 'the stamp on stderr + exit 2' };
  if (r.code === 0 && hso?.permissionDecision === 'deny' && deniedText(hso.permissionDecisionReason as string)) return { denied: true, ms: r.ms, via: 'permissionDecision "deny"' };
  return { denied: false, ms: r.ms, why: `a review-mode write_file was not denied: ${describeRun(r)}` };
}

// ------------------------------------------------------------------------------- Hermes

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
export async function probeHermes(w: ProbeWorld, pluginDir: string, runtime: string[] | undefined): Promise<ProbeResult> {
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

// ------------------------------------------------------------------ in-process files

/** The runtime that can import the artifact: `ts` needs bun, deno, or node >= 22.6 (type stripping). */
export async function probeRuntime(env: NodeJS.ProcessEnv, order: readonly ('bun' | 'deno' | 'node')[], ts: boolean): Promise<{ argv: string[]; label: string } | undefined> {
  for (const name of order) {
    const exe = findOnPath(name, env.PATH);
    if (!exe) continue;
    if (name === 'deno') return { argv: [exe, 'run', '-A', '--no-config', '--no-lock', '--quiet'], label: `deno (${exe})` };
    if (name === 'bun') return { argv: [exe], label: `bun (${exe})` };
    if (!ts) return { argv: [exe], label: `node (${exe})` };
    const v = versionLine(await runProgram([exe, '--version'], { env, timeoutMs: 30_000 })) ?? '';
    const m = /^v?(\d+)\.(\d+)/.exec(v);
    if (m && (Number(m[1]) > 22 || (Number(m[1]) === 22 && Number(m[2]) >= 6))) return { argv: [exe, '--experimental-strip-types', '--no-warnings'], label: `node ${v} (${exe})` };
  }
  return undefined;
}

/**
 * What a host that collects a file's handlers through `on(name, handler)` needs to be probed:
 * the file's copy (its name keeps the extension the runtime reads), the driver code that loads
 * it (registering through `on`, defining `ctx`), the tool event and its review-mode write, and
 * the field of a block that holds the reason.
 */
export interface HandlerHost {
  label: string;
  noun: string;
  copy: string;
  setup: string;
  event: string;
  call: string;
  reasonKey: string;
}

const HANDLER_DRIVER = (p: Record<string, string>, h: HandlerHost) => `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
try {
  const mod = await import(P.url);
  const handlers = {};
  const on = (name, handler) => { (handlers[name] ??= []).push(handler); };
${h.setup}
  let result = null;
  let threw = null;
  for (const h of handlers.${h.event} ?? []) {
    try {
      const r = await h(${h.call}, ctx);
      if (r && r.block) { result = r; break; }
    } catch (e) { threw = String((e && e.message) || e); break; }
  }
  out({ handlers: Object.keys(handlers), result, threw });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;

/** The host calls the tool handlers the file registered; `{block: true, <reasonKey>}` is its deny. */
export async function probeHandlers(w: ProbeWorld, file: string, runtime: string[], h: HandlerHost): Promise<ProbeResult> {
  const copy = join(w.dir, h.copy);
  copyFileSync(file, copy);
  const driver = join(w.dir, 'handler-probe.mjs');
  writeFileSync(driver, HANDLER_DRIVER({ url: pathToFileURL(copy).href, project: w.project, session: w.sessionId, target: w.target }, h));
  const r = await runProgram([...runtime, driver], { env: w.env, cwd: w.project, timeoutMs: w.timeoutMs });
  const doc = parseJson(r.stdout);
  const result = doc?.result as Record<string, unknown> | null | undefined;
  if (result?.block === true && deniedText(result[h.reasonKey] as string)) return { denied: true, ms: r.ms, via: `${h.event} returned {block: true}` };
  if (doc?.threw) return { denied: false, ms: r.ms, why: `the ${h.event} handler threw (${h.label} blocks every tool then): ${String(doc.threw).slice(0, 200)}` };
  if (doc?.error) return { denied: false, ms: r.ms, why: `the ${h.noun} did not load: ${String(doc.error).slice(0, 200)}` };
  return { denied: false, ms: r.ms, why: `a review-mode write was not blocked: ${describeRun(r)}` };
}

const OPENCLAW_DRIVER = (p: Record<string, string>) => `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
try {
  const mod = await import(P.url);
  const handlers = {};
  const api = { id: "stopline", config: { agents: { defaults: { workspace: P.project } } }, on(name, handler) { (handlers[name] ??= []).push(handler); } };
  mod.default.register(api);
  const ctx = { agentId: "main", sessionKey: "agent:main:main", sessionId: P.session, toolName: "write", toolCallId: "call_stopline_doctor" };
  let result = null;
  let threw = null;
  for (const h of handlers.before_tool_call ?? []) {
    try {
      const r = await h({ toolName: "write", toolCallId: "call_stopline_doctor", params: { path: P.target, content: "probe\\n" } }, ctx);
      if (r && r.block) { result = r; break; }
    } catch (e) { threw = String((e && e.message) || e); break; }
  }
  out({ handlers: Object.keys(handlers), result, threw });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;

/** OpenClaw calls `before_tool_call` handlers; `{block: true, blockReason}` is its deny. */
export async function probeOpenClaw(w: ProbeWorld, pluginFile: string, runtime: string[]): Promise<ProbeResult> {
  // a copy with an .mjs name: the folder's package.json says "module", a lone copy has none
  const copy = join(w.dir, 'openclaw-plugin.mjs');
  copyFileSync(pluginFile, copy);
  const driver = join(w.dir, 'openclaw-probe.mjs');
  writeFileSync(driver, OPENCLAW_DRIVER({ url: pathToFileURL(copy).href, project: w.project, session: w.sessionId, target: w.target }));
  const r = await runProgram([...runtime, driver], { env: w.env, cwd: w.project, timeoutMs: w.timeoutMs });
  const doc = parseJson(r.stdout);
  const result = doc?.result as Record<string, unknown> | null | undefined;
  if (result?.block === true && deniedText(result.blockReason as string)) return { denied: true, ms: r.ms, via: 'before_tool_call returned {block: true}' };
  if (doc?.threw) return { denied: false, ms: r.ms, why: `the before_tool_call handler threw (OpenClaw blocks every tool then): ${String(doc.threw).slice(0, 200)}` };
  if (doc?.error) return { denied: false, ms: r.ms, why: `the plugin did not load: ${String(doc.error).slice(0, 200)}` };
  return { denied: false, ms: r.ms, why: `a review-mode write was not blocked: ${describeRun(r)}` };
}
