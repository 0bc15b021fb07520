/**
 * Child-session lineage, for hosts whose subagents run under a session id of their own and whose
 * later events carry only that id (a child's tool calls do not say who its parent is). The
 * subagent-start event is the one place the host names both; it is recorded here so every later
 * event of the child is judged by its root's contract.
 *
 * A record lives in `<dataDir>/lineage/<hash of the child id>.json`. It never holds a raw session
 * id: the root id is sealed (AES-256-GCM) with a key derived from the child's id, so the file
 * reveals nothing to a reader who does not already know the child's session id, the same bar the
 * hashed session-state file names set. Records of a nested child point straight at the root.
 *
 * A child whose parent was not named (or whose parent is itself of unknown origin) is recorded as
 * an orphan: it is known to be a child, so it can never arm, change or widen a contract, but no
 * root contract can be proven for it.
 */
import { join } from 'node:path';
import { NotAFileError } from './store';
import { nodeStore } from './node-store';
import type { Store } from './store';
import { pruneFolder } from './retention';
import { randomHex, sha256 } from '../digest';
import { cryptoModule } from '../lazy-builtins';

export type Lineage =
  /** no record: a root session, or a child whose start was never seen */
  | { kind: 'unknown' }
  | { kind: 'child'; rootSessionId: string }
  | { kind: 'orphan' };

const RECORD_VERSION = 1;

function digest(label: string, sessionId: string): Buffer {
  return Buffer.from(sha256(`stopline-lineage-${label}\0${sessionId}`));
}

function recordFile(dataDir: string, childId: string): string {
  return join(dataDir, 'lineage', `${digest('name', childId).toString('hex').slice(0, 32)}.json`);
}

function seal(childId: string, rootId: string): { iv: string; tag: string; data: string } {
  // node:crypto only here and in unseal: a record is sealed when a child starts and opened when
  // a child acts, while every hook start looks up (hashes) the file name
  const { createCipheriv, randomBytes } = cryptoModule();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', digest('seal', childId), iv);
  const data = Buffer.concat([cipher.update(rootId, 'utf8'), cipher.final()]);
  return { iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex'), data: data.toString('hex') };
}

function unseal(childId: string, sealed: unknown): string | null {
  if (!sealed || typeof sealed !== 'object') return null;
  const { iv, tag, data } = sealed as Record<string, unknown>;
  if (typeof iv !== 'string' || typeof tag !== 'string' || typeof data !== 'string') return null;
  try {
    const decipher = cryptoModule().createDecipheriv('aes-256-gcm', digest('seal', childId), Buffer.from(iv, 'hex'));
    decipher.setAuthTag(Buffer.from(tag, 'hex'));
    const root = Buffer.concat([decipher.update(Buffer.from(data, 'hex')), decipher.final()]).toString('utf8');
    return root === '' ? null : root;
  } catch {
    return null; // written for another id, or damaged
  }
}

/**
 * What is known about a session's place in a session tree. A missing record is `unknown`; a
 * damaged or foreign one is treated as `orphan` (it was a child, its root cannot be proven).
 * Every other file-system error is thrown for the caller's fail mode, including ENOTDIR: a data
 * folder path blocked by a file is a guard that cannot keep state, not a session without a record.
 */
export function lineageOf(dataDir: string, sessionId: string, io: Store = nodeStore): Lineage {
  let text: string | null;
  try {
    text = io.read(recordFile(dataDir, sessionId));
  } catch (e) {
    // a link (or a folder) where the record should be is a damaged record: never followed
    if (e instanceof NotAFileError) return { kind: 'orphan' };
    throw e;
  }
  if (text === null) return { kind: 'unknown' };
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { kind: 'orphan' };
  }
  const r = record as Record<string, unknown> | null;
  if (!r || r.v !== RECORD_VERSION || r.orphan === true) return { kind: 'orphan' };
  const root = unseal(sessionId, r.root);
  return root === null ? { kind: 'orphan' } : { kind: 'child', rootSessionId: root };
}

/**
 * Whether a lineage file's text has the shape recordChild writes (without the child's id the
 * sealed root cannot be opened, so this is the shape only). For `stopline doctor`: a record that
 * fails this reads as `orphan` for its child (see lineageOf), which is safe but loses the root.
 */
export function isLineageRecordText(text: string): boolean {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    return false;
  }
  if (!r || typeof r !== 'object') return false;
  const o = r as Record<string, unknown>;
  if (o.v !== RECORD_VERSION) return false;
  if (o.orphan === true) return true;
  const sealed = o.root as Record<string, unknown> | null | undefined;
  const hex = (v: unknown) => typeof v === 'string' && v.length > 0 && /^[0-9a-f]+$/.test(v);
  return !!sealed && typeof sealed === 'object' && hex(sealed.iv) && hex(sealed.tag) && hex(sealed.data);
}

/**
 * Record that `childId` was started by `parentId` (null when the host did not say). Returns the
 * child's lineage as recorded: the parent's own root when the parent is itself a child.
 */
export function recordChild(dataDir: string, childId: string, parentId: string | null, io: Store = nodeStore): Lineage {
  let lineage: Lineage;
  if (parentId === null || parentId === childId) {
    lineage = { kind: 'orphan' };
  } else {
    const parent = lineageOf(dataDir, parentId, io);
    lineage = parent.kind === 'unknown' ? { kind: 'child', rootSessionId: parentId } : parent;
  }
  const record = lineage.kind === 'child' ? { v: RECORD_VERSION, root: seal(childId, lineage.rootSessionId) } : { v: RECORD_VERSION, orphan: true };
  io.ensureDir(join(dataDir, 'lineage'));
  io.write(recordFile(dataDir, childId), JSON.stringify(record) + '\n');
  pruneLineage(dataDir, Date.now(), LINEAGE_MAX_AGE_MS, io);
  return lineage;
}

/**
 * A child is done long before this; older records were left by a host that never said stop.
 * @keep LINEAGE_MAX_AGE_MS how long a lineage record is kept: the tests place one past it
 */
export const LINEAGE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Remove records older than `maxAgeMs` (and temp files a killed writer left). Returns how many.
 * @keep pruneLineage the lineage sweep: the tests run it on a missing folder and on old records
 */
export function pruneLineage(dataDir: string, now = Date.now(), maxAgeMs = LINEAGE_MAX_AGE_MS, io: Store = nodeStore): number {
  return pruneFolder(io, join(dataDir, 'lineage'), (name) => now - (name.endsWith('.tmp') ? 60_000 : maxAgeMs));
}

/** Drop a finished child's record. A record that is already gone is fine. */
export function forgetChild(dataDir: string, childId: string, io: Store = nodeStore): void {
  try {
    io.remove(recordFile(dataDir, childId));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Subagent brackets, for hosts whose children run on their parent's session id and are marked
 * only by a subagent start … stop pair around them. Each open bracket is one empty file named
 * after the hashed session id (`<hash>.<random>.bracket`): a start creates one, a stop removes
 * one, so children started in parallel by separate hook processes never lose a count.
 */
function bracketPrefix(sessionId: string): string {
  return `${digest('bracket', sessionId).toString('hex').slice(0, 32)}.`;
}

function bracketNames(dataDir: string, sessionId: string, io: Store): string[] {
  const prefix = bracketPrefix(sessionId);
  try {
    return io.list(join(dataDir, 'lineage')).filter((n) => n.startsWith(prefix) && n.endsWith('.bracket'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** How many subagent brackets of this session are open. */
export function openBrackets(dataDir: string, sessionId: string, io: Store = nodeStore): number {
  return bracketNames(dataDir, sessionId, io).length;
}

/** A subagent of this session started: one more open bracket. */
export function openBracket(dataDir: string, sessionId: string, io: Store = nodeStore): void {
  const dir = join(dataDir, 'lineage');
  io.ensureDir(dir);
  io.write(join(dir, `${bracketPrefix(sessionId)}${randomHex(8)}.bracket`), '');
  pruneLineage(dataDir, Date.now(), LINEAGE_MAX_AGE_MS, io);
}

/** A subagent of this session ended (every one, with `all`: the session started or ended). */
export function closeBracket(dataDir: string, sessionId: string, all = false, io: Store = nodeStore): void {
  for (const name of bracketNames(dataDir, sessionId, io)) {
    try {
      io.remove(join(dataDir, 'lineage', name));
      if (!all) return;
    } catch (e) {
      // another hook closed this one at the same moment: close the next
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}
