/**
 * Whether a process id still runs on this machine, for the records that name their writer's pid
 * (the state lock, the dashboard's server record). Kept apart from the lock so a reader of a
 * record does not load the lock's file I/O.
 */

/** A process of this machine is running (a process of another user answers EPERM: it runs). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
