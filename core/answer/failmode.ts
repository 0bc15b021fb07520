/**
 * Fail behaviour is a decision, not an accident. When stopline cannot decide (a malformed
 * event, unreadable data folder, a lock timeout, a bug), the fail mode says what the host
 * gets: `open` (default) lets the action through with one diagnostic line on stderr;
 * `closed` denies with a GUARD_UNAVAILABLE stamp. Precedence, first that is set wins:
 * STOPLINE_FAIL_OPEN=1|0 (open|closed), then STOPLINE_FAIL_MODE=open|closed (the name the Hermes
 * shim documents), then `failMode` in the config, then open.
 */
import { loadConfig } from '../config/config';
import { envFailMode } from './fail-env';
import type { FailMode } from '../config/config';
import { renderUnavailable } from '../messages/render';
import type { Outcome } from './outcome';
import type { Env } from '../paths/self-paths';
import { LockTimeoutError } from '../state/store';

/** A ControlEvent that failed validation; the message names the bad field. */
export class InvalidEventError extends Error {
  constructor(detail: string) {
    super(`invalid event: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/** One diagnostic line per fail-mode variable that is set but not understood (it is then ignored). */
export function envFailModeNotes(env: Env): string[] {
  const notes: string[] = [];
  const forced = env.STOPLINE_FAIL_OPEN?.trim();
  if (forced && forced !== '1' && forced !== '0') notes.push(`STOPLINE_FAIL_OPEN=${clip(forced).slice(0, 40)} not understood (use 1 or 0); ignored`);
  const mode = env.STOPLINE_FAIL_MODE?.trim();
  if (mode && !['open', 'closed'].includes(mode.toLowerCase())) notes.push(`STOPLINE_FAIL_MODE=${clip(mode).slice(0, 40)} not understood (use open or closed); ignored`);
  return notes;
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

interface FailOptions {
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
  const diagnostics = [...extraDiagnostics, `${what}; failing ${mode}`];
  if (mode === 'open') return { kind: 'none', diagnostics };
  return { kind: 'deny', message: renderUnavailable(what), reasonCode: 'GUARD_UNAVAILABLE', family: 'C', diagnostics };
}
