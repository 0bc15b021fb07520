/**
 * A recording and denying command hook for a host being verified: not stopline, a few lines of
 * Node that show what the real host hands a hook and what it does with a deny. Every call appends
 * one JSON line to the log:
 * `{argv, cwd, stdin}` (stdin parsed; `{unparsed}` when it is not JSON).
 *
 *   node probe.mjs <log> [marker] [format]
 *
 * With a marker, a call whose stdin text contains it is denied in `format`:
 *   claude   stdout {"hookSpecificOutput":{"hookEventName":<event>,"permissionDecision":"deny","permissionDecisionReason":R}}, exit 0
 *   exit2    R on stderr, exit 2
 *   decision stdout {"decision":"block","reason":R}, exit 0
 *   deny     stdout {"decision":"deny","reason":R}, exit 0 (for a host that reads a deny at exit 0 only)
 *   cancel   stdout {"cancel":true,"errorMessage":R}, exit 0 (for a host that cancels a call by a field)
 * R is `PROBE-DENY: <tool name> stopped by the probe hook`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startChatServer } from './fake-openai-chat';
import type { FakeModelServer } from './fake-server';
import type { ScriptedTurn } from './script';

export type ProbeDenyFormat = 'claude' | 'exit2' | 'decision' | 'deny' | 'cancel';

export const PROBE_DENY = 'PROBE-DENY';

const PROBE_SOURCE = `
import { appendFileSync, readFileSync } from 'node:fs';
const [log, marker, format = 'claude'] = process.argv.slice(2);
let raw = '';
try { raw = readFileSync(0, 'utf8'); } catch {}
let input;
try { input = JSON.parse(raw); } catch { input = { unparsed: raw }; }
appendFileSync(log, JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), stdin: input }) + '\\n');
if (!marker || !raw.includes(marker)) process.exit(0);
const tool = input.tool_name ?? input.toolName ?? input.tool_call?.name ?? input.tool ?? 'tool';
const event = input.hook_event_name ?? input.hookEventName ?? input.event ?? 'PreToolUse';
const reason = '${PROBE_DENY}: ' + tool + ' stopped by the probe hook';
if (format === 'exit2') { process.stderr.write(reason + '\\n'); process.exit(2); }
if (format === 'decision') process.stdout.write(JSON.stringify({ decision: 'block', reason }));
else if (format === 'deny') process.stdout.write(JSON.stringify({ decision: 'deny', reason }));
else if (format === 'cancel') process.stdout.write(JSON.stringify({ cancel: true, errorMessage: reason }));
else process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: reason } }));
process.exit(0);
`;

/** Writes the probe script into `dir` and returns its path. */
export function writeProbeHook(dir: string): string {
  const file = join(dir, 'probe.mjs');
  writeFileSync(file, PROBE_SOURCE);
  return file;
}

/** The shell command that runs the probe (the host's own sh -c runs it: every part quoted). */
export function probeCommand(script: string, log: string, marker?: string, format: ProbeDenyFormat = 'claude'): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [process.execPath, script, log, ...(marker ? [marker, format] : [])].map(q).join(' ');
}

export interface ProbeCall {
  argv: string[];
  cwd: string;
  stdin: Record<string, unknown>;
}

/** The calls the probe logged, in order ([] when it never ran). */
export function probeCalls(log: string): ProbeCall[] {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ProbeCall);
}

/** What a host gets for one probe smoke run (probeSmoke). */
export interface ProbeSmokeRun {
  /** the project: keep.txt ("kept\n") in it */
  project: string;
  /** a fake chat server whose thread plays the turns to a prompt that names the match */
  server: FakeModelServer;
  /** the run's own folder */
  runDir: string;
  /** the probe's command, denying a call that holds `marker` in `format` */
  probe(marker?: string, format?: ProbeDenyFormat): string;
}

/**
 * One run of a real host with the probe hook under `dir`: the host must exit 0; the server (closed,
 * its record kept), what the probe saw, in order, and the host's result come back for the test's checks.
 */
export async function probeSmoke<R extends { code: number | null; stderr: string }>(
  dir: string,
  script: { match: string; turns: ScriptedTurn[] },
  run: (r: ProbeSmokeRun) => Promise<R>,
): Promise<{ project: string; server: FakeModelServer; calls: Record<string, unknown>[]; result: R }> {
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'keep.txt'), 'kept\n');
  const hook = writeProbeHook(dir);
  const log = join(dir, 'hooks.jsonl');
  const server = await startChatServer({ threads: [{ name: 'main', ...script }] });
  try {
    const result = await run({ project, server, runDir: join(dir, 'run'), probe: (marker, format) => probeCommand(hook, log, marker, format) });
    expect(result.code, `the host exited ${result.code}\n${result.stderr.slice(-2000)}`).toBe(0);
    return { project, server, calls: probeCalls(log).map((c) => c.stdin), result };
  } finally {
    await server.close();
  }
}
