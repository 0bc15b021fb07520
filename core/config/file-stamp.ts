/**
 * File identity for caches in long-lived hosts (OpenCode, Pi, the resident `listen` evaluator).
 * A person edits stopline.json or a hooks file while the host runs and expects the very next
 * tool call to obey it, so a cached parse is reused only while one stat of the file still
 * answers the same identity: inode, size, mtime and ctime (ctime too, because a tool that
 * restores the old mtime after writing, such as `cp -p` or `touch -d`, cannot restore ctime).
 *
 * Timestamps have a granularity (a few ms on ext4, 1 s or 2 s on some file systems), so two
 * writes of the same length inside one tick share a stamp. Like git's "racily clean" rule, a
 * stamp taken less than RACY_WINDOW_MS after the file last changed is not trusted: the caller
 * reads the text again and compares it. Files a person edits by hand are almost always older.
 */
import { nodeRead } from '../state/node-read';

export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** when the stamp was taken (Date.now()), for the racy-window rule */
  takenAt: number;
}

/** What one stat says about a path. */
export type StatAnswer =
  | { kind: 'file'; stamp: FileStamp }
  | { kind: 'missing' }
  | { kind: 'other' } // a folder, socket, ...: not a file we can read
  | { kind: 'error'; code: string };

/**
 * Two seconds covers the coarsest common timestamp (FAT's 2 s); ext4/APFS ticks are far finer.
 * @keep RACY_WINDOW_MS the tests run the live-edit cases with the racy window on and off
 */
export const RACY_WINDOW_MS = 2000;
let racyWindowMs = RACY_WINDOW_MS;

/**
 * Tests only: a smaller window lets a test written in one second reach the stamp comparison
 * instead of the text re-read (the test then changes the size, or waits a tick, per edit).
 * Returns the previous value.
 * @keep setRacyWindowForTests sets the racy window the live-edit tests run under
 */
export function setRacyWindowForTests(ms: number): number {
  const before = racyWindowMs;
  racyWindowMs = ms;
  return before;
}

/** One stat through the reader. Never throws: a missing path (or a path through a file) is `missing`. */
export function statPath(path: string): StatAnswer {
  try {
    const s = nodeRead.stat(path);
    if (!s) return { kind: 'missing' };
    if (s.kind !== 'file') return { kind: 'other' };
    return { kind: 'file', stamp: { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, takenAt: Date.now() } };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'error', code: code ?? 'error' };
  }
}

/** Same file, same bytes as far as the file system can tell (takenAt is not compared). */
function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * Whether a stamp can vouch for the content that was read with it: the file had not changed
 * within the racy window (RACY_WINDOW_MS) before the stamp was taken, so a later write inside the same timestamp
 * tick is impossible. A clock that jumped backwards makes the file look new, which only costs a
 * re-read.
 */
function settled(stamp: FileStamp): boolean {
  return stamp.takenAt - Math.max(stamp.mtimeMs, stamp.ctimeMs) > racyWindowMs;
}

/** A cached entry still holds when the file answers the same stamp and that stamp is settled. */
export function stillValid(cached: FileStamp, now: FileStamp): boolean {
  return sameStamp(cached, now) && settled(cached);
}

/**
 * A small map that forgets its oldest entry past `limit`, so a process that sees many project
 * folders keeps bounded memory.
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
