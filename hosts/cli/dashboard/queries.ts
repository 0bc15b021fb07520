/**
 * What the dashboard page asks of the evidence: totals and breakdowns, the timeline, the recent
 * sessions, a filtered page of events, one event with its explain text. Each answer is computed
 * from the columns (./columns.ts); only the detail of one event reads its line back.
 */
import type { Label } from '../../../core/contract/grammar';
import type { RuntimeContractSummary, RuntimeEventV1 } from '../../../core/evidence/runtime-event';
import { renderExplain } from '../../../core/messages/render';
import type { CheckCounts, Dict, EvidenceColumns, Totals } from './columns';
import type { EvidenceFiles } from './files';
import type { EvidenceLabels } from './labels';
import { DENY, EVENT_ID, OUTCOMES } from './record-shape';

interface Breakdown {
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

/** The columns a page of events can be filtered on, each by one value. */
export const FILTERS = ['host', 'outcome', 'reason', 'toolClass', 'type'] as const;

export type EventQuery = { page: number; size: number } & { [F in (typeof FILTERS)[number]]?: string };

export interface EventPage {
  total: number;
  page: number;
  size: number;
  pages: number;
  rows: EventRow[];
}

interface EventDetail {
  row: EventRow;
  /** the `$stopline explain` text for this event */
  explain: string;
  record: RuntimeEventV1;
}

export type DetailResult = { ok: true; detail: EventDetail } | { ok: false; status: 404; error: string };

const BUCKETS_MS = [60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3, 3600e3, 3 * 3600e3, 6 * 3600e3, 12 * 3600e3, 86400e3, 2 * 86400e3, 7 * 86400e3, 30 * 86400e3, 365 * 86400e3];
const MAX_BUCKETS = 90;

export function summary(cols: EvidenceColumns, labels: EvidenceLabels, damaged: number, timeline: Timeline): Summary {
  const breakdown = (dict: Dict, { checks, denies }: CheckCounts): Breakdown[] =>
    dict.names
      .map((name, id) => ({ name: name === '' ? '(none)' : name, checks: checks[id] ?? 0, denies: denies[id] ?? 0 }))
      .filter((b) => b.checks > 0)
      .sort((a, b) => b.checks - a.checks || a.name.localeCompare(b.name));
  return {
    totals: { ...cols.totals, sessions: cols.sessions.filter((s) => s.lastAt !== -Infinity).length, damaged },
    byHost: breakdown(cols.hosts, cols.byHost),
    byReason: breakdown(cols.reasons, cols.byReason),
    byToolClass: breakdown(cols.classes, cols.byClass),
    labels: labels.counts(),
    timeline,
  };
}

/** Checks and denials per bucket over the span of the checks, at most MAX_BUCKETS buckets. */
export function timeline(cols: EvidenceColumns): Timeline {
  const check = cols.types.find('check');
  let min = Infinity;
  let max = -Infinity;
  const rows = cols.order;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    if (cols.typeOf[i] !== check || cols.outcomeOf[i] === 0) continue;
    const t = cols.time[i]!;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (min === Infinity) return { bucketMs: BUCKETS_MS[0]!, from: null, checks: [], denies: [] };
  const bucketMs = BUCKETS_MS.find((b) => Math.floor(max / b) - Math.floor(min / b) + 1 <= MAX_BUCKETS) ?? BUCKETS_MS[BUCKETS_MS.length - 1]!;
  const from = Math.floor(min / bucketMs) * bucketMs;
  const n = Math.floor((max - from) / bucketMs) + 1;
  const checks = new Array<number>(n).fill(0);
  const denies = new Array<number>(n).fill(0);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    if (cols.typeOf[i] !== check || cols.outcomeOf[i] === 0) continue;
    const b = Math.floor((cols.time[i]! - from) / bucketMs);
    checks[b]!++;
    if (cols.outcomeOf[i] === DENY) denies[b]!++;
  }
  return { bucketMs, from, checks, denies };
}

/** The most recently active sessions with the contract their latest record carried. */
export function recentSessions(cols: EvidenceColumns, limit: number): SessionRow[] {
  return cols.sessions
    .filter((s) => s.lastAt !== -Infinity)
    .sort((a, b) => b.lastAt - a.lastAt)
    .slice(0, limit)
    .map((s) => ({
      key: s.key.slice(0, 12),
      host: cols.hosts.names[s.host] ?? '?',
      firstAt: new Date(s.firstAt).toISOString(),
      lastAt: new Date(s.lastAt).toISOString(),
      checks: s.checks,
      denies: s.denies,
      controlState: s.controlState,
      contract: s.contract,
    }));
}

/** Newest first, optionally filtered; `page` counts from 1. */
export function events(cols: EvidenceColumns, labels: EvidenceLabels, q: EventQuery): EventPage {
  const want = (dict: Dict, v: string | undefined): number | undefined | null => (v === undefined ? undefined : (dict.find(v === '(none)' ? '' : v) ?? null));
  const host = want(cols.hosts, q.host);
  const reason = want(cols.reasons, q.reason);
  const cls = want(cols.classes, q.toolClass);
  const type = want(cols.types, q.type);
  const outcome = q.outcome === undefined ? undefined : q.outcome === '(none)' ? 0 : OUTCOMES.indexOf(q.outcome as (typeof OUTCOMES)[number]);
  const none = host === null || reason === null || cls === null || type === null || outcome === -1;
  const filtered = host !== undefined || reason !== undefined || cls !== undefined || type !== undefined || outcome !== undefined;
  const skip = (q.page - 1) * q.size;
  const picked: number[] = [];
  let total = 0;
  const order = cols.order;
  if (none) total = 0;
  else if (!filtered) {
    total = order.length;
    for (let k = total - 1 - skip; k >= 0 && picked.length < q.size; k--) picked.push(order[k]!);
  } else {
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k]!;
      if ((host !== undefined && cols.hostOf[i] !== host) || (reason !== undefined && cols.reasonOf[i] !== reason) || (cls !== undefined && cols.classOf[i] !== cls) || (type !== undefined && cols.typeOf[i] !== type) || (outcome !== undefined && cols.outcomeOf[i] !== outcome)) continue;
      if (total >= skip && picked.length < q.size) picked.push(i);
      total++;
    }
  }
  return { total, page: q.page, size: q.size, pages: Math.max(1, Math.ceil(total / q.size)), rows: picked.map((i) => eventRow(cols, labels, i)) };
}

function eventRow(cols: EvidenceColumns, labels: EvidenceLabels, i: number): EventRow {
  const id = cols.idOf(i);
  return {
    id,
    at: new Date(cols.time[i]!).toISOString(),
    host: cols.hosts.names[cols.hostOf[i]!] ?? '?',
    type: cols.types.names[cols.typeOf[i]!] ?? '?',
    tool: cols.tools.names[cols.toolOf[i]!] ?? '',
    toolClass: cols.classes.names[cols.classOf[i]!] ?? '',
    outcome: OUTCOMES[cols.outcomeOf[i]!] ?? '',
    reason: cols.reasons.names[cols.reasonOf[i]!] ?? '',
    session: cols.sessions[cols.sessionOf[i]!]!.key.slice(0, 12),
    child: cols.childOf[i] === 1,
    label: labels.of(id)?.label ?? null,
  };
}

/** Row index of an alive event; -1 for an unknown or malformed id. */
export function findEvent(cols: EvidenceColumns, eventId: string): number {
  return EVENT_ID.test(eventId) ? cols.findRow(eventId) : -1;
}

/** One event with its explain text, read back from its log file. */
export function detail(cols: EvidenceColumns, files: EvidenceFiles, labels: EvidenceLabels, eventId: string): DetailResult {
  const i = findEvent(cols, eventId);
  if (i === -1) return { ok: false, status: 404, error: `no event ${eventId} in the evidence folder` };
  const record = files.readRecord(i);
  if (!record) return { ok: false, status: 404, error: `event ${eventId} is no longer readable in its log file` };
  const l = labels.of(eventId);
  let explain: string;
  try {
    explain = renderExplain(record, l ? { schemaVersion: 1, labelId: '', occurredAt: l.at, eventId, label: l.label } : undefined);
  } catch {
    // a record edited by hand can lack fields the explain text reads; the row still shows it
    explain = `stopline explain ${eventId}: this record is incomplete and cannot be explained.`;
  }
  return { ok: true, detail: { row: eventRow(cols, labels, i), explain, record } };
}
