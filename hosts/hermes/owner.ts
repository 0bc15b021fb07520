/**
 * The resident evaluator lives as long as the Hermes process that started it, and no longer.
 *
 * The end of stdin is the usual signal, but it cannot be relied on: any process that holds a copy
 * of the pipe's write end (a Hermes worker forked without exec, a plugin's helper, a runtime
 * wrapper) keeps the input open after Hermes is gone, and the evaluator would wait forever. So the
 * evaluator also watches its owner:
 *
 * - its parent at start: when the parent process changes (the owner died and the child was handed
 *   to init or a subreaper), the owner is gone;
 * - the PID the shim names in STOPLINE_OWNER_PID (Hermes itself), for a runtime started through a
 *   wrapper, where the parent is the wrapper and not Hermes: when that PID no longer exists, the
 *   owner is gone.
 *
 * One timer checks both about once a second, off the request path (a request costs nothing), and
 * it never keeps the process alive by itself.
 */

/** @keep OWNER_PID_ENV the variable that names the Hermes process the listener serves: the tests set it */
export const OWNER_PID_ENV = 'STOPLINE_OWNER_PID';
const OWNER_CHECK_MS = 1000;

/** @keep OwnerProbe the process probe: the tests hand a fake one */
export interface OwnerProbe {
  /** the current parent PID */
  parentPid(): number;
  /** false only when the process certainly does not exist */
  exists(pid: number): boolean;
}

const liveProbe: OwnerProbe = {
  parentPid: () => process.ppid,
  exists(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      // EPERM: it exists, it is just not ours to signal; anything unexpected counts as alive
      return (err as { code?: string }).code !== 'ESRCH';
    }
  },
};

/**
 * The owner PID named in the environment, or null when it is absent or not a usable PID.
 * @keep namedOwner the owner read from that variable: the tests check malformed values
 */
export function namedOwner(env: Record<string, string | undefined>): number | null {
  const raw = env[OWNER_PID_ENV]?.trim() ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const pid = Number(raw);
  return pid > 1 ? pid : null;
}

/**
 * A check that answers true once the owner is gone (the parent at creation time, and the named PID).
 * @keep ownerGoneCheck whether the owner is gone: the tests run it on fake processes
 */
export function ownerGoneCheck(env: Record<string, string | undefined>, probe: OwnerProbe = liveProbe): () => boolean {
  const parentAtStart = probe.parentPid();
  const named = namedOwner(env);
  return () => {
    if (probe.parentPid() !== parentAtStart) return true;
    return named !== null && named !== parentAtStart && !probe.exists(named);
  };
}

/** Calls `onGone` once when the owner is gone; returns a stop function. The timer never holds the process open. */
export function watchOwner(env: Record<string, string | undefined>, onGone: () => void, everyMs = OWNER_CHECK_MS): () => void {
  const gone = ownerGoneCheck(env);
  const timer = setInterval(() => {
    if (!gone()) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}
