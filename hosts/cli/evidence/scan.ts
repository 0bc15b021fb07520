/**
 * A streaming reader for evidence logs (`runtime/*.jsonl`) that avoids JSON.parse on the lines
 * stopline itself writes. Every record starts `{"schemaVersion":1,"eventId":"…","occurredAt":"…"`
 * and the rest of the line (its "shape": type, session, host, contract, action, decision) repeats
 * across many records. So a line is split into the two per-record strings and its shape; a shape
 * seen before reuses what the first line with that shape parsed to, and only a new shape (or a
 * line that does not start that way) goes through JSON.parse. This is exact, not a heuristic:
 * when both strings are plain (no quote, backslash or control byte), JSON.parse of two lines
 * with the same shape bytes gives objects that differ only in those two strings.
 *
 * Files are read in chunks into one buffer, so memory stays bounded by the chunk and the shape
 * memo, never by the log. A reader brings its own `derive` (what it keeps per shape) and `visit`
 * (per line): the terminal views (tally.ts) read whole files with scanFile; a reader that tails
 * files itself (the dashboard store) can hand over each complete line with scanLine.
 */
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { isRecord } from '../../../core/check';

/** `{"schemaVersion":1,"eventId":"` then the event id */
const PREFIX = Buffer.from('{"schemaVersion":1,"eventId":"', 'latin1');
/** between the event id and the timestamp */
const MIDDLE = Buffer.from('","occurredAt":"', 'latin1');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

const CHUNK_BYTES = 1 << 20;
/** a record is under 1 KB; a longer line is still read whole up to this, then skipped as damaged */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** distinct shapes remembered per scanner; past it the memo starts over (memory stays bounded) */
const MAX_SHAPES = 4096;
/** a longer shape (a record is ~800 bytes) is parsed per line rather than remembered */
const MAX_SHAPE_BYTES = 4096;
/**
 * A log whose every line is a new shape (a field that counts up in every record) would pay for
 * the memo and never use it: when over half of a window of lines that differ from the line
 * before are new shapes, the next lines go straight to JSON.parse, then the memo is tried again.
 */
const MEMO_WINDOW = 1024;
const MEMO_PAUSE = 16 * 1024;

/** What a scanner may be told beyond its sink; every field has the default stated. */
interface ScanLimits {
  /** bytes read at a time (1 MiB) */
  chunkBytes?: number;
  /** longest line read whole (MAX_LINE_BYTES) */
  maxLineBytes?: number;
  /**
   * Longest pause of the shape memo, in lines (16 Ki: every pause is that long). A reader of
   * logs that can be new shapes throughout (the dashboard over a whole folder) may allow more:
   * each window of mostly new shapes in a row then doubles the pause up to this, and a window
   * that hits starts over at 16 Ki, so a log without repeats pays for almost no memo tries.
   */
  maxMemoPause?: number;
}

/** What a `derive` function gets: the parsed line (whose eventId and occurredAt it must not use, see ScanSink). */
export type EvidenceObject = Record<string, unknown>;

/**
 * One line as a visitor sees it. The object is reused for every line of a scan: read what you
 * need inside `visit`, keep nothing.
 */
export interface Line {
  /** byte offset of the line in its file, and its length without the newline */
  offset: number;
  length: number;
  /** the line's `eventId` value (any JSON value on a hand-written line; a string on a memo hit) */
  eventId(): unknown;
  /** the line's `occurredAt` value */
  occurredAt(): unknown;
  /** Date.parse(occurredAt), computed without a string for the canonical ISO form */
  occurredMs(): number;
  /**
   * Where the line's id and timestamp sit when they were read from its bytes (both plain JSON
   * strings, so their bytes are their values), for a reader that decodes them without making
   * strings; null when the line went through JSON.parse (then eventId()/occurredAt() give the
   * parsed values, of any JSON type). Reused like the Line: valid inside `visit` only.
   */
  raw(): RawStrings | null;
}

/** Byte ranges of a line's own strings in `buf` (the closing quote is at each end). */
interface RawStrings {
  buf: Buffer;
  idStart: number;
  idEnd: number;
  atStart: number;
  atEnd: number;
}

export interface ScanSink<D> {
  /**
   * What this reader keeps from a parsed record (null = not a record it accepts: damaged). For a
   * memo hit this runs once per shape, so it must not read `eventId` or `occurredAt`: those
   * belong to the line and come from `Line`.
   */
  derive(record: EvidenceObject): D | null;
  /** one accepted record; false = the line's own id or time makes it damaged for this reader */
  visit(derived: D, line: Line): boolean | void;
}

interface ScanCount {
  /** lines accepted as records */
  records: number;
  /** non-blank lines that are not records: not JSON, not an object, refused by derive, or too long */
  damaged: number;
  /** lines answered from the shape memo without JSON.parse (the rest were parsed); for measuring */
  memoHits: number;
}

/** What one line was; `memo-` when it was answered from the shape memo. */
type LineKind = 'record' | 'memo-record' | 'damaged' | 'memo-damaged' | 'blank';

function tallyLine(count: ScanCount, kind: LineKind): void {
  if (kind === 'record' || kind === 'memo-record') count.records++;
  else if (kind !== 'blank') count.damaged++;
  if (kind === 'memo-record' || kind === 'memo-damaged') count.memoHits++;
}

interface Shape<D> {
  /** derived data, or null when lines of this shape are damaged */
  derived: D | null;
}

/** One reader with its own buffer and shape memo; reuse it across the files of one command. */
export class EvidenceScanner<D> {
  private buf: Buffer;
  private readonly shapes = new Map<string, Shape<D>>();
  /** the previous line's shape bytes, compared natively before any string is made */
  private lastRest = Buffer.allocUnsafe(1024);
  private lastRestLength = -1;
  private lastShape: Shape<D> | null = null;
  private windowLines = 0;
  private windowMisses = 0;
  /** lines left to parse whole before the memo is tried again */
  private pausedFor = 0;
  /** the next pause, doubling while windows keep missing (up to maxMemoPause) */
  private nextPause = MEMO_PAUSE;
  private readonly maxMemoPause: number;
  /** the current line's shape was parsed just now (not a memo hit) */
  private freshShape = false;

  // the current line, for the Line methods
  private lineBuf: Buffer;
  private idStart = 0;
  private idEnd = 0;
  private atStart = 0;
  private atEnd = 0;
  /** the parsed record on the JSON path, null on a memo hit */
  private parsed: EvidenceObject | null = null;
  private readonly line: Line;
  private readonly rawStrings: RawStrings;

  private readonly maxLineBytes: number;

  constructor(
    private readonly sink: ScanSink<D>,
    limits: ScanLimits = {},
  ) {
    this.buf = Buffer.allocUnsafe(limits.chunkBytes ?? CHUNK_BYTES);
    this.lineBuf = this.buf;
    this.rawStrings = { buf: this.buf, idStart: 0, idEnd: 0, atStart: 0, atEnd: 0 };
    this.maxLineBytes = limits.maxLineBytes ?? MAX_LINE_BYTES;
    this.maxMemoPause = Math.max(MEMO_PAUSE, limits.maxMemoPause ?? MEMO_PAUSE);
    const self = this;
    this.line = {
      offset: 0,
      length: 0,
      eventId: () => (self.parsed ? self.parsed.eventId : self.lineBuf.toString('utf8', self.idStart, self.idEnd)),
      occurredAt: () => (self.parsed ? self.parsed.occurredAt : self.lineBuf.toString('utf8', self.atStart, self.atEnd)),
      occurredMs: () => (self.parsed ? Date.parse(self.parsed.occurredAt as string) : isoMs(self.lineBuf, self.atStart, self.atEnd)),
      raw: () => {
        if (self.parsed) return null;
        const r = self.rawStrings;
        r.buf = self.lineBuf;
        r.idStart = self.idStart;
        r.idEnd = self.idEnd;
        r.atStart = self.atStart;
        r.atEnd = self.atEnd;
        return r;
      },
    };
  }

  /** Read one file; a missing or unreadable file counts nothing (as the JSON reader did). */
  scanFile(path: string): ScanCount {
    const count: ScanCount = { records: 0, damaged: 0, memoHits: 0 };
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return count;
    }
    try {
      this.scanFd(fd, count);
    } catch {
      // a read error mid-file (the file vanished, an I/O error): keep what was counted
    } finally {
      closeSync(fd);
    }
    return count;
  }

  private scanFd(fd: number, count: ScanCount): void {
    let filled = 0; // bytes in buf
    let fileOffsetOfBuf = 0; // file offset of buf[0]
    let skipping = false; // inside a line longer than maxLineBytes
    for (;;) {
      if (filled === this.buf.length) {
        // one line fills the buffer: grow it (up to the cap) or give the line up as damaged
        if (this.buf.length <= this.maxLineBytes) {
          // room for the longest line allowed plus its newline
          const bigger = Buffer.allocUnsafe(Math.min(this.buf.length * 2, this.maxLineBytes + 1));
          this.buf.copy(bigger, 0, 0, filled);
          this.buf = bigger;
        } else {
          if (!skipping) count.damaged++;
          skipping = true;
          fileOffsetOfBuf += filled;
          filled = 0;
        }
      }
      const got = readSync(fd, this.buf, filled, this.buf.length - filled, null);
      const end = filled + got;
      let start = 0;
      for (;;) {
        const nl = this.buf.indexOf(NEWLINE, start);
        if (nl === -1 || nl >= end) break;
        if (skipping) skipping = false;
        else tallyLine(count, this.scanLine(this.buf, start, nl, fileOffsetOfBuf + start));
        start = nl + 1;
      }
      if (got === 0) {
        // the last line has no newline (a torn write): it is still a line
        if (start < end && !skipping) tallyLine(count, this.scanLine(this.buf, start, end, fileOffsetOfBuf + start));
        return;
      }
      if (start > 0) this.buf.copy(this.buf, 0, start, end);
      fileOffsetOfBuf += start;
      filled = end - start;
      if (skipping) {
        fileOffsetOfBuf += filled;
        filled = 0;
      }
    }
  }

  /**
   * One complete line (`buf[start, end)`, no newline) at `fileOffset` in its file: a record
   * (visited), damaged, or blank; the `memo-` kinds were answered without JSON.parse.
   */
  scanLine(buf: Buffer, start: number, end: number, fileOffset: number): LineKind {
    const line = this.line;
    line.offset = fileOffset;
    line.length = end - start;
    this.lineBuf = buf;
    this.freshShape = false;
    const shape = this.pausedFor > 0 ? (this.pausedFor--, null) : this.memoShape(buf, start, end);
    if (shape) {
      this.parsed = null;
      const ok = shape.derived !== null && this.sink.visit(shape.derived, line) !== false;
      if (this.freshShape) return ok ? 'record' : 'damaged';
      return ok ? 'memo-record' : 'memo-damaged';
    }
    // the JSON path: what the line-by-line reader did, exactly
    const text = buf.toString('utf8', start, end);
    if (text.trim() === '') return 'blank';
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      return 'damaged';
    }
    const derived = isRecord(v) ? this.sink.derive(v as EvidenceObject) : null;
    if (derived === null) return 'damaged';
    this.parsed = v as EvidenceObject;
    return this.sink.visit(derived, line) === false ? 'damaged' : 'record';
  }

  /**
   * The shape of a line in the stopline layout with plain id and timestamp strings, from the
   * memo or newly parsed; null when the line is not in that layout (the caller parses it whole).
   */
  private memoShape(b: Buffer, start: number, end: number): Shape<D> | null {
    if (end - start < PREFIX.length + MIDDLE.length + 2 || b[start] !== 0x7b /* { */) return null;
    if (!bytesAt(b, start, PREFIX)) return null;
    const idStart = start + PREFIX.length;
    const idEnd = plainStringEnd(b, idStart, end);
    if (idEnd < 0 || idEnd + MIDDLE.length > end) return null;
    // MIDDLE begins with the closing quote of the id
    if (!bytesAt(b, idEnd, MIDDLE)) return null;
    const atStart = idEnd + MIDDLE.length;
    const atEnd = plainStringEnd(b, atStart, end);
    if (atEnd < 0) return null;
    this.idStart = idStart;
    this.idEnd = idEnd;
    this.atStart = atStart;
    this.atEnd = atEnd;
    // the shape: from the timestamp's closing quote to the end of the line
    const restLength = end - atEnd;
    if (restLength > MAX_SHAPE_BYTES) return null;
    if (restLength === this.lastRestLength && this.lastShape && b.compare(this.lastRest, 0, restLength, atEnd, end) === 0) return this.lastShape;
    const key = b.toString('latin1', atEnd, end);
    let shape = this.shapes.get(key);
    if (++this.windowLines === MEMO_WINDOW) {
      if (this.windowMisses * 2 > MEMO_WINDOW) {
        this.pausedFor = this.nextPause;
        this.nextPause = Math.min(this.nextPause * 2, this.maxMemoPause);
      } else this.nextPause = MEMO_PAUSE;
      this.windowLines = 0;
      this.windowMisses = 0;
    }
    if (!shape) {
      this.windowMisses++;
      this.freshShape = true;
      const made = this.newShape(b, start, end, key);
      if (!made) return null;
      shape = made;
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      this.shapes.set(key, shape);
    }
    if (this.lastRest.length < restLength) this.lastRest = Buffer.allocUnsafe(Math.max(restLength, this.lastRest.length * 2));
    b.copy(this.lastRest, 0, atEnd, end);
    this.lastRestLength = restLength;
    this.lastShape = shape;
    return shape;
  }

  /** Parse the first line of a shape; null when its lines cannot share one parse. */
  private newShape(b: Buffer, start: number, end: number, rest: string): Shape<D> | null {
    // a later duplicate of either key would override the line's own value: parse such lines whole
    if (rest.includes('"eventId"') || rest.includes('"occurredAt"')) return null;
    let v: unknown;
    try {
      v = JSON.parse(b.toString('utf8', start, end));
    } catch {
      return { derived: null };
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return { derived: null };
    return { derived: this.sink.derive(v as EvidenceObject) };
  }
}

/** `b` holds `literal` at `at` (a plain loop: short literals cost less than a native call) */
function bytesAt(b: Buffer, at: number, literal: Buffer): boolean {
  for (let i = 0; i < literal.length; i++) if (b[at + i] !== literal[i]) return false;
  return true;
}

/**
 * End (index of the closing quote) of a JSON string whose content starts at `from` and holds no
 * escape and no control byte, so its bytes are its value; -1 when it is not such a string.
 */
function plainStringEnd(b: Buffer, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = b[i]!;
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

function digits(b: Buffer, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * Date.parse of the bytes, with no string for `YYYY-MM-DDTHH:MM:SS.mmmZ` (what stopline writes):
 * Date.UTC gives the same number as Date.parse for it, out-of-range days rolling over alike.
 * Anything else (other forms, years before 100 that Date.UTC maps to 19xx) takes Date.parse.
 * @keep isoMs the evidence scan's time reader: the tests hold it to Date.parse
 */
export function isoMs(b: Buffer, start: number, end: number): number {
  if (
    end - start === 24 &&
    b[start + 4] === 0x2d && b[start + 7] === 0x2d && b[start + 10] === 0x54 && b[start + 13] === 0x3a &&
    b[start + 16] === 0x3a && b[start + 19] === 0x2e && b[start + 23] === 0x5a
  ) {
    const year = digits(b, start, 4);
    const month = digits(b, start + 5, 2);
    const day = digits(b, start + 8, 2);
    const hour = digits(b, start + 11, 2);
    const minute = digits(b, start + 14, 2);
    const second = digits(b, start + 17, 2);
    const ms = digits(b, start + 20, 3);
    if (year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && ms >= 0) {
      return Date.UTC(year, month - 1, day, hour, minute, second, ms);
    }
  }
  return Date.parse(b.toString('utf8', start, end));
}
