/**
 * Small synchronous file helpers with stopline's permissions (folders 0700, files 0600).
 * Hooks are short-lived processes, so everything here is sync and allocation-light.
 *
 * stopline's files are opened without following a symbolic link at their name (O_NOFOLLOW where
 * the runtime has it, an lstat before the open where it does not), and their mode is set on the
 * opened descriptor, never by name: a link planted where a state, lock or evidence file should be
 * is damage to record, never a way to make stopline read or change a file elsewhere.
 */
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomHex } from '../digest';
import { NotAFileError } from './store';

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** O_NOFOLLOW where the runtime has it (POSIX); 0 on Windows, where an lstat checks first. */
const NOFOLLOW: number = typeof constants?.O_NOFOLLOW === 'number' ? constants.O_NOFOLLOW : 0;
/** A FIFO planted at a file's name must not hang the hook in open(): the open returns, fstat tells. */
const NONBLOCK: number = typeof constants?.O_NONBLOCK === 'number' ? constants.O_NONBLOCK : 0;
const RDONLY: number = typeof constants?.O_RDONLY === 'number' ? constants.O_RDONLY : 0;

/** @keep NotAFileError what a read of a link or folder throws: the store tests expect it */
export { NotAFileError } from './store';

function isLinkError(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  // Linux and macOS say ELOOP for O_NOFOLLOW on a link; FreeBSD says EMLINK
  return code === 'ELOOP' || code === 'EMLINK';
}

/**
 * Open one of stopline's own files for reading without following a link at its name. null
 * when there is none; NotAFileError when a link or anything but a regular file is there.
 */
function openOwnFile(path: string, flags: number = RDONLY): number | null {
  if (NOFOLLOW === 0) {
    try {
      if (lstatSync(path).isSymbolicLink()) throw new NotAFileError(path, 'a symbolic link');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
  let fd: number;
  try {
    fd = openSync(path, flags | NOFOLLOW | NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (isLinkError(e)) throw new NotAFileError(path, 'a symbolic link');
    throw e;
  }
  let ok = false;
  try {
    if (!fstatSync(fd).isFile()) throw new NotAFileError(path, 'not a regular file');
    ok = true;
    return fd;
  } finally {
    if (!ok) closeSync(fd);
  }
}

/**
 * A whole file of stopline's as UTF-8, read without following a link at its name: null when
 * there is none, NotAFileError when a link or anything but a regular file is there.
 */
export function readOwnFile(path: string): string | null {
  const fd = openOwnFile(path);
  if (fd === null) return null;
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buf = new Uint8Array(Math.max(4096, fstatSync(fd).size - total + 1));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
    }
    const all = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    return new TextDecoder().decode(all);
  } finally {
    closeSync(fd);
  }
}

/**
 * Set a file's mode through its descriptor, opened without following a link: a link (or
 * anything but a regular file) is left as it is, and nothing it points to is touched.
 */
export function chmodOwnFile(path: string, mode: number): void {
  let fd: number | null;
  try {
    fd = openOwnFile(path);
  } catch (e) {
    if (e instanceof NotAFileError) return;
    throw e;
  }
  if (fd === null) return;
  try {
    fchmodSync(fd, mode);
  } finally {
    closeSync(fd);
  }
}

/**
 * Write a whole file atomically: a private temp file next to it, then rename. A reader (or
 * a process killed half way) sees the old content or the new, never a torn file. The temp file
 * is created exclusively (a name planted beforehand is refused, never followed) and the rename
 * replaces a link at the name itself, not the file it points to.
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
