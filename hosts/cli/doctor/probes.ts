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

/**
 * The probe of a host that runs a hook command with bash -c, the payload on stdin and its own
 * variables set: it feeds the command a review-mode write_file, and `denied` reads the answer the
 * host's way and says how it denied, or nothing.
 */
export function bashHookProbe(payload: (w: ProbeWorld) => object, vars: (w: ProbeWorld) => Record<string, string>, denied: (r: RunResult, out: Record<string, unknown> | null) => string | undefined) {
  return async (w: ProbeWorld, command: string): Promise<ProbeResult> => {
    const shell = findOnPath('bash', w.env.PATH ?? '/bin:/usr/bin') ?? '/bin/sh';
    const r = await runProgram([shell, '-c', command], { env: { ...w.env, ...vars(w) }, cwd: w.project, input: JSON.stringify(payload(w)), timeoutMs: w.timeoutMs });
    const via = denied(r, parseJson(r.stdout));
    return via ? { denied: true, ms: r.ms, via } : { denied: false, ms: r.ms, why: `a review-mode write_file was not denied: ${describeRun(r)}` };
  };
}

// ----------------------------------------------------------------------------- Claude Code

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

// ----------------------------------------------------------------------- OpenCode and Pi

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

const OPENCODE_DRIVER = (p: Record<string, string>) => `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
const respond = (data) => Promise.resolve({ data, error: undefined });
// an SDK client that answers every call with no data; a root session, no agents
function client(path) {
  return new Proxy(function () {}, {
    get(_t, key) {
      if (key === "then") return undefined;
      return client([...path, String(key)]);
    },
    apply(_t, _this, args) {
      const name = path.join(".");
      if (name === "session.get") return respond({ id: args?.[0]?.path?.id ?? P.session, parentID: undefined });
      if (name === "app.agents") return respond([]);
      return respond(undefined);
    },
  });
}
// an OpenCode 2.x context: each domain's hook() keeps the callback; a root session; no events
function v2context(hooks) {
  const domain = (name) => ({ hook: async (hook, fn) => { hooks[name + "." + hook] = fn; return { dispose() {} }; } });
  const none = { [Symbol.asyncIterator]() { return { next: async () => ({ done: true, value: undefined }), return: async () => ({ done: true, value: undefined }) }; } };
  return { tool: domain("tool"), session: { ...domain("session"), get: async ({ sessionID }) => ({ id: sessionID }) }, permission: domain("permission"), event: { subscribe: () => none }, location: { directory: P.project } };
}
try {
  const mod = await import(P.url);
  const exports = Object.keys(mod);
  // 1.x loads every export: a function is a plugin factory, an object its server function
  const factoryOf = (v) => (typeof v === "function" ? v : v && typeof v === "object" && typeof v.server === "function" ? v.server : undefined);
  const nonFunctions = exports.filter((k) => !factoryOf(mod[k]));
  const def = mod.default;
  const shape = def && typeof def === "object" ? Object.fromEntries(Object.entries(def).map(([k, v]) => [k, typeof v])) : null;
  const factory = exports.map((k) => factoryOf(mod[k])).find(Boolean);
  let denied = false;
  let message;
  if (factory) {
    const hooks = await factory({ client: client([]), project: { id: "global", worktree: P.project }, worktree: P.project, directory: P.project, serverUrl: new URL("http://localhost:4096/"), experimental_workspace: { register() {} } });
    try {
      await hooks["tool.execute.before"]({ tool: "write", sessionID: P.session, callID: "call_stopline_doctor" }, { args: { filePath: P.target, content: "probe\\n" } });
    } catch (e) {
      denied = true;
      message = String((e && e.message) || e);
    }
  }
  // 2.x loads only the default export and calls setup(ctx)
  let v2 = null;
  if (def && typeof def.setup === "function") {
    const hooks = {};
    const cleanup = await def.setup(v2context(hooks));
    const before = hooks["tool.execute.before"];
    if (typeof before !== "function") v2 = { denied: false, error: "setup registered no execute.before" };
    else {
      try {
        await before({ tool: "write", sessionID: P.session + "-v2", agent: "build", messageID: "msg_stopline_doctor", id: "call_stopline_doctor_v2", input: { path: P.target, content: "probe\\n" } });
        v2 = { denied: false };
      } catch (e) {
        v2 = { denied: true, message: String((e && e.message) || e) };
      }
    }
    if (typeof cleanup === "function") await cleanup();
  }
  out({ exports, nonFunctions, shape, denied, message, v2 });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;

export interface OpenCodeProbe {
  exports?: string[];
  nonFunctions?: string[];
  /** the default export's keys with their typeof, when it is an object */
  shape?: Record<string, string> | null;
  /** the 2.x entry (setup) fed the same write; absent when the file has none */
  v2?: ProbeResult;
}

/** OpenCode 1.x calls `tool.execute.before`, 2.x the callback setup registered; a thrown Error is the deny on both. */
export async function probeOpenCode(w: ProbeWorld, pluginFile: string, runtime: string[]): Promise<ProbeResult & OpenCodeProbe> {
  // a copy with an .mjs name: a .js file under a package.json without "type" is CommonJS to node
  const copy = join(w.dir, 'opencode-plugin.mjs');
  copyFileSync(pluginFile, copy);
  const driver = join(w.dir, 'opencode-probe.mjs');
  writeFileSync(driver, OPENCODE_DRIVER({ url: pathToFileURL(copy).href, project: w.project, session: `ses_${w.sessionId}`, target: w.target }));
  const r = await runProgram([...runtime, driver], { env: w.env, cwd: w.project, timeoutMs: w.timeoutMs });
  const doc = parseJson(r.stdout);
  const extra: OpenCodeProbe = Array.isArray(doc?.exports) && Array.isArray(doc?.nonFunctions) ? { exports: doc!.exports as string[], nonFunctions: doc!.nonFunctions as string[], shape: (doc!.shape as Record<string, string> | null) ?? null } : {};
  const v2 = doc?.v2 as { denied?: boolean; message?: string; error?: string } | null | undefined;
  if (v2) extra.v2 = v2.denied === true && deniedText(v2.message) ? { denied: true, ms: r.ms, via: 'the execute.before callback rejected with the stamp' } : { denied: false, ms: r.ms, why: v2.error ?? `a review-mode write was not denied by the 2.x entry${v2.message ? `: ${v2.message.slice(0, 160)}` : ''}` };
  if (doc?.denied === true && deniedText(doc.message as string)) return { denied: true, ms: r.ms, via: 'tool.execute.before threw the stamp', ...extra };
  if (doc?.error) return { denied: false, ms: r.ms, why: `the plugin did not load: ${String(doc.error).slice(0, 200)}`, ...extra };
  return { denied: false, ms: r.ms, why: `a review-mode write was not denied: ${describeRun(r)}`, ...extra };
}

const PI_DRIVER = (p: Record<string, string>) => `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
try {
  const mod = await import(P.url);
  const handlers = {};
  const api = new Proxy({ on(name, handler) { (handlers[name] ??= []).push(handler); } }, { get: (t, k) => (k in t ? t[k] : () => undefined) });
  mod.default(api);
  const ctx = {
    cwd: P.project, hasUI: false, mode: "print", isIdle: () => true, isProjectTrusted: () => true,
    sessionManager: { getSessionId: () => P.session, getSessionFile: () => undefined, getCwd: () => P.project },
    ui: { notify() {}, confirm: async () => false, setStatus() {}, setWidget() {} },
  };
  for (const h of handlers.session_start ?? []) await h({ type: "session_start", reason: "startup" }, ctx);
  let result = null;
  let threw = null;
  for (const h of handlers.tool_call ?? []) {
    try {
      const r = await h({ type: "tool_call", toolName: "write", toolCallId: "call_stopline_doctor", input: { path: P.target, content: "probe\\n" } }, ctx);
      if (r && r.block) { result = r; break; }
    } catch (e) { threw = String((e && e.message) || e); break; }
  }
  out({ handlers: Object.keys(handlers), result, threw });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;

/** Pi calls `tool_call` handlers; `{block: true, reason}` is its deny. */
export async function probePi(w: ProbeWorld, extensionFile: string, runtime: string[]): Promise<ProbeResult> {
  const copy = join(w.dir, 'pi-extension.ts');
  copyFileSync(extensionFile, copy);
  const driver = join(w.dir, 'pi-probe.mjs');
  writeFileSync(driver, PI_DRIVER({ url: pathToFileURL(copy).href, project: w.project, session: w.sessionId, target: w.target }));
  const r = await runProgram([...runtime, driver], { env: w.env, cwd: w.project, timeoutMs: w.timeoutMs });
  const doc = parseJson(r.stdout);
  const result = doc?.result as Record<string, unknown> | null | undefined;
  if (result?.block === true && deniedText(result.reason as string)) return { denied: true, ms: r.ms, via: 'tool_call returned {block: true}' };
  if (doc?.threw) return { denied: false, ms: r.ms, why: `the tool_call handler threw (Pi blocks every tool then): ${String(doc.threw).slice(0, 200)}` };
  if (doc?.error) return { denied: false, ms: r.ms, why: `the extension did not load: ${String(doc.error).slice(0, 200)}` };
  return { denied: false, ms: r.ms, why: `a review-mode write was not blocked: ${describeRun(r)}` };
}

/**
 * The text of a driver script that loads a plugin file the way its host does (`setup` registers it
 * with the `handlers` it fills and sets `ctx`), calls each `event` handler with `call` until one
 * blocks, and prints what happened as one JSON line (`{handlers, result, threw}` or `{error}`).
 */
export function pluginDriver(p: Record<string, string>, setup: string, event: string, call: string): string {
  return `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
try {
  const mod = await import(P.url);
  const handlers = {};
  ${setup}
  let result = null;
  let threw = null;
  for (const h of handlers.${event} ?? []) {
    try {
      const r = await h(${call}, ctx);
      if (r && r.block) { result = r; break; }
    } catch (e) { threw = String((e && e.message) || e); break; }
  }
  out({ handlers: Object.keys(handlers), result, threw });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;
}
