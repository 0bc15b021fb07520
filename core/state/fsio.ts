/**
 * Small synchronous file helpers with stopline's permissions (folders 0700, files 0600).
 * Hooks are short-lived processes, so everything here is sync and allocation-light.
 */
import { closeSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomHex } from '../digest';

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Write a whole file atomically: a private temp file next to it, then rename. A reader (or
 * a process killed half way) sees the old content or the new, never a torn file.
 */
export function writeFileAtomic(path: string, data: string): void {
  const tmp = `${path}.${process.pid}.${randomHex(4)}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(tmp, path);
      return;
    } catch (e) {
      // Windows refuses to replace a file another process has open for a moment
      const code = (e as NodeJS.ErrnoException).code;
      if ((code === 'EPERM' || code === 'EACCES' || code === 'EBUSY') && attempt < 10) {
        sleepSync(5 + attempt * 5);
        continue;
      }
      try {
        unlinkSync(tmp);
      } catch {
        /* the temp file is ours; if it cannot go, session.end cleanup retries */
      }
      throw e;
    }
  }
}
