/**
 * The exchange between a command hook and its resident evaluator: one connection per hook
 * event, one JSON line each way, then the evaluator closes.
 *
 *   hook -> {"v":1,"build":B,"cwd":C,"env":{…},"stdin":"<the host's payload, as read>","args":[…]}
 *   evaluator -> {"v":1,"rendered":{"stdout":…,"stderr":…,"exitCode":…},"code":D}   the hook's whole answer
 *              | {"v":1,"mismatch":B2}      another build listens here: nothing was decided
 *              | {"v":1,"refused":"why"}     a request it could not read: nothing was decided
 *
 * The request carries the hook process's environment and folder because the answer depends on
 * them (config, data folder, fail mode, the person's hooks); the evaluator decides with exactly
 * those. `args` (optional) are the hook command's arguments, where a host names the event
 * (Copilot's hook file). The socket sits in a folder only the user can enter (where.ts).
 *
 * `code` is the SHA-256 of the decision code the evaluator loaded after checking it (load.ts);
 * the hook takes an answer only when it equals its own (an evaluator started from another copy
 * of the code never answers for this script).
 */
import type { Rendered } from '../adapter';

export const EVALUATOR_PROTOCOL = 1 as const;

export interface EvaluatorRequest {
  v: typeof EVALUATOR_PROTOCOL;
  build: string;
  cwd: string;
  env: Record<string, string | undefined>;
  stdin: string;
  args?: string[];
}

/** `rendered`: the command hook's bytes, which the hook writes as it would have rendered them itself. */
export type EvaluatorResponse = { v: typeof EVALUATOR_PROTOCOL; rendered: Rendered; code: string } | { v: typeof EVALUATOR_PROTOCOL; mismatch: string } | { v: typeof EVALUATOR_PROTOCOL; refused: string };

/** The largest request line an evaluator reads (the hook refuses stdin above 8 MiB; env and JSON escapes come on top). */
export const MAX_REQUEST_BYTES = 24 * 1024 * 1024;

export function encodeRequest(r: EvaluatorRequest): string {
  return `${JSON.stringify(r)}\n`;
}

/** A response line, or null when the text is not one (a closed or broken evaluator). */
export function decodeResponse(text: string): EvaluatorResponse | null {
  const line = text.split('\n', 1)[0] ?? '';
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || (v as { v?: unknown }).v !== EVALUATOR_PROTOCOL) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.mismatch === 'string') return { v: 1, mismatch: o.mismatch };
  if (typeof o.refused === 'string') return { v: 1, refused: o.refused };
  const r = o.rendered as Record<string, unknown> | undefined;
  if (r && typeof r.stdout === 'string' && typeof r.stderr === 'string' && Number.isInteger(r.exitCode)) {
    return { v: 1, rendered: { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode as number }, code: typeof o.code === 'string' ? o.code : '' };
  }
  return null;
}

/** A request line, or why it is not one. */
export function decodeRequest(line: string): EvaluatorRequest | { refused: string } {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { refused: 'not JSON' };
  }
  const o = v as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || o.v !== EVALUATOR_PROTOCOL) return { refused: `not protocol ${EVALUATOR_PROTOCOL}` };
  if (typeof o.build !== 'string' || typeof o.cwd !== 'string' || typeof o.stdin !== 'string' || !o.env || typeof o.env !== 'object' || Array.isArray(o.env)) {
    return { refused: 'missing build, cwd, env or stdin' };
  }
  const env: Record<string, string> = {};
  for (const [k, val] of Object.entries(o.env as Record<string, unknown>)) if (typeof val === 'string') env[k] = val;
  const args = Array.isArray(o.args) && o.args.every((a) => typeof a === 'string') ? (o.args as string[]) : undefined;
  return { v: 1, build: o.build, cwd: o.cwd, env, stdin: o.stdin, ...(args && args.length ? { args } : {}) };
}
