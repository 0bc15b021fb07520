/**
 * The dashboard's records as typed-array columns: one row per record (~50 bytes), strings kept
 * once in dictionaries, the running aggregates (totals, per host / reason / tool class, per
 * session) and the time order of the alive rows. A log can hold 10^6 records, so nothing here
 * keeps a parsed object per record; the full line stays in its file (./files.ts).
 */
import type { RuntimeSummary } from '../../../core/evidence/log';
import type { RuntimeContractSummary } from '../../../core/evidence/runtime-event';
import type { Line } from '../evidence/scan';
import { DENY, eventIdInto, lineTime } from './record-shape';
import type { RecordShape, ShapeIds } from './record-shape';

const MAX_NAME = 64;

/** String <-> small integer, with a cap so a hand-edited log cannot overflow a column. */
export class Dict {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  constructor(private readonly cap: number) {}
  id(raw: string): number {
    const name = raw.length > MAX_NAME ? raw.slice(0, MAX_NAME) : raw;
    let id = this.ids.get(name);
    if (id !== undefined) return id;
    if (this.names.length >= this.cap - 1) return this.id('(other)');
    id = this.names.length;
    this.names.push(name);
    this.ids.set(name, id);
    return id;
  }
  find(name: string): number | undefined {
    return this.ids.get(name);
  }
}

interface SessionInfo {
  key: string;
  host: number;
  firstAt: number;
  lastAt: number;
  lastRow: number;
  checks: number;
  denies: number;
  controlState: string;
  contract: RuntimeContractSummary | null;
}

/**
 * The counts `stopline runtime` also reports (core/evidence/log.ts RuntimeSummary), plus the
 * records read; `damaged`: lines that are not valid records (torn writes, edits by hand).
 */
export type Totals = Pick<RuntimeSummary, 'checks' | 'allowed' | 'contexts' | 'asks' | 'denies' | 'after' | 'contractChanges' | 'recoveries' | 'sessions' | 'damaged'> & { records: number };

function emptyTotals(): Totals {
  return { records: 0, checks: 0, allowed: 0, contexts: 0, asks: 0, denies: 0, after: 0, contractChanges: 0, recoveries: 0, sessions: 0, damaged: 0 };
}

function hexToBytes(id: string, out: Uint8Array, at: number): void {
  for (let i = 0; i < 10; i++) out[at + i] = parseInt(id.slice(4 + i * 2, 6 + i * 2), 16);
}

function bytesToId(ids: Uint8Array, at: number): string {
  let s = 'evt_';
  for (let i = 0; i < 10; i++) s += ids[at + i]!.toString(16).padStart(2, '0');
  return s;
}

/** Checks and denies per dictionary id (of a host, reason or tool class). */
export type CheckCounts = { checks: number[]; denies: number[] };

function bump(counts: CheckCounts, id: number, deny: number): void {
  counts.checks[id] = (counts.checks[id] ?? 0) + 1;
  counts.denies[id] = (counts.denies[id] ?? 0) + deny;
}

export class EvidenceColumns {
  rows = 0;
  private cap = 0;
  time = new Float64Array(0);
  fileOf = new Uint32Array(0);
  offsetOf = new Float64Array(0);
  lengthOf = new Uint32Array(0);
  sessionOf = new Uint32Array(0);
  hostOf = new Uint8Array(0);
  typeOf = new Uint8Array(0);
  outcomeOf = new Uint8Array(0);
  reasonOf = new Uint32Array(0);
  toolOf = new Uint32Array(0);
  classOf = new Uint8Array(0);
  childOf = new Uint8Array(0);
  idBytes = new Uint8Array(0);
  alive = new Uint8Array(0);
  /** alive rows, oldest first (time, then read order) */
  order = new Uint32Array(0);

  readonly hosts = new Dict(256);
  readonly types = new Dict(256);
  readonly reasons = new Dict(1 << 20);
  readonly tools = new Dict(1 << 20);
  readonly classes = new Dict(256);
  private readonly sessionIds = new Map<string, number>();
  sessions: SessionInfo[] = [];

  totals = emptyTotals();
  byHost: CheckCounts = { checks: [], denies: [] };
  byReason: CheckCounts = { checks: [], denies: [] };
  byClass: CheckCounts = { checks: [], denies: [] };

  /**
   * One line the scanner accepted as a record of `shape`, read from file `fileId`: a new row, or
   * false when the line's own id or time makes it damaged (the rule the store always had, see
   * record-shape.ts).
   */
  add(shape: RecordShape, line: Line, fileId: number): boolean {
    this.makeRoom();
    const i = this.rows;
    if (!eventIdInto(line, this.idBytes, i * 10)) return false;
    const at = lineTime(line);
    if (Number.isNaN(at)) return false;
    this.rows++;
    const ids = (shape.ids ??= this.idsOf(shape, at, i));
    this.time[i] = at;
    this.fileOf[i] = fileId;
    this.offsetOf[i] = line.offset;
    this.lengthOf[i] = line.length;
    this.hostOf[i] = ids.host;
    this.typeOf[i] = ids.type;
    this.outcomeOf[i] = shape.outcome;
    this.reasonOf[i] = ids.reason;
    this.toolOf[i] = ids.tool;
    this.classOf[i] = ids.toolClass;
    this.childOf[i] = shape.child ? 1 : 0;
    this.alive[i] = 1;
    this.sessionOf[i] = ids.session;
    const info = this.sessions[ids.session]!;
    if (at >= info.lastAt) {
      info.contract = shape.contract;
      info.controlState = shape.controlState;
    }
    this.count(i);
    return true;
  }

  /** Dictionary ids of a shape, on its first accepted line (row `i` at time `at`). */
  private idsOf(shape: RecordShape, at: number, i: number): ShapeIds {
    const host = this.hosts.id(shape.host);
    let session = this.sessionIds.get(shape.sessionKey);
    if (session === undefined) {
      session = this.sessions.length;
      this.sessionIds.set(shape.sessionKey, session);
      this.sessions.push({ key: shape.sessionKey, host, firstAt: at, lastAt: -Infinity, lastRow: i, checks: 0, denies: 0, controlState: '', contract: null });
    }
    return {
      host,
      type: this.types.id(shape.type),
      reason: this.reasons.id(shape.reason),
      tool: this.tools.id(shape.tool),
      toolClass: this.classes.id(shape.mutability),
      session,
    };
  }

  /** Room for one more row in every column. */
  private makeRoom(): void {
    if (this.rows === this.cap) {
      const cap = Math.max(1024, this.cap * 2);
      const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, per = 1): T => {
        const b = new (a.constructor as new (n: number) => T)(cap * per);
        b.set(a);
        return b;
      };
      this.time = grow(this.time);
      this.fileOf = grow(this.fileOf);
      this.offsetOf = grow(this.offsetOf);
      this.lengthOf = grow(this.lengthOf);
      this.sessionOf = grow(this.sessionOf);
      this.hostOf = grow(this.hostOf);
      this.typeOf = grow(this.typeOf);
      this.outcomeOf = grow(this.outcomeOf);
      this.reasonOf = grow(this.reasonOf);
      this.toolOf = grow(this.toolOf);
      this.classOf = grow(this.classOf);
      this.childOf = grow(this.childOf);
      this.idBytes = grow(this.idBytes, 10);
      this.alive = grow(this.alive);
      this.cap = cap;
    }
  }

  /** Add one alive row to the running aggregates. */
  private count(i: number): void {
    const t = this.totals;
    t.records++;
    const info = this.sessions[this.sessionOf[i]!]!;
    if (this.time[i]! >= info.lastAt) {
      info.lastAt = this.time[i]!;
      info.lastRow = i;
      info.host = this.hostOf[i]!;
    }
    if (this.time[i]! < info.firstAt) info.firstAt = this.time[i]!;
    const type = this.types.names[this.typeOf[i]!];
    if (type === 'contract') t.contractChanges++;
    else if (type === 'recovery') t.recoveries++;
    else if (type === 'after') t.after++;
    else if (type === 'check' && this.outcomeOf[i]! > 0) {
      const o = this.outcomeOf[i]!;
      const deny = o === DENY ? 1 : 0;
      t.checks++;
      if (o === 1) t.allowed++;
      else if (o === 2) t.contexts++;
      else if (o === 3) t.asks++;
      else t.denies++;
      info.checks++;
      info.denies += deny;
      bump(this.byHost, this.hostOf[i]!, deny);
      bump(this.byReason, this.reasonOf[i]!, deny);
      bump(this.byClass, this.classOf[i]!, deny);
    }
  }

  /**
   * After files disappeared: drop the rows of the files `gone` and recount everything from the
   * columns. The latest record of a session may have gone with its file, so `latest` reads the
   * new latest one back.
   */
  drop(gone: ReadonlySet<number>, latest: (row: number) => { contract: RuntimeContractSummary | null; controlState: string } | null): void {
    this.totals = emptyTotals();
    this.byHost = { checks: [], denies: [] };
    this.byReason = { checks: [], denies: [] };
    this.byClass = { checks: [], denies: [] };
    for (const s of this.sessions) Object.assign(s, { firstAt: Infinity, lastAt: -Infinity, checks: 0, denies: 0 });
    const keep: number[] = [];
    for (let i = 0; i < this.rows; i++) {
      if (this.alive[i] && gone.has(this.fileOf[i]!)) this.alive[i] = 0;
      if (!this.alive[i]) continue;
      keep.push(i);
      this.count(i);
    }
    for (const s of this.sessions) {
      if (s.lastAt === -Infinity) continue;
      const rec = latest(s.lastRow);
      if (rec) {
        s.contract = rec.contract;
        s.controlState = rec.controlState;
      }
    }
    keep.sort((a, b) => this.time[a]! - this.time[b]! || a - b);
    this.order = Uint32Array.from(keep);
  }

  /** Merge the rows from `firstNew` on into the time order (each file is mostly in order already). */
  mergeOrder(firstNew: number): void {
    const fresh = new Uint32Array(this.rows - firstNew);
    for (let i = 0; i < fresh.length; i++) fresh[i] = firstNew + i;
    const t = this.time;
    fresh.sort((a, b) => t[a]! - t[b]! || a - b);
    const old = this.order;
    const out = new Uint32Array(old.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < fresh.length) {
      const a = old[i]!;
      const b = fresh[j]!;
      if (t[a]! < t[b]! || (t[a] === t[b] && a < b)) {
        out[k++] = a;
        i++;
      } else {
        out[k++] = b;
        j++;
      }
    }
    while (i < old.length) out[k++] = old[i++]!;
    while (j < fresh.length) out[k++] = fresh[j++]!;
    this.order = out;
  }

  /** The event id of row `i`. */
  idOf(i: number): string {
    return bytesToId(this.idBytes, i * 10);
  }

  /** Row index of an alive event (the id already checked against EVENT_ID), by a linear scan of the id column (a few ms at 10^6). */
  findRow(eventId: string): number {
    const want = new Uint8Array(10);
    hexToBytes(eventId, want, 0);
    const ids = this.idBytes;
    const b0 = want[0];
    for (let i = 0, at = 0; i < this.rows; i++, at += 10) {
      if (ids[at] !== b0 || !this.alive[i]) continue;
      let k = 1;
      while (k < 10 && ids[at + k] === want[k]) k++;
      if (k === 10) return i;
    }
    return -1;
  }
}
