/**
 * A cross-process lock file for read-modify-write of session state (agent reservations,
 * contract changes). Created atomically with its content `pid host token time`. A lock whose
 * holder process is gone is broken at once; one whose holder is alive is only broken after
 * MAX_HOLD_MS (pid reuse), as is one of another host; an empty or garbage lock after STALE_MS. Waiting is bounded (2.5 s,
 * STOPLINE_LOCK_TIMEOUT_MS to change): at the deadline a LockTimeoutError is thrown and the
 * controller answers with the fail mode.
 *
 * A process that answers many sessions at once (the resident evaluator) must not sleep while
 * another process holds one session's lock: every other session's answer would wait behind it.
 * With `yieldSince` a held lock throws LockBusyError instead of sleeping; the caller waits
 * without blocking and decides the whole event again. The bound still counts from `yieldSince`
 * (the first attempt), so a wait in slices ends in the same LockTimeoutError as one asleep.
 */
import { pidAlive } from './pid';
import { closeSync, linkSync, lstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { randomHex } from '../digest';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ensureDir, readOwnFile, sleepSync } from './fsio';
import { LockBusyError, LockTimeoutError } from './store';
import type { LockOptions } from './store';

/**
 * @keep LockBusyError what a yielding lock throws: the controller tests expect it
 * @keep LockTimeoutError what a lock held too long throws: the store tests expect it
 */
export { LockBusyError, LockTimeoutError } from './store';

type Bounds = Required<Omit<LockOptions, 'yieldSince'>>;

const LOCK_DEFAULTS: Bounds = { timeoutMs: 2500, staleMs: 2000, maxHoldMs: 10_000 };

const HOST = hostname();

/**
 * A lock file's content and age, read without following a link at its name. A link or anything
 * else that is not a file reads as an empty lock: garbage, stale after `staleMs`, broken by
 * unlinking the name (never what it points to). Null when there is none (or it went meanwhile).
 */
function readLock(path: string): { content: string; ageMs: number } | null {
  try {
    const ageMs = Date.now() - lstatSync(path).mtimeMs;
    let content: string | null;
    try {
      content = readOwnFile(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'STOPLINE_NOT_A_FILE') throw e;
      content = '';
    }
    return content === null ? null : { content, ageMs };
  } catch {
    return null;
  }
}

interface LockHolder {
  pid: number;
  host: string;
}

/**
 * The holder a lock file names, or null when its content does not start with `pid host` (the
 * token is `pid host token time`): empty (a holder killed between create and write on a file system without hard links),
 * truncated, or garbage. Only a well-formed token earns the long wait of a live holder.
 */
export function parseLockContent(content: string): LockHolder | null {
  // the pid and host are what judging a holder needs; token and time are free text to readers
  const m = /^(\d+) (\S+)(?: |$)/.exec(content);
  if (!m) return null;
  const pid = Number(m[1]);
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, host: m[2]! } : null;
}

/**
 * A lock is stale when its holder is gone or it is older than a holder may hold it, and also when
 * it is dated that far in the future: after the clock jumps back (or a file is touched with a
 * future time) its age would stay negative, and a lock that never ages would make every later
 * call wait out its bound and answer by the fail mode (under fail open, a subagent launch let
 * through without counting it against agents=N).
 */
function isStale(content: string, ageMs: number, o: Bounds): boolean {
  const holder = parseLockContent(content);
  if (!holder) return Math.abs(ageMs) > o.staleMs;
  if (holder.host === HOST) return !pidAlive(holder.pid) || Math.abs(ageMs) > o.maxHoldMs;
  return Math.abs(ageMs) > o.maxHoldMs;
}

/**
 * Break a stale lock without breaking a fresh one: only one process at a time may break
 * (a second exclusive file), and it re-reads the lock first so a lock that was replaced since
 * it was judged stale survives.
 */
function breakStale(path: string, judged: string, o: Bounds): void {
  const breaker = `${path}.break`;
  let fd: number;
  try {
    fd = openSync(breaker, 'wx', 0o600);
  } catch {
    const b = readLock(breaker);
    // a breaker only lives for a read and an unlink; an old one (or one dated in the future) was
    // left by a killed process
    if (b && Math.abs(b.ageMs) > 1000) {
      try {
        unlinkSync(breaker);
      } catch {
        /* someone else removed it */
      }
    }
    return;
  }
  try {
    closeSync(fd);
    const now = readLock(path);
    if (now && now.content === judged && isStale(now.content, now.ageMs, o)) unlinkSync(path);
  } catch {
    /* lost a race with the holder's own release: fine */
  } finally {
    try {
      unlinkSync(breaker);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Take the lock with its content already in place: `staged` is a private temp file holding
 * the token, hard-linked to the lock name (link fails if the name exists, atomically). A
 * holder killed at any instant leaves either no lock or a complete one naming a dead pid,
 * which the next process breaks at once. File systems without hard links fall back to
 * exclusive create.
 */
function tryLink(staged: string, path: string, token: string): boolean {
  try {
    linkSync(staged, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV') return tryCreateExclusive(path, token);
    throw e;
  }
}

/** A new file (0600) holding `text`; throws EEXIST when the name is taken. */
function writeNew(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function tryCreateExclusive(path: string, token: string): boolean {
  try {
    writeNew(path, token);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

function stage(path: string, token: string): string {
  const staged = `${path}.${process.pid}.${randomHex(4)}.tmp`;
  ensureDir(dirname(path));
  writeNew(staged, token);
  return staged;
}

function unlinkQuiet(p: string): void {
  try {
    unlinkSync(p);
  } catch {
    /* already gone; session.end cleanup removes what a killed process left */
  }
}

export function withLock<T>(path: string, fn: () => T, opts: LockOptions = {}): T {
  const o = { ...LOCK_DEFAULTS, ...opts };
  const token = `${process.pid} ${HOST} ${randomHex(6)} ${Date.now()}`;
  const start = opts.yieldSince ?? Date.now();
  const staged = stage(path, token);
  try {
    for (let attempt = 0; ; attempt++) {
      if (tryLink(staged, path, token)) break;
      const seen = readLock(path);
      if (seen && isStale(seen.content, seen.ageMs, o)) breakStale(path, seen.content, o);
      const waited = Date.now() - start;
      if (waited >= o.timeoutMs) throw new LockTimeoutError(waited);
      // one more try at once: a stale lock broken just now is free
      if (opts.yieldSince !== undefined && attempt > 0) throw new LockBusyError();
      if (opts.yieldSince === undefined) sleepSync(2 + Math.floor(Math.random() * 8));
    }
  } finally {
    unlinkQuiet(staged);
  }
  try {
    return fn();
  } finally {
    try {
      if (readOwnFile(path) === token) unlinkSync(path);
    } catch {
      /* broken as stale by someone else: nothing to release */
    }
  }
}
