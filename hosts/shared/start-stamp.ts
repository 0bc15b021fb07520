/**
 * One start per window for a detached helper process (the dashboard, a resident evaluator): an
 * exclusive stamp file. Of two hooks racing on an empty folder one create succeeds; a stamp
 * older than the window is replaced (a start that died before it could remove it).
 */
import { closeSync, openSync, statSync, unlinkSync } from 'node:fs';

/**
 * Take the stamp: true when this process may start the helper, false while another start is
 * within its window. Throws what the file system says besides EEXIST (the caller's own
 * catch answers it: no start).
 */
export function claimStartStamp(stamp: string, windowMs: number, now: number): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(stamp, 'wx', 0o600));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    try {
      // dated in the future (a clock jump back) counts as old too: it would never age otherwise
      if (Math.abs(now - statSync(stamp).mtimeMs) < windowMs) return false;
      unlinkSync(stamp);
    } catch {
      // removed by the racing hook meanwhile: try the create again
    }
  }
  return false;
}
