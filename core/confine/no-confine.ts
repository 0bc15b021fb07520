/**
 * core/confine/confine.ts for a door inside another program's process (the Claude Code mod's
 * build points it here): it cannot start a process, so no sandbox, and every command the
 * analysis cannot prove is answered as before. Neither the plan nor the wrapper is carried.
 */
import type { ConfineResult } from './confine';

export function confineCommand(): ConfineResult {
  return { ok: false, why: 'this door runs inside its host and cannot start a sandbox' };
}
