/**
 * The dashboard's view of one evidence folder, kept in memory and brought up to date
 * incrementally: every refresh reads only the bytes appended since the last one.
 *
 * A log can hold 10^6 records, so nothing here keeps a parsed object per record. Each record
 * becomes one row of typed-array columns (~50 bytes) holding what the page aggregates and
 * lists; the full line is read back from its file (offset + length) only when someone opens
 * one event. Files are tracked by inode, so a rotation (`<key>.jsonl` renamed to
 * `<key>.1.jsonl`) keeps its rows, and a file that disappears (the rotation overwrote the old
 * `.1`, retention removed a session) takes its rows with it: the page always shows what a
 * fresh read of the folder would show.
 *
 * Lines go through the evidence scanner (../evidence/scan.ts): what identical lines share is
 * worked out once per shape (record-shape.ts), so a record whose shape was seen before costs a
 * lookup of its shape bytes, its id's hex digits and its timestamp, not a JSON.parse; a record of
 * a new shape is parsed as before.
 */
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS } from '../../../core/contract/grammar';
import type { Label } from '../../../core/contract/grammar';
import { appendLabel, labelsFile, runtimeDir } from '../../../core/evidence/log';
import type { LabelRecord } from '../../../core/evidence/log';
import type { RuntimeContractSummary, RuntimeEventV1 } from '../../../core/evidence/runtime-event';
import { renderExplain } from '../../../core/messages/render';
import { EvidenceScanner } from '../evidence/scan';
import type { Line } from '../evidence/scan';
import { DENY, EVENT_ID, OUTCOMES, eventIdInto, isObject, lineTime, shapeOf } from './record-shape';
import type { RecordShape, ShapeIds } from './record-shape';

export { EVENT_ID, OUTCOMES };
const LOG_NAME = /^([0-9a-f]{32})(\.1)?\.jsonl$/;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Hand the event loop back this often while reading a large folder. */
const YIELD_BYTES = 16 * 1024 * 1024;
const MAX_NAME = 64;
const MAX_MEMO_PAUSE = 256 * 1024;

/** String <-> small integer, with a cap so a hand-edited log cannot overflow a column. */
class Dict {
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

interface TrackedFile {
  id: number;
  /** index into the store's folders */
  folder: number;
  /** `dev:ino` */
  identity: string;
  path: string;
  /** bytes consumed (always at a line start) */
  offset: number;
  present: boolean;
  /** inside a line longer than the read buffer, which is skipped as damaged */
  skipping: boolean;
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

export interface Totals {
  records: number;
  checks: number;
  allowed: number;
  contexts: number;
  asks: number;
  denies: number;
  after: number;
  contractChanges: number;
  recoveries: number;
  sessions: number;
  /** lines that are not valid records (torn writes, edits by hand) */
  damaged: number;
}

export interface Breakdown {
  name: string;
  checks: number;
  denies: number;
}

export interface Timeline {
  bucketMs: number;
  /** start of the first bucket (ms since epoch); null when there are no checks */
  from: number | null;
  checks: number[];
  denies: number[];
}

export interface Summary {
  totals: Totals;
  byHost: Breakdown[];
  byReason: Breakdown[];
  byToolClass: Breakdown[];
  labels: Record<Label, number>;
  timeline: Timeline;
}

export interface SessionRow {
  key: string;
  host: string;
  firstAt: string;
  lastAt: string;
  checks: number;
  denies: number;
  controlState: string;
  contract: RuntimeContractSummary | null;
}

export interface EventRow {
  id: string;
  at: string;
  host: string;
  type: string;
  tool: string;
  toolClass: string;
  outcome: string;
  reason: string;
  session: string;
  child: boolean;
  label: Label | null;
}

export interface EventQuery {
  page: number;
  size: number;
  host?: string;
  outcome?: string;
  reason?: string;
  toolClass?: string;
  type?: string;
}

export interface EventPage {
  total: number;
  page: number;
  size: number;
  pages: number;
  rows: EventRow[];
}

export interface EventDetail {
  row: EventRow;
  /** the `$stopline explain` text for this event */
  explain: string;
  record: RuntimeEventV1;
}

export type DetailResult = { ok: true; detail: EventDetail } | { ok: false; status: 404; error: string };

const BUCKETS_MS = [60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3, 3600e3, 3 * 3600e3, 6 * 3600e3, 12 * 3600e3, 86400e3, 2 * 86400e3, 7 * 86400e3, 30 * 86400e3, 365 * 86400e3];
const MAX_BUCKETS = 90;

function hexToBytes(id: string, out: Uint8Array, at: number): void {
  for (let i = 0; i < 10; i++) out[at + i] = parseInt(id.slice(4 + i * 2, 6 + i * 2), 16);
}

function bytesToId(ids: Uint8Array, at: number): string {
  let s = 'evt_';
  for (let i = 0; i < 10; i++) s += ids[at + i]!.toString(16).padStart(2, '0');
  return s;
}

function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class EvidenceStore {
  private rows = 0;
  private cap = 0;
  private time = new Float64Array(0);
  private fileOf = new Uint32Array(0);
  private offsetOf = new Float64Array(0);
  private lengthOf = new Uint32Array(0);
  private sessionOf = new Uint32Array(0);
  private hostOf = new Uint8Array(0);
  private typeOf = new Uint8Array(0);
  private outcomeOf = new Uint8Array(0);
  private reasonOf = new Uint32Array(0);
  private toolOf = new Uint32Array(0);
  private classOf = new Uint8Array(0);
  private childOf = new Uint8Array(0);
  private idBytes = new Uint8Array(0);
  private alive = new Uint8Array(0);
  /** alive rows, oldest first (time, then read order) */
  private order = new Uint32Array(0);

  private readonly hosts = new Dict(256);
  private readonly types = new Dict(256);
  private readonly reasons = new Dict(1 << 20);
  private readonly tools = new Dict(1 << 20);
  private readonly classes = new Dict(256);
  private readonly sessionIds = new Map<string, number>();
  private sessions: SessionInfo[] = [];

  private readonly files: TrackedFile[] = [];
  private readonly byIdentity = new Map<string, TrackedFile>();
  private damaged = 0;
  private totals = EvidenceStore.emptyTotals();
  private hostChecks: number[] = [];
  private hostDenies: number[] = [];
  private reasonChecks: number[] = [];
  private reasonDenies: number[] = [];
  private classChecks: number[] = [];
  private classDenies: number[] = [];

  /** per folder: where labels.jsonl was read to, and the latest label per event */
  private readonly labelState: { file: { identity: string; offset: number } | null; labels: Map<string, { label: Label; at: string }> }[];

  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /**
   * One scanner for the store's life: its shape memo carries over from refresh to refresh. A
   * folder can hold 10^6 lines that are all new shapes (a field that counts up in every record),
   * so the memo may pause for up to MAX_MEMO_PAUSE lines at a time rather than retry every 16 Ki.
   */
  private readonly scanner = new EvidenceScanner<RecordShape>(
    { derive: shapeOf, visit: (shape, line) => this.addRecord(shape, line) },
    { maxMemoPause: MAX_MEMO_PAUSE },
  );
  /** the file whose lines the scanner is handing over */
  private reading: TrackedFile | null = null;
  private inflight: Promise<void> | null = null;
  private version = 0;
  private timelineCache: { version: number; value: Timeline } | null = null;

  /** `folders`: every data folder to show (most specific first); labels go to the event's own folder */
  constructor(readonly folders: readonly string[]) {
    this.labelState = folders.map(() => ({ file: null, labels: new Map() }));
  }

  private static emptyTotals(): Totals {
    return { records: 0, checks: 0, allowed: 0, contexts: 0, asks: 0, denies: 0, after: 0, contractChanges: 0, recoveries: 0, sessions: 0, damaged: 0 };
  }

  /** Read what was appended since the last call. Concurrent callers share one read. */
  refresh(): Promise<void> {
    if (!this.inflight) {
      this.inflight = this.readNew().finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  private async readNew(): Promise<void> {
    const firstNew = this.rows;
    const seen = new Set<string>();
    let budget = { sinceYield: 0 };
    for (const [folder, name] of this.logNames()) {
      const path = join(runtimeDir(this.folders[folder]!), name);
      let size: number;
      let identity: string;
      try {
        const st = statSync(path);
        if (!st.isFile()) continue;
        size = st.size;
        identity = `${st.dev}:${st.ino}`;
      } catch {
        continue;
      }
      seen.add(identity);
      let file = this.byIdentity.get(identity);
      if (!file) {
        file = { id: this.files.length, folder, identity, path, offset: 0, present: true, skipping: false };
        this.files.push(file);
        this.byIdentity.set(identity, file);
      }
      file.path = path;
      file.present = true;
      // a file shorter than what was read was rewritten by hand; its rows stay as they were read
      if (size > file.offset) budget = await this.readFile(file, size, budget);
    }
    let removed = false;
    for (const f of this.files) {
      if (f.present && !seen.has(f.identity)) {
        f.present = false;
        removed = true;
      }
    }
    this.folders.forEach((_, folder) => this.readLabels(folder));
    if (removed) this.rebuild();
    else if (this.rows > firstNew) this.mergeOrder(firstNew);
    // the cached timeline stays valid while no row came or went
    if (removed || this.rows > firstNew) this.version++;
  }

  private logNames(): [number, string][] {
    const out: [number, string][] = [];
    this.folders.forEach((dataDir, folder) => {
      try {
        for (const name of readdirSync(runtimeDir(dataDir)).sort()) if (LOG_NAME.test(name)) out.push([folder, name]);
      } catch {
        /* no evidence in this folder yet */
      }
    });
    return out;
  }

  private labelOf(eventId: string): { label: Label; at: string } | undefined {
    for (const st of this.labelState) {
      const l = st.labels.get(eventId);
      if (l) return l;
    }
    return undefined;
  }

  private async readFile(file: TrackedFile, size: number, budget: { sinceYield: number }): Promise<{ sinceYield: number }> {
    let fd: number;
    try {
      fd = openSync(file.path, 'r');
    } catch {
      return budget;
    }
    const buf = this.buffer;
    this.reading = file;
    try {
      let pos = file.offset;
      while (pos < size) {
        const got = readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
        if (got <= 0) break;
        let start = 0;
        for (;;) {
          const nl = buf.indexOf(10, start);
          if (nl === -1 || nl >= got) break;
          if (file.skipping) file.skipping = false;
          else if (nl > start) {
            const kind = this.scanner.scanLine(buf, start, nl, pos + start);
            if (kind === 'damaged' || kind === 'memo-damaged') this.damaged++;
          }
          start = nl + 1;
        }
        if (start === 0 && got === buf.length) {
          // no line end in a whole buffer: a damaged giant line; skip it to its end
          if (!file.skipping) this.damaged++;
          file.skipping = true;
          start = got;
        }
        pos += start;
        budget.sinceYield += start;
        // the rest is a line still being written: keep its start and read it next time
        if (start < got && pos + (got - start) >= size) break;
        if (budget.sinceYield >= YIELD_BYTES) {
          budget.sinceYield = 0;
          await yieldToLoop();
        }
      }
      file.offset = pos;
    } finally {
      this.reading = null;
      closeSync(fd);
    }
    return budget;
  }

  /**
   * One line the scanner accepted as a record of `shape`: a new row, or false when the line's
   * own id or time makes it damaged (the rule the store always had, see record-shape.ts).
   */
  private addRecord(shape: RecordShape, line: Line): boolean {
    const file = this.reading!;
    this.makeRoom();
    const i = this.rows;
    if (!eventIdInto(line, this.idBytes, i * 10)) return false;
    const at = lineTime(line);
    if (Number.isNaN(at)) return false;
    this.rows++;
    const ids = (shape.ids ??= this.idsOf(shape, at, i));
    this.time[i] = at;
    this.fileOf[i] = file.id;
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
      bump(this.hostChecks, this.hostDenies, this.hostOf[i]!, deny);
      bump(this.reasonChecks, this.reasonDenies, this.reasonOf[i]!, deny);
      bump(this.classChecks, this.classDenies, this.classOf[i]!, deny);
    }
  }

  /** After files disappeared: drop their rows and recount everything from the columns. */
  private rebuild(): void {
    const gone = new Set(this.files.filter((f) => !f.present).map((f) => f.id));
    this.totals = EvidenceStore.emptyTotals();
    this.hostChecks = [];
    this.hostDenies = [];
    this.reasonChecks = [];
    this.reasonDenies = [];
    this.classChecks = [];
    this.classDenies = [];
    for (const s of this.sessions) Object.assign(s, { firstAt: Infinity, lastAt: -Infinity, checks: 0, denies: 0 });
    const keep: number[] = [];
    for (let i = 0; i < this.rows; i++) {
      if (this.alive[i] && gone.has(this.fileOf[i]!)) this.alive[i] = 0;
      if (!this.alive[i]) continue;
      keep.push(i);
      this.count(i);
    }
    // the latest record of a session may have gone with its file: read the new latest one back
    for (const s of this.sessions) {
      if (s.lastAt === -Infinity) continue;
      const rec = this.readRecord(s.lastRow);
      if (rec) {
        s.contract = rec.contract;
        s.controlState = rec.controlState;
      }
    }
    keep.sort((a, b) => this.time[a]! - this.time[b]! || a - b);
    this.order = Uint32Array.from(keep);
  }

  /** Merge the rows read in this refresh into the time order (each file is mostly in order already). */
  private mergeOrder(firstNew: number): void {
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

  private readLabels(folder: number): void {
    const path = labelsFile(this.folders[folder]!);
    const state = this.labelState[folder]!;
    let size: number;
    let identity: string;
    try {
      const st = statSync(path);
      size = st.size;
      identity = `${st.dev}:${st.ino}`;
    } catch {
      state.labels.clear();
      state.file = null;
      return;
    }
    if (!state.file || state.file.identity !== identity || size < state.file.offset) {
      state.labels.clear();
      state.file = { identity, offset: 0 };
    }
    const at = state.file;
    if (size === at.offset) return;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return;
    }
    try {
      const buf = Buffer.allocUnsafe(size - at.offset);
      const got = readSync(fd, buf, 0, buf.length, at.offset);
      const end = buf.lastIndexOf(10, got - 1);
      if (end === -1) return;
      for (const line of buf.toString('utf8', 0, end).split('\n')) {
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch {
          if (line.trim() !== '') this.damaged++;
          continue;
        }
        const o = v as Partial<LabelRecord> | null;
        if (isObject(o) && o.schemaVersion === 1 && typeof o.eventId === 'string' && (LABELS as readonly unknown[]).includes(o.label)) {
          state.labels.set(o.eventId, { label: o.label!, at: typeof o.occurredAt === 'string' ? o.occurredAt : '' });
        } else this.damaged++;
      }
      at.offset += end + 1;
    } finally {
      closeSync(fd);
    }
  }

  // ------------------------------------------------------------------ answers

  summary(): Summary {
    const labels: Record<Label, number> = { correct: 0, incorrect: 0, inconclusive: 0 };
    for (const st of this.labelState) for (const l of st.labels.values()) labels[l.label]++;
    const breakdown = (dict: Dict, checks: number[], denies: number[]): Breakdown[] =>
      dict.names
        .map((name, id) => ({ name: name === '' ? '(none)' : name, checks: checks[id] ?? 0, denies: denies[id] ?? 0 }))
        .filter((b) => b.checks > 0)
        .sort((a, b) => b.checks - a.checks || a.name.localeCompare(b.name));
    return {
      totals: { ...this.totals, sessions: this.sessions.filter((s) => s.lastAt !== -Infinity).length, damaged: this.damaged },
      byHost: breakdown(this.hosts, this.hostChecks, this.hostDenies),
      byReason: breakdown(this.reasons, this.reasonChecks, this.reasonDenies),
      byToolClass: breakdown(this.classes, this.classChecks, this.classDenies),
      labels,
      timeline: this.timeline(),
    };
  }

  /** Checks and denials per bucket over the span of the checks, at most MAX_BUCKETS buckets. */
  timeline(): Timeline {
    if (this.timelineCache?.version === this.version) return this.timelineCache.value;
    const check = this.types.find('check');
    let min = Infinity;
    let max = -Infinity;
    const rows = this.order;
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k]!;
      if (this.typeOf[i] !== check || this.outcomeOf[i] === 0) continue;
      const t = this.time[i]!;
      if (t < min) min = t;
      if (t > max) max = t;
    }
    let value: Timeline;
    if (min === Infinity) value = { bucketMs: BUCKETS_MS[0]!, from: null, checks: [], denies: [] };
    else {
      const bucketMs = BUCKETS_MS.find((b) => Math.floor(max / b) - Math.floor(min / b) + 1 <= MAX_BUCKETS) ?? BUCKETS_MS[BUCKETS_MS.length - 1]!;
      const from = Math.floor(min / bucketMs) * bucketMs;
      const n = Math.floor((max - from) / bucketMs) + 1;
      const checks = new Array<number>(n).fill(0);
      const denies = new Array<number>(n).fill(0);
      for (let k = 0; k < rows.length; k++) {
        const i = rows[k]!;
        if (this.typeOf[i] !== check || this.outcomeOf[i] === 0) continue;
        const b = Math.floor((this.time[i]! - from) / bucketMs);
        checks[b]!++;
        if (this.outcomeOf[i] === DENY) denies[b]!++;
      }
      value = { bucketMs, from, checks, denies };
    }
    this.timelineCache = { version: this.version, value };
    return value;
  }

  /** The most recently active sessions with the contract their latest record carried. */
  recentSessions(limit: number): SessionRow[] {
    return this.sessions
      .filter((s) => s.lastAt !== -Infinity)
      .sort((a, b) => b.lastAt - a.lastAt)
      .slice(0, limit)
      .map((s) => ({
        key: s.key.slice(0, 12),
        host: this.hosts.names[s.host] ?? '?',
        firstAt: new Date(s.firstAt).toISOString(),
        lastAt: new Date(s.lastAt).toISOString(),
        checks: s.checks,
        denies: s.denies,
        controlState: s.controlState,
        contract: s.contract,
      }));
  }

  /** Newest first, optionally filtered; `page` counts from 1. */
  events(q: EventQuery): EventPage {
    const want = (dict: Dict, v: string | undefined): number | undefined | null => (v === undefined ? undefined : (dict.find(v === '(none)' ? '' : v) ?? null));
    const host = want(this.hosts, q.host);
    const reason = want(this.reasons, q.reason);
    const cls = want(this.classes, q.toolClass);
    const type = want(this.types, q.type);
    const outcome = q.outcome === undefined ? undefined : q.outcome === '(none)' ? 0 : OUTCOMES.indexOf(q.outcome as (typeof OUTCOMES)[number]);
    const none = host === null || reason === null || cls === null || type === null || outcome === -1;
    const filtered = host !== undefined || reason !== undefined || cls !== undefined || type !== undefined || outcome !== undefined;
    const skip = (q.page - 1) * q.size;
    const picked: number[] = [];
    let total = 0;
    if (none) total = 0;
    else if (!filtered) {
      total = this.order.length;
      for (let k = total - 1 - skip; k >= 0 && picked.length < q.size; k--) picked.push(this.order[k]!);
    } else {
      for (let k = this.order.length - 1; k >= 0; k--) {
        const i = this.order[k]!;
        if ((host !== undefined && this.hostOf[i] !== host) || (reason !== undefined && this.reasonOf[i] !== reason) || (cls !== undefined && this.classOf[i] !== cls) || (type !== undefined && this.typeOf[i] !== type) || (outcome !== undefined && this.outcomeOf[i] !== outcome)) continue;
        if (total >= skip && picked.length < q.size) picked.push(i);
        total++;
      }
    }
    return { total, page: q.page, size: q.size, pages: Math.max(1, Math.ceil(total / q.size)), rows: picked.map((i) => this.row(i)) };
  }

  private row(i: number): EventRow {
    const id = bytesToId(this.idBytes, i * 10);
    return {
      id,
      at: new Date(this.time[i]!).toISOString(),
      host: this.hosts.names[this.hostOf[i]!] ?? '?',
      type: this.types.names[this.typeOf[i]!] ?? '?',
      tool: this.tools.names[this.toolOf[i]!] ?? '',
      toolClass: this.classes.names[this.classOf[i]!] ?? '',
      outcome: OUTCOMES[this.outcomeOf[i]!] ?? '',
      reason: this.reasons.names[this.reasonOf[i]!] ?? '',
      session: this.sessions[this.sessionOf[i]!]!.key.slice(0, 12),
      child: this.childOf[i] === 1,
      label: this.labelOf(id)?.label ?? null,
    };
  }

  /** Row index of an alive event, by a linear scan of the id column (a few ms at 10^6). */
  private findRow(eventId: string): number {
    if (!EVENT_ID.test(eventId)) return -1;
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

  private readRecord(i: number): RuntimeEventV1 | null {
    const file = this.files[this.fileOf[i]!];
    if (!file || !file.present) return null;
    let fd: number;
    try {
      fd = openSync(file.path, 'r');
    } catch {
      return null;
    }
    try {
      const buf = Buffer.allocUnsafe(this.lengthOf[i]!);
      readSync(fd, buf, 0, buf.length, this.offsetOf[i]!);
      const v = JSON.parse(buf.toString('utf8')) as RuntimeEventV1;
      return isObject(v) && v.eventId === bytesToId(this.idBytes, i * 10) ? v : null;
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }


  /** One event with its explain text, read back from its log file. */
  detail(eventId: string): DetailResult {
    const i = this.findRow(eventId);
    if (i === -1) return { ok: false, status: 404, error: `no event ${eventId} in the evidence folder` };
    const record = this.readRecord(i);
    if (!record) return { ok: false, status: 404, error: `event ${eventId} is no longer readable in its log file` };
    const l = this.labelOf(eventId);
    let explain: string;
    try {
      explain = renderExplain(record, l ? { schemaVersion: 1, labelId: '', occurredAt: l.at, eventId, label: l.label } : undefined);
    } catch {
      // a record edited by hand can lack fields the explain text reads; the row still shows it
      explain = `stopline explain ${eventId}: this record is incomplete and cannot be explained.`;
    }
    return { ok: true, detail: { row: this.row(i), explain, record } };
  }

  /**
   * Append a label through the same append-only file `$stopline label` writes, in the folder
   * that holds the event. Null when no such event is shown.
   */
  setLabel(eventId: string, label: Label, now: number): { record: LabelRecord; folder: string } | null {
    const i = this.findRow(eventId);
    const file = i === -1 ? undefined : this.files[this.fileOf[i]!];
    if (!file) return null;
    const folder = this.folders[file.folder]!;
    const record = appendLabel(folder, eventId, label, now);
    this.labelState[file.folder]!.labels.set(eventId, { label, at: record.occurredAt });
    return { record, folder };
  }

  /** records currently shown (rows of files still present) */
  get size(): number {
    return this.order.length;
  }
}

function bump(checks: number[], denies: number[], id: number, deny: number): void {
  checks[id] = (checks[id] ?? 0) + 1;
  denies[id] = (denies[id] ?? 0) + deny;
}
