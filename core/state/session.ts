/**
 * Session state: one small JSON file per (root) session, named by a hash of the session id
 * so neither the file name nor its content carries the raw id. Reads are one small file
 * (O(1) in the evidence log size). Writes are atomic; read-modify-write goes through the
 * session lock so agent reservations and contract changes from concurrent hook processes
 * never overwrite each other. A damaged file reads as fresh state and is reported, so the
 * caller can replace it and record that it did.
 */
import { readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { LEVELS, MODES, POLICIES } from '../contract/types';
import type { Contract } from '../contract/types';
import { ensureDir, writeFileAtomic } from './fsio';
import { withLock } from './lock';
import type { LockOptions } from './lock';

export const STATE_SCHEMA_VERSION = 1 as const;

export interface SessionState {
  schemaVersion: typeof STATE_SCHEMA_VERSION;
  contract: Contract;
  /** hash of the last context injected at prompt time (dedupe), never the text */
  lastContextHash: string | null;
  /** how many times a damaged state file was replaced */
  recoveries: number;
}

const ContractSchema = z.object({
  mode: z.enum([...MODES, 'unconfirmed']),
  level: z.enum(LEVELS),
  files: z.nullable(z.array(z.string())),
  deps: z.enum(POLICIES),
  hash: z.enum(POLICIES),
  agents: z.union([z.number().check(z.int(), z.minimum(0)), z.literal('allow')]),
  agentsUsed: z.number().check(z.int(), z.minimum(0)),
  source: z.enum(['default', 'config', 'directive', 'correction', 'host']),
  revision: z.number().check(z.int(), z.minimum(0)),
});

const StateSchema = z.object({
  schemaVersion: z.literal(STATE_SCHEMA_VERSION),
  contract: ContractSchema,
  lastContextHash: z.nullable(z.string()),
  recoveries: z.number().check(z.int(), z.minimum(0)),
});

export function hashText(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** The hashed key that names a session's files and appears in evidence. */
export function sessionKey(sessionId: string): string {
  return hashText('stopline-session\0' + sessionId).slice(0, 32);
}

export interface SessionStore {
  dataDir: string;
  key: string;
  file: string;
  lockFile: string;
}

export function sessionStore(dataDir: string, sessionId: string): SessionStore {
  const key = sessionKey(sessionId);
  const dir = join(dataDir, 'sessions');
  return { dataDir, key, file: join(dir, `${key}.json`), lockFile: join(dir, `${key}.lock`) };
}

export function freshState(contract: Contract): SessionState {
  return { schemaVersion: STATE_SCHEMA_VERSION, contract, lastContextHash: null, recoveries: 0 };
}

export interface ReadResult {
  state: SessionState;
  /** the file existed but was unreadable or invalid (the state is fresh) */
  damaged: boolean;
  exists: boolean;
}

/** Parse a state file's text; null when it is not a valid state. */
export function parseState(text: string): SessionState | null {
  try {
    const r = StateSchema.safeParse(JSON.parse(text));
    return r.success ? (r.data as SessionState) : null;
  } catch {
    return null;
  }
}

/**
 * Only a missing file (ENOENT) is "no state yet". Every other error is thrown for the caller's
 * fail mode, ENOTDIR included: a file where the data folder should be, or a folder stopline may
 * not read, is a guard that cannot keep state, not a fresh session (same rule as lineage.ts).
 */
export function readSession(store: SessionStore, fresh: () => Contract): ReadResult {
  let text: string;
  try {
    text = readFileSync(store.file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: freshState(fresh()), damaged: false, exists: false };
    throw e;
  }
  const state = parseState(text);
  if (state) return { state, damaged: false, exists: true };
  return { state: freshState(fresh()), damaged: true, exists: true };
}

export function writeSession(store: SessionStore, state: SessionState): void {
  ensureDir(join(store.dataDir, 'sessions'));
  writeFileAtomic(store.file, JSON.stringify(state) + '\n');
}

export interface UpdateResult<T> {
  state: SessionState;
  /** the state before the update was damaged and has been replaced */
  recovered: boolean;
  result: T;
}

/**
 * Read, change and write the session state under the session lock. `change` returns the new
 * state (or null to leave it) plus a result for the caller. A damaged file is always replaced.
 */
export function updateSession<T>(
  store: SessionStore,
  fresh: () => Contract,
  change: (state: SessionState) => { next: SessionState | null; result: T },
  lock: LockOptions = {},
): UpdateResult<T> {
  ensureDir(join(store.dataDir, 'sessions'));
  return withLock(
    store.lockFile,
    () => {
      const read = readSession(store, fresh);
      const base = read.damaged ? { ...read.state, recoveries: read.state.recoveries + 1 } : read.state;
      const { next, result } = change(base);
      const toWrite = next ?? (read.damaged ? base : null);
      if (toWrite) writeSession(store, toWrite);
      return { state: toWrite ?? base, recovered: read.damaged, result };
    },
    lock,
  );
}

/**
 * Remove what a killed process may have left for this session: temp files older than a
 * minute (a live writer renames within milliseconds).
 */
export function cleanupSession(store: SessionStore, now = Date.now()): number {
  const dir = join(store.dataDir, 'sessions');
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(store.key) || !name.endsWith('.tmp')) continue;
    const p = join(dir, name);
    try {
      if (now - statSync(p).mtimeMs > 60_000) {
        unlinkSync(p);
        removed++;
      }
    } catch {
      /* gone already */
    }
  }
  return removed;
}
