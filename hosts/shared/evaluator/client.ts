/**
 * The hook side of the resident evaluator: hand the payload to it and take its answer. Runs on
 * the start-up path of every hook event, so it imports nothing but types and the two small
 * modules beside it, and talks through the runtime's own doors (runtime-io.ts).
 *
 * What the hook does with each outcome (hook-entry.ts):
 * - `answered`: that is the answer, written as the evaluator rendered it;
 * - `absent` (no folder, no socket, nobody listening, another build): nothing was sent, so the
 *   hook decides in its own process, exactly as without an evaluator, and starts one when asked to;
 * - `lost` (it took the request and closed without an answer, as a killed evaluator does): the
 *   hook decides in its own process too. A decision it may have made is made again: the session
 *   state keeps a retried launch from taking a second agent unit, as for Hermes's retries;
 * - `no-answer` (it took the request and did not answer in time): the fail mode answers (open:
 *   the tool runs, one stderr line; closed: GUARD_UNAVAILABLE), as for a guard that cannot run.
 */
import type { RuntimeIO } from '../runtime-io';
import { EVALUATOR_DIGEST } from './build-id';
import type { Rendered } from '../adapter';
import { decodeResponse, encodeRequest, EVALUATOR_PROTOCOL } from './protocol';
import { evaluatorDir, socketPath, type EvaluatorSpec } from './where';

type Env = Readonly<Record<string, string | undefined>>;

export type Asked =
  | { kind: 'answered'; rendered: Rendered }
  | { kind: 'absent'; why: string; socket: string | null; start: boolean }
  | { kind: 'lost'; why: string }
  | { kind: 'no-answer'; why: string };

/** How long a hook waits to reach the socket (a listening Unix socket answers at once). */
const CONNECT_MS = 1000;
/** How long it waits for the answer: below the 10 s the hosts give stopline's hooks. */
const ANSWER_MS = 8000;

function bound(env: Env, name: string, fallback: number): number {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/**
 * Whether this hook may use an evaluator: not on Windows (no Unix sockets there for us), not
 * without a user id, not when the person turned it off (`STOPLINE_EVALUATOR=0`).
 */
export function evaluatorWanted(io: RuntimeIO, env: Env): boolean {
  return env.STOPLINE_EVALUATOR !== '0' && io.platform !== 'win32' && io.uid() !== null;
}

/**
 * Ask the evaluator for this hook's answer. Never throws. `digest` is the SHA-256 of this
 * script's decision code: an answer from an evaluator that says it loaded other code is not taken.
 */
export async function askEvaluator(io: RuntimeIO, spec: EvaluatorSpec, env: Env, cwd: string, stdin: string, args: readonly string[] = [], digest: string = EVALUATOR_DIGEST): Promise<Asked> {
  const dir = evaluatorDir(env, io.uid());
  const socket = dir ? socketPath(dir, spec, io.runtime) : null;
  if (!dir || !socket) return { kind: 'absent', why: 'no usable socket path', socket: null, start: false };
  const state = await io.privateDir(dir);
  if (state === 'missing') return { kind: 'absent', why: `${dir} does not exist`, socket, start: true };
  // someone else's folder, a link, or one others may enter: never send it the environment
  if (state === 'not-private') return { kind: 'absent', why: `${dir} is not a private folder of this user`, socket, start: false };
  const request = encodeRequest({ v: EVALUATOR_PROTOCOL, build: spec.build, cwd, env: { ...env }, stdin, ...(args.length ? { args: [...args] } : {}) });
  const x = await io.exchange(socket, request, bound(env, 'STOPLINE_EVALUATOR_CONNECT_MS', CONNECT_MS), bound(env, 'STOPLINE_EVALUATOR_ANSWER_MS', ANSWER_MS));
  if (x.kind === 'unreachable') return { kind: 'absent', why: `no evaluator listens (${x.why})`, socket, start: true };
  if (x.kind === 'timeout') return { kind: 'no-answer', why: `the resident evaluator did not answer within ${bound(env, 'STOPLINE_EVALUATOR_ANSWER_MS', ANSWER_MS)} ms` };
  if (x.kind === 'closed') return { kind: 'lost', why: `the resident evaluator closed without an answer (${x.why})` };
  const r = decodeResponse(x.text);
  if (!r) return { kind: 'lost', why: 'the resident evaluator closed without an answer' };
  if ('mismatch' in r) return { kind: 'absent', why: `another build (${r.mismatch}) listens at ${socket}`, socket, start: false };
  if ('refused' in r) return { kind: 'absent', why: `the resident evaluator refused the request (${r.refused})`, socket, start: false };
  if (r.code !== digest) return { kind: 'absent', why: `the evaluator at ${socket} did not load this script's decision code`, socket, start: false };
  return { kind: 'answered', rendered: r.rendered };
}
