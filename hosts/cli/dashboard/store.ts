/**
 * The dashboard's view of one or more evidence folders, kept in memory and brought up to date
 * incrementally: every refresh reads only the bytes appended since the last one. Four rooms:
 *
 * - files.ts:   the log files, tracked by inode, read from where the last refresh stopped;
 * - columns.ts: one typed-array row per record (~50 bytes) and the running aggregates, so a log
 *               of 10^6 records keeps no parsed object per record;
 * - labels.ts:  the person's labels, read from each folder's labels.jsonl;
 * - queries.ts: what the page asks (summary, timeline, sessions, a page of events, one event).
 *
 * The page always shows what a fresh read of the folders would show: a file that disappears
 * (rotation overwrote the old `.1`, retention removed a session) takes its rows with it.
 */
import type { Label } from '../../../core/contract/grammar';
import { appendLabel } from '../../../core/evidence/log';
import type { LabelRecord } from '../../../core/evidence/log';
import { EvidenceColumns } from './columns';
import { EvidenceFiles } from './files';
import { EvidenceLabels } from './labels';
import { detail, events, findEvent, recentSessions, summary, timeline } from './queries';
import type { DetailResult, EventPage, EventQuery, SessionRow, Summary, Timeline } from './queries';
import { EVENT_ID, OUTCOMES } from './record-shape';

export { EVENT_ID, OUTCOMES };
/** @keep EventRow an evidence row as the store reads it: the scan tests write them */
export type { EventQuery, EventRow } from './queries';

export class EvidenceStore {
  private readonly columns = new EvidenceColumns();
  private readonly files: EvidenceFiles;
  private readonly labels: EvidenceLabels;
  /** damaged lines of the labels files, over every refresh (the logs' own are counted by files) */
  private labelDamage = 0;
  private inflight: Promise<void> | null = null;
  private version = 0;
  private timelineCache: { version: number; value: Timeline } | null = null;

  /** `folders`: every data folder to show (most specific first); labels go to the event's own folder */
  constructor(readonly folders: readonly string[]) {
    this.files = new EvidenceFiles(folders, this.columns);
    this.labels = new EvidenceLabels(folders);
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
    const firstNew = this.columns.rows;
    const gone = await this.files.readNew();
    this.folders.forEach((_, folder) => (this.labelDamage += this.labels.read(folder)));
    const removed = gone.size > 0;
    if (removed) this.columns.drop(this.files.goneIds(), (row) => this.files.readRecord(row));
    else if (this.columns.rows > firstNew) this.columns.mergeOrder(firstNew);
    // the cached timeline stays valid while no row came or went
    if (removed || this.columns.rows > firstNew) this.version++;
  }

  summary(): Summary {
    return summary(this.columns, this.labels, this.files.damaged + this.labelDamage, this.timeline());
  }

  /** Checks and denials per bucket over the span of the checks (cached until a row comes or goes). */
  timeline(): Timeline {
    if (this.timelineCache?.version === this.version) return this.timelineCache.value;
    const value = timeline(this.columns);
    this.timelineCache = { version: this.version, value };
    return value;
  }

  /** The most recently active sessions with the contract their latest record carried. */
  recentSessions(limit: number): SessionRow[] {
    return recentSessions(this.columns, limit);
  }

  /** Newest first, optionally filtered; `page` counts from 1. */
  events(q: EventQuery): EventPage {
    return events(this.columns, this.labels, q);
  }

  /** One event with its explain text, read back from its log file. */
  detail(eventId: string): DetailResult {
    return detail(this.columns, this.files, this.labels, eventId);
  }

  /**
   * Append a label through the same append-only file `$stopline label` writes, in the folder
   * that holds the event. Null when no such event is shown.
   */
  setLabel(eventId: string, label: Label, now: number): { record: LabelRecord; folder: string } | null {
    const i = findEvent(this.columns, eventId);
    const folderIndex = i === -1 ? undefined : this.files.folderOf(i);
    if (folderIndex === undefined) return null;
    const folder = this.folders[folderIndex]!;
    const record = appendLabel(folder, eventId, label, now);
    this.labels.remember(folderIndex, eventId, label, record.occurredAt);
    return { record, folder };
  }

  /** records currently shown (rows of files still present) */
  get size(): number {
    return this.columns.order.length;
  }
}
