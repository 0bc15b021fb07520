/**
 * Fail behaviour is a decision, not an accident. When stopline cannot decide (a malformed
 * event, unreadable data folder, a lock timeout, a bug), the fail mode says what the host
 * gets: `open` (default) lets the action through with one diagnostic line on stderr;
 * `closed` denies with a GUARD_UNAVAILABLE stamp. STOPLINE_FAIL_OPEN=1 forces open and
 * STOPLINE_FAIL_OPEN=0 forces closed, whatever the config says.
 */
import { loadConfig } from './config/config';
import type { FailMode } from './config/config';
import { renderUnavailable } from './messages/render';
import type { Outcome } from './outcome';
import type { Env } from './self-paths';
import { LockTimeoutError } from './state/lock';

/** A ControlEvent that failed validation; the message names the bad field. */
export class InvalidEventError extends Error {
  constructor(detail: string) {
    super(`invalid event: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

export function envFailMode(env: Env): FailMode | undefined {
  const v = env.STOPLINE_FAIL_OPEN?.trim();
  if (v === '1') return 'open';
  if (v === '0') return 'closed';
  return undefined;
}

export function resolveFailMode(env: Env, configured: FailMode | undefined): FailMode {
  return envFailMode(env) ?? configured ?? 'open';
}

/** One line, no payload: the error's kind and a clipped message. */
export function describeError(error: unknown): string {
  if (error instanceof InvalidEventError) return clip(error.message);
  if (error instanceof LockTimeoutError) return clip(`session lock busy: ${error.message}`);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return clip(`${error.name}${code ? ` ${code}` : ''}: ${error.message}`);
  }
  return 'unknown error';
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? one.slice(0, 197) + '...' : one;
}

export interface FailOptions {
  env: Record<string, string | undefined>;
  cwd?: string;
}

/**
 * The fail-mode answer for an internal error. Never throws. `known` is the fail mode when the
 * caller already resolved it; otherwise it is read from the environment and the config.
 */
export function failOutcomeFor(error: unknown, opts: FailOptions, known?: FailMode, extraDiagnostics: string[] = []): Outcome {
  let mode: FailMode = 'open';
  try {
    mode = known ?? envFailMode(opts.env) ?? loadConfig(opts.env, opts.cwd).config.failMode;
  } catch {
    mode = envFailMode(opts.env) ?? 'open';
  }
  const what = describeError(error);
  const diagnostics = [...extraDiagnostics, `stopline: ${what}; failing ${mode}`];
  if (mode === 'open') return { kind: 'none', diagnostics };
  return { kind: 'deny', message: renderUnavailable(what), reasonCode: 'GUARD_UNAVAILABLE', family: 'C', diagnostics };
}
