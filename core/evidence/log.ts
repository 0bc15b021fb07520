/**
 * The evidence files: `runtime/<sessionKey>.jsonl` (one RuntimeEvent v1 per line, rotated to
 * `<sessionKey>.1.jsonl` past ROTATE_BYTES so no log grows forever) and `labels.jsonl`
 * (append-only labels a person gives to events). Appends are one write of one line (after a
 * one-byte look at the log's end, see endsMidLine), so the hot path never reads the log.
 * Readers skip damaged lines and count them.
 */
import { randomHex } from '../digest';
import { join } from 'node:path';
import type { Label } from '../contract/grammar';
import { nodeStore } from '../state/node-store';
import type { Store } from '../state/store';
import type { RuntimeEventV1 } from './runtime-event';

/** @keep ROTATE_BYTES the evidence log's rotation size: the tests write a log past it */
export const ROTATE_BYTES = 4 * 1024 * 1024;

export function runtimeDir(dataDir: string): string {
  return join(dataDir, 'runtime');
}

export function logFile(dataDir: string, key: string, rotated = false): string {
  return join(runtimeDir(dataDir), rotated ? `${key}.1.jsonl` : `${key}.jsonl`);
}

export function labelsFile(dataDir: string): string {
  return join(dataDir, 'labels.jsonl');
}

/** Append one event. Throws on failure; the controller catches it so a decision never changes. */
export function appendEvent(dataDir: string, event: RuntimeEventV1, io: Store = nodeStore): void {
  io.append(logFile(dataDir, event.sessionKey), JSON.stringify(event) + '\n', { to: logFile(dataDir, event.sessionKey, true), bytes: ROTATE_BYTES });
}

export interface LabelRecord {
  schemaVersion: 1;
  labelId: string;
  occurredAt: string;
  eventId: string;
  label: Label;
}

export function appendLabel(dataDir: string, eventId: string, label: Label, now: number, io: Store = nodeStore): LabelRecord {
  const rec: LabelRecord = { schemaVersion: 1, labelId: 'lbl_' + randomHex(8), occurredAt: new Date(now).toISOString(), eventId, label };
  io.ensureDir(dataDir);
  io.append(labelsFile(dataDir), JSON.stringify(rec) + '\n');
  return rec;
}

export interface Read<T> {
  records: T[];
  /** lines that were not valid records (torn writes, edits by hand) */
  damaged: number;
}

function readLines<T>(file: string, valid: (v: unknown) => v is T, io: Store): Read<T> {
  let text: string | null;
  try {
    // a link where a log should be is not followed: it reads as no log
    text = io.read(file);
  } catch {
    return { records: [], damaged: 0 };
  }
  if (text === null) return { records: [], damaged: 0 };
  const records: T[] = [];
  let damaged = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const v: unknown = JSON.parse(line);
      if (valid(v)) records.push(v);
      else damaged++;
    } catch {
      damaged++;
    }
  }
  return { records, damaged };
}

/** A parsed line that is an evidence record (what readers keep; everything else is a damaged line). */
export function isEvent(v: unknown): v is RuntimeEventV1 {
  const o = v as Record<string, unknown> | null;
  return !!o && typeof o === 'object' && o.schemaVersion === 1 && typeof o.eventId === 'string' && typeof o.type === 'string' && typeof o.sessionKey === 'string' && typeof o.contract === 'object';
}

/** A parsed line that is a label record. */
export function isLabel(v: unknown): v is LabelRecord {
  const o = v as Record<string, unknown> | null;
  return !!o && typeof o === 'object' && o.schemaVersion === 1 && typeof o.eventId === 'string' && typeof o.label === 'string';
}

function merge<T>(parts: Read<T>[]): Read<T> {
  return { records: parts.flatMap((p) => p.records), damaged: parts.reduce((n, p) => n + p.damaged, 0) };
}

export function readSessionEvents(dataDir: string, key: string, io: Store = nodeStore): Read<RuntimeEventV1> {
  return merge([readLines(logFile(dataDir, key, true), isEvent, io), readLines(logFile(dataDir, key), isEvent, io)]);
}

export function sessionKeysWithEvidence(dataDir: string, io: Store = nodeStore): string[] {
  let names: string[];
  try {
    names = io.list(runtimeDir(dataDir));
  } catch {
    return [];
  }
  const keys = new Set<string>();
  for (const n of names) {
    const m = /^([0-9a-f]{32})(\.1)?\.jsonl$/.exec(n);
    if (m) keys.add(m[1]!);
  }
  return [...keys].sort();
}

export function readAllEvents(dataDir: string, io: Store = nodeStore): Read<RuntimeEventV1> {
  return merge(sessionKeysWithEvidence(dataDir, io).map((k) => readSessionEvents(dataDir, k, io)));
}

export function readLabels(dataDir: string, io: Store = nodeStore): Read<LabelRecord> {
  return readLines(labelsFile(dataDir), isLabel, io);
}

/** Find one event: this session's log first, then every log. */
export function findEvent(dataDir: string, eventId: string, preferKey?: string, io: Store = nodeStore): { event: RuntimeEventV1 | null; damaged: number } {
  let damaged = 0;
  const keys = sessionKeysWithEvidence(dataDir, io);
  const order = preferKey ? [preferKey, ...keys.filter((k) => k !== preferKey)] : keys;
  for (const k of order) {
    const r = readSessionEvents(dataDir, k, io);
    damaged += r.damaged;
    const hit = r.records.find((e) => e.eventId === eventId);
    if (hit) return { event: hit, damaged };
  }
  return { event: null, damaged };
}

export interface RuntimeSummary {
  sessions: number;
  checks: number;
  allowed: number;
  contexts: number;
  asks: number;
  denies: number;
  after: number;
  contractChanges: number;
  recoveries: number;
  byReason: Record<string, number>;
  labels: Record<Label, number>;
  damaged: number;
}

export function summarize(events: Read<RuntimeEventV1>, labels: Read<LabelRecord>, eventIds?: Set<string>): RuntimeSummary {
  const s: RuntimeSummary = {
    sessions: new Set(events.records.map((e) => e.sessionKey)).size,
    checks: 0,
    allowed: 0,
    contexts: 0,
    asks: 0,
    denies: 0,
    after: 0,
    contractChanges: 0,
    recoveries: 0,
    byReason: {},
    labels: { correct: 0, incorrect: 0, inconclusive: 0 },
    damaged: events.damaged + labels.damaged,
  };
  for (const e of events.records) {
    if (e.type === 'contract') s.contractChanges++;
    else if (e.type === 'recovery') s.recoveries++;
    else if (e.type === 'after') s.after++;
    else if (e.type === 'check' && e.decision) {
      s.checks++;
      const o = e.decision.outcome;
      if (o === 'allow') s.allowed++;
      else if (o === 'context') s.contexts++;
      else if (o === 'ask') s.asks++;
      else s.denies++;
      s.byReason[e.decision.reasonCode] = (s.byReason[e.decision.reasonCode] ?? 0) + 1;
    }
  }
  // the latest label per event counts
  const latest = new Map<string, Label>();
  for (const l of labels.records) if (!eventIds || eventIds.has(l.eventId)) latest.set(l.eventId, l.label);
  for (const l of latest.values()) if (l in s.labels) s.labels[l]++;
  return s;
}
