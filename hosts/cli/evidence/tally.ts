/**
 * What the terminal views need from a session's evidence, counted while its log streams by
 * (scan.ts) instead of keeping a million records in memory: the per-session line of `status`
 * and `runtime --json`, and the counts of core's summarize(). The counting rules are core's
 * (core/evidence/log.ts summarize, the old readSessionView); test/cli/runtime-scan.test.ts
 * holds the two side by side over mixed logs so they cannot drift apart unnoticed.
 */
import { summarize } from '../../../core/evidence/log';
import type { LabelRecord, Read, RuntimeSummary } from '../../../core/evidence/log';
import { EvidenceScanner } from './scan';
import type { EvidenceObject, Line, ScanSink } from './scan';

/**
 * The fields of one record the views read (never eventId or occurredAt: those are per line).
 * @keep RecordFields an evidence record's fields as the tally reads them: the tests scan with it
 */
export interface RecordFields {
  type: string;
  sessionKey: string;
  host: unknown;
  controlState: unknown;
  mode: unknown;
  level: unknown;
  /** `decision` is present (truthy), as summarize() tests it */
  hasDecision: boolean;
  outcome: unknown;
  /** the reason code as an object key, the way summarize() indexes byReason */
  reasonKey: string;
}

/**
 * core's isEvent: the records every evidence reader accepts
 * @keep recordFields the reader of RecordFields: the tests scan with it
 */
export function recordFields(o: EvidenceObject): RecordFields | null {
  if (o.schemaVersion !== 1 || typeof o.eventId !== 'string' || typeof o.type !== 'string' || typeof o.sessionKey !== 'string' || typeof o.contract !== 'object') return null;
  const contract = o.contract as Record<string, unknown> | null;
  const decision = o.decision as Record<string, unknown> | null | undefined;
  const hasDecision = !!decision;
  return {
    type: o.type,
    sessionKey: o.sessionKey,
    host: o.host,
    controlState: o.controlState,
    mode: contract?.mode,
    level: contract?.level,
    hasDecision,
    outcome: hasDecision ? decision!.outcome : undefined,
    reasonKey: hasDecision ? String(decision!.reasonCode) : '',
  };
}

/** One session's evidence, counted. */
export class EvidenceTally {
  records = 0;
  damaged = 0;
  /** host families seen, as written */
  readonly hosts = new Set<unknown>();
  /** sessionKey values inside the records (summarize counts those, not file names) */
  readonly sessionKeys = new Set<string>();
  /** records of type check, with or without a decision (the status line's "checks") */
  checkRecords = 0;
  /** checks whose outcome is neither allow nor context (the status line's "denied": asks too) */
  checkDenies = 0;
  /** newest occurredAt, ms (0 when none parses) */
  lastMs = 0;
  /** the last record's fields, for the state words */
  last: RecordFields | null = null;
  // summarize()'s counts
  checks = 0;
  allowed = 0;
  contexts = 0;
  asks = 0;
  denies = 0;
  after = 0;
  contractChanges = 0;
  recoveries = 0;
  /** reason code -> checks, in first-seen order (the order summarize() inserts them) */
  readonly byReason = new Map<string, number>();

  add(f: RecordFields, occurredMs: number): void {
    this.records++;
    if (f !== this.last) {
      this.hosts.add(f.host);
      this.sessionKeys.add(f.sessionKey);
      this.last = f;
    }
    if (occurredMs > this.lastMs) this.lastMs = occurredMs;
    switch (f.type) {
      case 'contract':
        this.contractChanges++;
        return;
      case 'recovery':
        this.recoveries++;
        return;
      case 'after':
        this.after++;
        return;
      case 'check':
        this.checkRecords++;
        if (!f.hasDecision) return;
        if (f.outcome !== 'allow' && f.outcome !== 'context') this.checkDenies++;
        this.checks++;
        if (f.outcome === 'allow') this.allowed++;
        else if (f.outcome === 'context') this.contexts++;
        else if (f.outcome === 'ask') this.asks++;
        else this.denies++;
        this.byReason.set(f.reasonKey, (this.byReason.get(f.reasonKey) ?? 0) + 1);
        return;
      default:
        return;
    }
  }
}

class TallySink implements ScanSink<RecordFields> {
  tally = new EvidenceTally();
  derive(record: EvidenceObject): RecordFields | null {
    return recordFields(record);
  }
  visit(fields: RecordFields, line: Line): void {
    this.tally.add(fields, line.occurredMs());
  }
}

/**
 * Counts session logs one after another; one buffer and shape memo serve every file. Give the
 * files in the order the old reader merged them (rotated `.1.jsonl` first).
 */
export class SessionCounter {
  private readonly sink = new TallySink();
  private readonly scanner = new EvidenceScanner(this.sink);
  /** lines answered without JSON.parse, over every file counted; for measuring */
  memoHits = 0;
  lines = 0;

  count(files: readonly string[]): EvidenceTally {
    const tally = new EvidenceTally();
    this.sink.tally = tally;
    for (const file of files) {
      const c = this.scanner.scanFile(file);
      tally.damaged += c.damaged;
      this.memoHits += c.memoHits;
      this.lines += c.records + c.damaged;
    }
    return tally;
  }
}

class IdSink implements ScanSink<RecordFields> {
  ids = new Set<string>();
  derive(record: EvidenceObject): RecordFields | null {
    return recordFields(record);
  }
  visit(_fields: RecordFields, line: Line): void {
    this.ids.add(line.eventId() as string);
  }
}

/** The event ids of the records in these files (labels of one session are counted by them). */
export function eventIdsIn(files: readonly string[]): Set<string> {
  const sink = new IdSink();
  const scanner = new EvidenceScanner(sink);
  for (const file of files) scanner.scanFile(file);
  return sink.ids;
}

/**
 * summarize() over the sessions' tallies, in the order given: the same numbers and the same
 * byReason key order as summarize() over their records merged in that order.
 */
export function summarizeTallies(tallies: readonly EvidenceTally[], labels: Read<LabelRecord>, eventIds?: Set<string>): RuntimeSummary {
  // labels and damaged lines: core's own rules, with no records
  const s = summarize({ records: [], damaged: tallies.reduce((n, t) => n + t.damaged, 0) }, labels, eventIds);
  const sessionKeys = new Set<string>();
  for (const t of tallies) {
    for (const k of t.sessionKeys) sessionKeys.add(k);
    s.checks += t.checks;
    s.allowed += t.allowed;
    s.contexts += t.contexts;
    s.asks += t.asks;
    s.denies += t.denies;
    s.after += t.after;
    s.contractChanges += t.contractChanges;
    s.recoveries += t.recoveries;
    for (const [reason, n] of t.byReason) {
      // a code named like an Object.prototype member ("constructor") makes summarize()'s
      // `(byReason[code] ?? 0) + 1` concatenate strings; add one at a time to give the same text
      if (reason in Object.prototype) for (let i = 0; i < n; i++) s.byReason[reason] = (s.byReason[reason] ?? 0) + 1;
      else s.byReason[reason] = (s.byReason[reason] ?? 0) + n;
    }
  }
  s.sessions = sessionKeys.size;
  return s;
}
