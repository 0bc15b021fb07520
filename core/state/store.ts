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
 * fail-mode rules ("only ENOENT is no state yet") read the same for every Store. The errors a
 * Store throws of its own, and the lock's options, are defined here, so a door whose Store is not
 * the Node one bundles none of the Node one.
 */

/** Where one of stopline's files should be, something else is: a symbolic link, a folder, a FIFO. */
export class NotAFileError extends Error {
  readonly code = 'STOPLINE_NOT_A_FILE';
  constructor(
    readonly path: string,
    /** what is there, in words without the path's content: 'a symbolic link', 'not a regular file' */
    readonly what: string,
  ) {
    super(`${path} is ${what}`);
    this.name = 'NotAFile';
  }
}

/**
 * Thrown instead of sleeping when the lock is held and the caller asked to yield (`yieldSince`).
 * Only locks taken before anything of the decision was written out can yield, so deciding the
 * event again from the start is safe (see core/answer/controller.ts).
 */
export class LockBusyError extends Error {
  readonly code = 'STOPLINE_LOCK_BUSY';
  constructor() {
    super('session lock held by another process');
    this.name = 'LockBusyError';
  }
}

export function isLockBusy(e: unknown): e is LockBusyError {
  return e instanceof LockBusyError;
}

export class LockTimeoutError extends Error {
  readonly code = 'STOPLINE_LOCK_TIMEOUT';
  constructor(waitedMs: number) {
    super(`session lock not acquired within ${waitedMs} ms`);
    this.name = 'LockTimeoutError';
  }
}

export interface LockOptions {
  /** bounded wait for the lock */
  timeoutMs?: number;
  /** age after which an empty, unreadable or other-host lock is stale */
  staleMs?: number;
  /** age after which even a live holder's lock is stale (its pid may have been reused) */
  maxHoldMs?: number;
  /**
   * When the caller's first attempt began (Date.now()): a held lock throws LockBusyError rather
   * than sleeping, until `timeoutMs` from then. Absent: wait asleep, as a one-event process does.
   */
  yieldSince?: number;
}

/** Bounded wait from STOPLINE_LOCK_TIMEOUT_MS (100..60000), else the default. */
export function lockTimeoutFromEnv(env: Record<string, string | undefined>): number | undefined {
  const v = Number(env.STOPLINE_LOCK_TIMEOUT_MS);
  return Number.isInteger(v) && v >= 100 && v <= 60_000 ? v : undefined;
}

type EntryKind = 'file' | 'link' | 'other';

export interface Store {
  /**
   * A whole file of stopline's as UTF-8, without following a link at its name: null when there
   * is none; NotAFileError when a link or anything but a regular file is there.
   */
  read(path: string): string | null;
  /** Replace a whole file atomically (a reader sees the old text or the new, never a torn one); 0600. */
  write(path: string, text: string): void;
  /**
   * Append one line to a log, never through a link at its name, making its folder when missing.
   * A line is started first when the log's last line was left unfinished. With `rotate`, a log
   * past `rotate.bytes` is renamed to `rotate.to` first.
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
   * A Store whose files only one process touches at a time may simply run `fn`.
   */
  lock<T>(path: string, fn: () => T, opts?: LockOptions): T;
}
