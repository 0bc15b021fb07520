/** The reader of a door in a Node process (./read-port.ts): files on the local disk. */
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import type { ReadPort } from './read-port';

export const nodeRead: ReadPort = {
  text: (path) => readFileSync(path, 'utf8'),
  tail(path, bytes) {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const want = Math.min(bytes, size);
      const buf = new Uint8Array(want);
      const got = readSync(fd, buf, 0, want, size - want);
      return new TextDecoder().decode(buf.subarray(0, got));
    } finally {
      closeSync(fd);
    }
  },
  stat(path) {
    try {
      const s = statSync(path, { throwIfNoEntry: false });
      if (!s) return null;
      return { kind: s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other', size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw e;
    }
  },
  list: (dir) => readdirSync(dir),
};
