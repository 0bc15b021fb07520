/**
 * The log files of the evidence folders, read incrementally: every refresh reads only the bytes
 * appended since the last one. Files are tracked by inode, so a rotation (`<key>.jsonl` renamed
 * to `<key>.1.jsonl`) keeps its rows, and a file that disappears (the rotation overwrote the old
 * `.1`, retention removed a session) is reported gone so its rows can go with it.
 *
 * Lines go through the evidence scanner (../evidence/scan.ts): what identical lines share is
 * worked out once per shape (record-shape.ts), so a record whose shape was seen before costs a
 * lookup of its shape bytes, its id's hex digits and its timestamp, not a JSON.parse; a record of
 * a new shape is parsed as before. Each accepted line goes to the columns (./columns.ts).
 */
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runtimeDir } from '../../../core/evidence/log';
import type { RuntimeEventV1 } from '../../../core/evidence/runtime-event';
import { EvidenceScanner } from '../evidence/scan';
import type { EvidenceColumns } from './columns';
import { shapeOf } from './record-shape';
import type { RecordShape } from './record-shape';
import { isRecord } from '../../../core/check';

const LOG_NAME = /^([0-9a-f]{32})(\.1)?\.jsonl$/;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Hand the event loop back this often while reading a large folder. */
const YIELD_BYTES = 16 * 1024 * 1024;
const MAX_MEMO_PAUSE = 256 * 1024;

interface TrackedFile {
  id: number;
  /** index into the folders */
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

function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class EvidenceFiles {
  private readonly files: TrackedFile[] = [];
  private readonly byIdentity = new Map<string, TrackedFile>();
  /** lines that are not valid records, over every refresh */
  damaged = 0;
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /**
   * One scanner for the store's life: its shape memo carries over from refresh to refresh. A
   * folder can hold 10^6 lines that are all new shapes (a field that counts up in every record),
   * so the memo may pause for up to MAX_MEMO_PAUSE lines at a time rather than retry every 16 Ki.
   */
  private readonly scanner: EvidenceScanner<RecordShape>;
  /** the file whose lines the scanner is handing over */
  private reading: TrackedFile | null = null;

  constructor(
    private readonly folders: readonly string[],
    private readonly columns: EvidenceColumns,
  ) {
    this.scanner = new EvidenceScanner<RecordShape>({ derive: shapeOf, visit: (shape, line) => this.columns.add(shape, line, this.reading!.id) }, { maxMemoPause: MAX_MEMO_PAUSE });
  }

  /** Read what was appended; returns the ids of the files that disappeared since the last read. */
  async readNew(): Promise<Set<number>> {
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
    const gone = new Set<number>();
    for (const f of this.files) {
      if (f.present && !seen.has(f.identity)) {
        f.present = false;
        gone.add(f.id);
      }
    }
    return gone;
  }

  /** Every file that is gone (their rows must not come back on a rebuild). */
  goneIds(): Set<number> {
    return new Set(this.files.filter((f) => !f.present).map((f) => f.id));
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

  /** The folder index a row's file lives in, or undefined when its file is unknown. */
  folderOf(row: number): number | undefined {
    return this.files[this.columns.fileOf[row]!]?.folder;
  }

  /** The whole record of row `i`, read back from its file; null when the file is gone or the line changed. */
  readRecord(i: number): RuntimeEventV1 | null {
    const cols = this.columns;
    const file = this.files[cols.fileOf[i]!];
    if (!file || !file.present) return null;
    let fd: number;
    try {
      fd = openSync(file.path, 'r');
    } catch {
      return null;
    }
    try {
      const buf = Buffer.allocUnsafe(cols.lengthOf[i]!);
      readSync(fd, buf, 0, buf.length, cols.offsetOf[i]!);
      const v = JSON.parse(buf.toString('utf8')) as RuntimeEventV1;
      return isRecord(v) && v.eventId === cols.idOf(i) ? v : null;
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }
}
