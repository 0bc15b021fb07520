/**
 * The Store of a door in a Node process (./store.ts): stopline's files on the local disk,
 * through the link-refusing helpers of ./fsio.ts and the cross-process lock of ./lock.ts.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { chmodOwnFile, ensureDir, readOwnFile, writeFileAtomic } from './fsio';
import { withLock } from './lock';
import type { Store } from './store';

/**
 * Append mode that refuses a symlink planted in place of a log file (ELOOP), so a link in the
 * data folder can never make stopline append to a file elsewhere. 'a+' where O_NOFOLLOW is absent.
 * Read-write (not write-only) so the append can look at the last byte first (endsMidLine).
 */
const APPEND_NOFOLLOW: number | string =
  typeof constants?.O_NOFOLLOW === 'number' ? constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW : 'a+';

function appendLine(file: string, line: string, rotate?: { to: string; bytes: number }): void {
  let fd: number;
  try {
    fd = openSync(file, APPEND_NOFOLLOW, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensureDir(dirname(file));
    fd = openSync(file, APPEND_NOFOLLOW, 0o600);
  }
  try {
    let size = fstatSync(fd).size;
    if (rotate && size > rotate.bytes) {
      closeSync(fd);
      renameSync(file, rotate.to);
      fd = openSync(file, APPEND_NOFOLLOW, 0o600);
      size = fstatSync(fd).size;
    }
    writeSync(fd, endsMidLine(fd, size) ? '\n' + line : line);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the file's last byte is not a newline: a writer killed mid-append (or a disk that lost
 * a tail to NUL bytes) left a partial line. The next record then starts with a newline of its own
 * so the partial line stays one skipped line and never swallows a good record. One byte is read,
 * so the hot path stays independent of the log's size. Two writers racing here at worst leave an
 * empty line, which readers ignore.
 */
function endsMidLine(fd: number, size: number): boolean {
  if (size === 0) return false;
  const last = new Uint8Array(1);
  try {
    return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } catch {
    // a log stopline may append to but not read (mode changed by hand): append as before
    return false;
  }
}

export const nodeStore: Store = {
  read: readOwnFile,
  write: writeFileAtomic,
  append: appendLine,
  ensureDir,
  list: (dir) => readdirSync(dir),
  entry(path) {
    try {
      const st = lstatSync(path);
      return { kind: st.isSymbolicLink() ? 'link' : st.isFile() ? 'file' : 'other', mtimeMs: st.mtimeMs };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  },
  remove: (path) => unlinkSync(path),
  rename: (from, to) => renameSync(from, to),
  chmod: chmodOwnFile,
  lock: withLock,
};
