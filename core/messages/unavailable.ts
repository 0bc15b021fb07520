/**
 * The GUARD_UNAVAILABLE stamp on its own, with nothing imported: the hook script's first part
 * gives it when the decision code itself cannot run (hosts/shared/hook-entry.ts), and the core
 * gives it for every other failure under fail closed (core/failmode.ts).
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
