/**
 * Session state: one small JSON file per (root) session, named by a hash of the session id
 * so neither the file name nor its content carries the raw id. Reads are one small file
 * (O(1) in the evidence log size). Writes are atomic; read-modify-write goes through the
 * session lock so agent reservations and contract changes from concurrent hook processes
 * never overwrite each other.
 *
 * A damaged file (not JSON, wrong shape, zero bytes, a symbolic link or anything else that is
 * not a plain file) is never read as fresh state: that would quietly turn an armed contract into
 * no contract. It is moved aside to `<key>.json.corrupt-<time>` (same folder; a file made 0600
 * through its descriptor, a link moved as the link, never followed) and a StateDamagedError is
 * thrown, so the hook answers by the fail mode (open: allow with one stderr line; closed:
 * GUARD_UNAVAILABLE). In its place goes a fresh state that says it replaced a damaged one
 * (`damaged`): under fail closed every tool call is stopped with STATE_DAMAGED until the person
 * sets the contract again; under fail open the calls are judged by the fresh contract.
 * `stopline doctor` lists the moved-aside files.
 */
import { join } from 'node:path';
import { BadField, enumOf, int, isRecord, optional, str, strArray } from '../check';
import { CONTRACT_SOURCES, LEVELS, MODES, POLICIES } from '../contract/types';
import type { Contract } from '../contract/types';
import { NotAFileError } from './store';
import type { LockOptions, Store } from './store';
import { nodeStore } from './node-store';
import { sha256Hex } from '../digest';

const STATE_SCHEMA_VERSION = 1 as const;

export interface SessionState {
  schemaVersion: typeof STATE_SCHEMA_VERSION;
  contract: Contract;
  /** hash of the last context injected at prompt time (dedupe), never the text */
  lastContextHash: string | null;
  /** how many times a damaged state file was replaced */
  recoveries: number;
  /**
   * Launches that hold agent units, newest last (at most RECENT_LAUNCHES): a short hash of the
   * contract revision and the host's tool-call id, never the id itself. A host that asks about
   * the same call again (the Hermes shim retrying after its child died mid-answer) gets the
   * same grant instead of a second reservation. Absent in state files written before it.
   */
  recentLaunches?: string[];
  /**
   * This state replaced a damaged file (when, and what was wrong, in words without its content):
   * the contract the file held is lost. Gone once the person sets the contract again.
   */
  damaged?: { at: string; why: string };
  /**
   * The floor's recent stops, newest last (at most FLOOR_MEMORY), each `<event id> <rule>
   * <digest>`: what `$stopline allow` lets through. The digest is a hash of the analysed action
   * (core/floor/allow.ts), never its text.
   */
  floorStops?: string[];
  /** what the person let through for the rest of the session, each `<rule> <digest>` */
  floorAllowed?: string[];
  /** hash of the last prompt key taken (Prompt.key), never the key itself */
  lastPromptKey?: string;
}

/** How many launches the state remembers for retries. */
export const RECENT_LAUNCHES = 32;

/** How many floor stops and grants a session keeps. */
export const FLOOR_MEMORY = 32;

/** The state file's shape, checked by hand (no schema object is built at load; see core/check.ts). */
function contractOf(v: unknown): Contract {
  if (!isRecord(v)) throw new BadField('contract', 'expected object');
  const agents = v.agents === 'allow' ? 'allow' : int(v.agents, 'contract.agents', 0);
  const c: Contract = {
    mode: enumOf(v.mode, [...MODES, 'unconfirmed'] as const, 'contract.mode'),
    level: enumOf(v.level, LEVELS, 'contract.level'),
    files: v.files === null ? null : strArray(v.files, 'contract.files'),
    deps: enumOf(v.deps, POLICIES, 'contract.deps'),
    hash: enumOf(v.hash, POLICIES, 'contract.hash'),
    agents,
    agentsUsed: int(v.agentsUsed, 'contract.agentsUsed', 0),
    source: enumOf(v.source, CONTRACT_SOURCES, 'contract.source'),
    revision: int(v.revision, 'contract.revision', 0),
  };
  // the person's confine=off; anything else there is the default (on)
  if (v.confine === false) c.confine = false;
  return c;
}

function stateOf(v: unknown): SessionState {
  if (!isRecord(v)) throw new BadField('(state)', 'expected object');
  if (v.schemaVersion !== STATE_SCHEMA_VERSION) throw new BadField('schemaVersion', `expected ${STATE_SCHEMA_VERSION}`);
  const state: SessionState = {
    schemaVersion: STATE_SCHEMA_VERSION,
    contract: contractOf(v.contract),
    lastContextHash: v.lastContextHash === null ? null : str(v.lastContextHash, 'lastContextHash'),
    recoveries: int(v.recoveries, 'recoveries', 0),
  };
  optional(v, 'recentLaunches', strArray, state, '');
  if (v.damaged !== undefined) {
    if (!isRecord(v.damaged)) throw new BadField('damaged', 'expected object');
    state.damaged = { at: str(v.damaged.at, 'damaged.at'), why: str(v.damaged.why, 'damaged.why') };
  }
  optional(v, 'floorStops', strArray, state, '');
  optional(v, 'floorAllowed', strArray, state, '');
  optional(v, 'lastPromptKey', str, state, '');
  return state;
}

export function hashText(s: string): string {
  return sha256Hex(s);
}

/** Keys already computed by this process (a resident door asks for the same few on every call). */
const knownKeys = new Map<string, string>();

/** The hashed key that names a session's files and appears in evidence. */
export function sessionKey(sessionId: string): string {
  const known = knownKeys.get(sessionId);
  if (known !== undefined) return known;
  const key = hashText('stopline-session\0' + sessionId).slice(0, 32);
  if (knownKeys.size >= 256) knownKeys.clear();
  knownKeys.set(sessionId, key);
  return key;
}

export interface SessionStore {
  dataDir: string;
  key: string;
  file: string;
  lockFile: string;
  /** where these files are kept */
  io: Store;
}

export function sessionStore(dataDir: string, sessionId: string, io: Store = nodeStore): SessionStore {
  const key = sessionKey(sessionId);
  const dir = join(dataDir, 'sessions');
  return { dataDir, key, file: join(dir, `${key}.json`), lockFile: join(dir, `${key}.lock`), io };
}

function freshState(contract: Contract): SessionState {
  return { schemaVersion: STATE_SCHEMA_VERSION, contract, lastContextHash: null, recoveries: 0 };
}

/** The state with the person's new contract: a mark of damage it carried goes. */
export function rearmed(state: SessionState, contract: Contract, lastContextHash: string | null): SessionState {
  const { damaged: _, ...rest } = state;
  return { ...rest, contract, lastContextHash };
}

/** A damaged file never reads as fresh state: it is moved aside and StateDamagedError thrown. */
interface ReadResult {
  state: SessionState;
  exists: boolean;
}

/** Suffix of a moved-aside state file: `<key>.json.corrupt-<UTC time>`. */
const CORRUPT_MARK = '.corrupt-';

/** A moved-aside state file's name: `<32 hex>.json.corrupt-<time>`. */
export const CORRUPT_STATE_FILE = /^[0-9a-f]{32}\.json\.corrupt-[0-9TZ]+(-\d+)?$/;

/**
 * The session state file could not be read as a state. The file has been moved aside (or another
 * process already did), so the next call starts clean; this call answers by the fail mode. The
 * message names only the hashed file name, never the session id or any content.
 */
export class StateDamagedError extends Error {
  readonly code = 'STATE_DAMAGED';
  constructor(
    readonly movedTo: string | null,
    readonly why: string,
  ) {
    super(
      movedTo
        ? `session state file ${why}; moved aside to ${movedTo} (stopline doctor lists it); its contract is lost until the person sets it again`
        : `session state file ${why}; another process already moved it aside (stopline doctor lists it)`,
    );
    this.name = 'StateDamaged';
  }
}

/** Parse a state file's text; null when it is not a valid state. */
export function parseState(text: string): SessionState | null {
  return checkState(text).state;
}

/** What is wrong with a state file's text, in words without its content (for messages). */
export function checkState(text: string): { state: SessionState; why: null } | { state: null; why: string } {
  if (text.length === 0) return { state: null, why: 'is empty (zero bytes)' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { state: null, why: text.includes('\u0000') ? 'holds NUL bytes' : 'is not JSON (truncated or overwritten)' };
  }
  try {
    return { state: stateOf(value), why: null };
  } catch {
    return { state: null, why: 'is JSON of the wrong shape' };
  }
}

function corruptStamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:.]/g, '');
}

/** What a state file holds when it cannot be read as text: a link, a folder, a FIFO. */
interface NotText {
  notText: string;
}

/**
 * Move a damaged state file aside, but only if it still holds the damaged text this process
 * read (or is still the link or other non-file it found): under the session lock no writer can
 * replace it meanwhile, and a file another process already moved (or rewrote cleanly) is left
 * alone. In its place goes a fresh state marked `damaged`. Returns the new file name, or null.
 */
function moveAside(store: SessionStore, seen: string | NotText, why: string, fresh: () => Contract, now: number): string | null {
  if (typeof seen === 'string') {
    let current: string | null;
    try {
      current = store.io.read(store.file);
    } catch (e) {
      if (e instanceof NotAFileError) return null;
      throw e;
    }
    if (current !== seen) return null;
  } else {
    const kind = store.io.entry(store.file)?.kind ?? null;
    if (kind === null || kind === 'file') return null;
  }
  const base = `${store.file}${CORRUPT_MARK}${corruptStamp(now)}`;
  let target = base;
  for (let n = 2; store.io.entry(target) !== null; n++) target = `${base}-${n}`;
  // rename moves a link itself; whatever it pointed to stays as it was
  store.io.rename(store.file, target);
  // a file written by hand may have looser bits; the state it held is private like the state
  store.io.chmod(target, 0o600);
  writeSession(store, { ...freshState(fresh()), damaged: { at: new Date(now).toISOString(), why } });
  return target.slice(target.lastIndexOf('/') + 1);
}

function readText(store: SessionStore): string | NotText | null {
  try {
    return store.io.read(store.file);
  } catch (e) {
    if (e instanceof NotAFileError) return { notText: `is ${e.what}` };
    throw e;
  }
}

/**
 * Only a missing file (ENOENT) is "no state yet". Every other error is thrown for the caller's
 * fail mode, ENOTDIR included: a file where the data folder should be, or a folder stopline may
 * not read, is a guard that cannot keep state, not a fresh session (same rule as lineage.ts).
 */
export function readSession(store: SessionStore, fresh: () => Contract, lock: LockOptions = {}, now = Date.now): ReadResult {
  return readOrMoveAside(store, fresh, (seen, why) => store.io.lock(store.lockFile, () => moveAside(store, seen, why, fresh, now()), lock));
}

/** readSession for a caller that already holds the session lock. */
function readSessionLocked(store: SessionStore, fresh: () => Contract, now: () => number): ReadResult {
  return readOrMoveAside(store, fresh, (seen, why) => moveAside(store, seen, why, fresh, now()));
}

function readOrMoveAside(store: SessionStore, fresh: () => Contract, moveDamaged: (seen: string | NotText, why: string) => string | null): ReadResult {
  const text = readText(store);
  if (text === null) return { state: freshState(fresh()), exists: false };
  if (typeof text !== 'string') throw new StateDamagedError(moveDamaged(text, text.notText), text.notText);
  const checked = checkState(text);
  if (checked.state) return { state: checked.state, exists: true };
  throw new StateDamagedError(moveDamaged(text, checked.why), checked.why);
}

function writeSession(store: SessionStore, state: SessionState): void {
  store.io.ensureDir(join(store.dataDir, 'sessions'));
  store.io.write(store.file, JSON.stringify(state) + '\n');
}

interface UpdateResult<T> {
  state: SessionState;
  result: T;
}

/**
 * Read, change and write the session state under the session lock. `change` returns the new
 * state (or null to leave it) plus a result for the caller. A damaged file is moved aside and
 * StateDamagedError thrown before `change` runs: a change meant for the armed contract is never
 * applied to a fresh one.
 */
export function updateSession<T>(
  store: SessionStore,
  fresh: () => Contract,
  change: (state: SessionState) => { next: SessionState | null; result: T },
  lock: LockOptions = {},
  now: () => number = Date.now,
): UpdateResult<T> {
  store.io.ensureDir(join(store.dataDir, 'sessions'));
  return store.io.lock(
    store.lockFile,
    () => {
      const read = readSessionLocked(store, fresh, now);
      const { next, result } = change(read.state);
      if (next) writeSession(store, next);
      return { state: next ?? read.state, result };
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
    names = store.io.list(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(store.key) || !name.endsWith('.tmp')) continue;
    const p = join(dir, name);
    try {
      const e = store.io.entry(p);
      if (e && now - e.mtimeMs > 60_000) {
        store.io.remove(p);
        removed++;
      }
    } catch {
      /* gone already */
    }
  }
  return removed;
}
