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
import { HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';

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

/** Variables of the person's that would change what the probe measures: stopline's own, then each host's (HostSpec.probeDrops). */
const DROPPED: readonly string[] = ['STOPLINE_TASK_ID', 'STOPLINE_FAIL_MODE', 'STOPLINE_HOST_DATA_DIR', ...(HOST_SPECS as readonly HostSpec[]).flatMap((s) => s.probeDrops ?? [])];

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
 * The probe of a host that runs a hook command through `shell` (default /bin/sh) with `payload`,
 * a review-mode write with `tool`, on stdin and `vars` set; `denied` reads the answer the host's
 * way and says how it denied, or nothing.
 */
export function shellHookProbe(h: {
  tool: string;
  shell?: (w: ProbeWorld) => string;
  payload: (w: ProbeWorld) => object;
  vars?: (w: ProbeWorld) => Record<string, string>;
  denied: (r: RunResult, out: Record<string, unknown> | null) => string | undefined;
}) {
  return async (w: ProbeWorld, command: string): Promise<ProbeResult> => {
    const r = await runProgram([h.shell?.(w) ?? '/bin/sh', '-c', command], { env: { ...w.env, ...h.vars?.(w) }, cwd: w.project, input: JSON.stringify(h.payload(w)), timeoutMs: w.timeoutMs });
    const via = h.denied(r, parseJson(r.stdout));
    return via ? { denied: true, ms: r.ms, via } : { denied: false, ms: r.ms, why: `a review-mode ${h.tool} was not denied: ${describeRun(r)}` };
  };
}

/** bash as a host finds it: on the PATH it runs with, or in the system's folders. */
export const pathBash = (w: ProbeWorld) => findOnPath('bash', w.env.PATH ?? '/bin:/usr/bin') ?? '/bin/sh';
export const systemBash = () => findOnPath('bash', '/bin:/usr/bin') ?? '/bin/sh';

/** Claude's hook payload of a review-mode write_file at `event`; `own` adds or replaces the host's fields. */
export const claudeWritePayload = (event: string, own: (w: ProbeWorld) => object) => (w: ProbeWorld) => ({
  session_id: w.sessionId,
  transcript_path: '',
  cwd: w.project,
  hook_event_name: event,
  tool_name: 'write_file',
  tool_input: { file_path: w.target, content: 'probe\n' },
  ...own(w),
});

/** The reason of Claude's deny form (`hookSpecificOutput.permissionDecision` "deny") in an answer, when it is one. */
export function hookSpecificDeny(out: Record<string, unknown> | null): string | undefined {
  const hso = out?.hookSpecificOutput as Record<string, unknown> | undefined;
  return hso?.permissionDecision === 'deny' ? (hso.permissionDecisionReason as string) : undefined;
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
