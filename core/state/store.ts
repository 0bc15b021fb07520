/**
 * The port through which the core keeps its files: session state, the session lock, the
 * lineage records and the evidence logs. The core names paths and decides what to keep; a
 * Store does the I/O. A door in a Node process passes the Node store (./node-store.ts, over
 * ./fsio.ts and ./lock.ts, which every command hook and plugin uses); a host without Node's
 * file system brings its own, and a test passes one that keeps everything in memory.
 *
 * Every call is synchronous: the core decides in one synchronous pass, so a Store that reads
 * through an asynchronous host answers from what it has loaded before the decision.
 *
 * Errors follow node:fs (an Error with `code`: ENOENT, ENOTDIR, EEXIST, ...) so the core's
 * fail-mode rules ("only ENOENT is no state yet") read the same for every Store.
 */
import type { LockOptions } from './lock';

export type EntryKind = 'file' | 'link' | 'other';

export interface Store {
  /**
   * A whole file of stopline's as UTF-8, without following a link at its name: null when there
   * is none; NotAFileError (./fsio.ts) when a link or anything but a regular file is there.
   */
  read(path: string): string | null;
  /** Replace a whole file atomically (a reader sees the old text or the new, never a torn one); 0600. */
  write(path: string, text: string): void;
  /**
   * Append one line to a log, never through a link at its name, making its folder when missing.
   * A line is started first when the log's last line was left unfinished. With `rotateTo`, a log
   * past `rotateBytes` is renamed there first.
   */
  append(path: string, line: string, rotate?: { to: string; bytes: number }): void;
  /** Make a folder and its parents (0700); an existing one is fine. */
  ensureDir(dir: string): void;
  /** The names in a folder; throws (ENOENT, ENOTDIR) as node:fs does. */
  list(dir: string): string[];
  /** What is at a path without following a link, and when it last changed; null when nothing is. */
  entry(path: string): { kind: EntryKind; mtimeMs: number } | null;
  /** Remove a file (a link itself, never what it points to); throws ENOENT when none is there. */
  remove(path: string): void;
  /** Move a file (a link itself) to a new name in the same folder. */
  rename(from: string, to: string): void;
  /** Set a file's mode without following a link at its name; a link or non-file is left alone. */
  chmod(path: string, mode: number): void;
  /**
   * Run `fn` holding the lock named `path` against every other writer of the same files, with
   * the bounded wait and errors of ./lock.ts (LockTimeoutError, LockBusyError under `yieldSince`).
   */
  lock<T>(path: string, fn: () => T, opts?: LockOptions): T;
}
