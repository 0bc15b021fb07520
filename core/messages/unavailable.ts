/**
 * The GUARD_UNAVAILABLE stamp on its own, with nothing imported: the hook script's first part
 * gives it when the decision code itself cannot run (hosts/shared/hook-entry.ts), and the core
 * gives it for every other failure under fail closed (core/answer/failmode.ts).
 */

/** GUARD_UNAVAILABLE: the fail-closed answer when stopline cannot decide. */
export function renderUnavailable(reason: string): string {
  return [
    'STOP / CONTROL',
    `stopline could not check this action and is configured to fail closed: ${reason}`,
    'Reason: GUARD_UNAVAILABLE (C)',
    'State: UNKNOWN',
    'Next: Tell the person stopline is unavailable; they can fix it (see `$stopline status`) or set STOPLINE_FAIL_OPEN=1 to let actions through.',
  ].join('\n');
}

/**
 * STATE_DAMAGED: the session state file was damaged (or replaced by a link) and moved aside, so
 * the contract it held is lost; under fail closed every tool call is stopped until the person
 * sets the contract again. `at` and `why` say when and what, never the file's content.
 */
export function renderStateDamaged(at: string, why: string): string {
  return [
    'STOP / CONTROL',
    `stopline's record of this session's contract was damaged (the state file ${why}, found ${at}) and moved aside; the contract it held is lost, and stopline is configured to fail closed.`,
    'Reason: STATE_DAMAGED (C)',
    'State: UNKNOWN',
    'Next: Tell the person the contract must be set again: they re-arm with a `$stopline <mode> ...` directive (e.g. `$stopline change -- <task>`); `stopline doctor` lists the moved-aside file.',
  ].join('\n');
}
