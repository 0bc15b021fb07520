/**
 * A cross-process lock file for read-modify-write of session state (agent reservations,
 * contract changes). Exclusive create; the holder writes `pid host token time`. A lock whose
 * holder process is gone is broken at once; one whose holder is alive is only broken after
 * MAX_HOLD_MS (pid reuse); an empty or foreign lock after STALE_MS. Waiting is bounded: at the
 * deadline a LockTimeoutError is thrown and the controller answers with the fail mode.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ensureDir, sleepSync } from './fsio';

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
}

export const LOCK_DEFAULTS: Required<LockOptions> = { timeoutMs: 2500, staleMs: 2000, maxHoldMs: 10_000 };

const HOST = hostname();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): { content: string; ageMs: number } | null {
  try {
    const content = readFileSync(path, 'utf8');
    const ageMs = Date.now() - statSync(path).mtimeMs;
    return { content, ageMs };
  } catch {
    return null;
  }
}

function isStale(content: string, ageMs: number, o: Required<LockOptions>): boolean {
  const [pidText, host] = content.split(' ');
  const pid = Number(pidText);
  if (host === HOST && Number.isInteger(pid) && pid > 0) {
    return !pidAlive(pid) || ageMs > o.maxHoldMs;
  }
  return ageMs > (host ? o.maxHoldMs : o.staleMs);
}

/**
 * Break a stale lock without breaking a fresh one: only one process at a time may break
 * (a second exclusive file), and it re-reads the lock first so a lock that was replaced since
 * it was judged stale survives.
 */
function breakStale(path: string, judged: string, o: Required<LockOptions>): void {
  const breaker = `${path}.break`;
  let fd: number;
  try {
    fd = openSync(breaker, 'wx', 0o600);
  } catch {
    const b = readLock(breaker);
    // a breaker only lives for a read and an unlink; an old one was left by a killed process
    if (b && b.ageMs > 1000) {
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

export function withLock<T>(path: string, fn: () => T, opts: LockOptions = {}): T {
  const o = { ...LOCK_DEFAULTS, ...opts };
  const token = `${process.pid} ${HOST} ${randomBytes(6).toString('hex')} ${Date.now()}`;
  const start = Date.now();
  let madeDir = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, token);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && !madeDir) {
        ensureDir(dirname(path));
        madeDir = true;
        continue;
      }
      if (code !== 'EEXIST') throw e;
    }
    const seen = readLock(path);
    if (seen && isStale(seen.content, seen.ageMs, o)) {
      breakStale(path, seen.content, o);
    }
    const waited = Date.now() - start;
    if (waited >= o.timeoutMs) throw new LockTimeoutError(waited);
    sleepSync(2 + Math.floor(Math.random() * 8));
  }
  try {
    return fn();
  } finally {
    try {
      if (readFileSync(path, 'utf8') === token) unlinkSync(path);
    } catch {
      /* broken as stale by someone else: nothing to release */
    }
  }
}
