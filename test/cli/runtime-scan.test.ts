/**
 * The streaming evidence scanner (hosts/cli/evidence/scan.ts + tally.ts) against the reader it
 * replaced: core's readSessionEvents (JSON.parse per line) with core's summarize() and the old
 * per-session counting. Both run over the same generated logs (every decision, reason code,
 * host, mode and type, plus hand-edited, foreign, torn and garbage lines) and must agree on
 * every number, every host list, the state words and the byReason key order.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readLabels, readSessionEvents, summarize } from '../../core/evidence/log';
import type { LabelRecord, Read } from '../../core/evidence/log';
import type { RuntimeEventV1 } from '../../core/evidence/runtime-event';
import { HOST_FAMILIES } from '../../core/protocol';
import { DECISION_PRECEDENCE } from '../../core/registry/reasons';
import { LEVELS, MODES } from '../../core/contract/types';
import { EvidenceScanner, isoMs } from '../../hosts/cli/evidence/scan';
import type { EvidenceObject, Line } from '../../hosts/cli/evidence/scan';
import { listSessions, stateWords } from '../../hosts/cli/evidence/sessions';
import type { SessionView } from '../../hosts/cli/evidence/sessions';
import { SessionCounter, eventIdsIn, recordFields, summarizeTallies } from '../../hosts/cli/evidence/tally';
import type { RecordFields } from '../../hosts/cli/evidence/tally';
import { cleanupTempDirs, cli, tempDir } from './helpers';

afterAll(cleanupTempDirs);

const KEYS = ['a'.repeat(32), 'b'.repeat(32), '0123456789abcdef0123456789abcdef'];
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);

interface RecordSpec {
  type: RuntimeEventV1['type'];
  host: string;
  mode: string;
  level: string;
  controlState: string;
  outcome: 'allow' | 'context' | 'ask' | 'deny' | null;
  reasonCode: string;
  ms: number;
  n: number;
}

/** A record in the writer's key order (core/evidence/runtime-event.ts buildEvent + summaries). */
function record(s: RecordSpec, key: string): Record<string, unknown> {
  const r: Record<string, unknown> = {
    schemaVersion: 1,
    eventId: `evt_${s.n.toString(16).padStart(20, '0')}`,
    occurredAt: new Date(s.ms).toISOString(),
    type: s.type,
    sessionKey: key,
    child: s.n % 3 === 0,
    versions: { stopline: '0.1.0', protocol: 1, host: s.n % 2 ? '2.1.3' : null },
    host: s.host,
    controlState: s.controlState,
    contract: { mode: s.mode, level: s.level, deps: 'ask', hash: 'deny', agentBudget: s.n % 4 ? 'allow' : 3, agentsUsed: s.n % 4, allowedPathCount: s.n % 5 ? null : 2, revision: 1 + (s.n % 3), source: 'directive' },
  };
  if (s.type === 'check' || s.type === 'after') {
    r.action = { tool: s.n % 2 ? 'Bash' : null, toolKey: 'f2de79c318d8', mutability: 'write', pathCount: s.n % 3 ? 1 : null, delegationCount: 0, hashIntent: false, dependencyIntent: false, unboundedDelegation: false };
  }
  if (s.outcome) {
    const verdict = s.outcome === 'context' ? 'allow' : s.outcome;
    r.decision = { verdict, outcome: s.outcome, family: s.outcome === 'allow' ? null : 'I', reasonCode: s.reasonCode, response: 'none', hostEffect: 'unobserved' };
  }
  if (s.type === 'contract') r.change = { via: 'directive' };
  return r;
}

const recordSpec = fc.record({
  type: fc.constantFrom('check', 'check', 'check', 'after', 'contract', 'recovery', 'bypass'),
  host: fc.constantFrom(...HOST_FAMILIES),
  mode: fc.constantFrom(...MODES),
  level: fc.constantFrom(...LEVELS),
  controlState: fc.constantFrom('off', 'observing', 'armed'),
  outcome: fc.constantFrom('allow', 'context', 'ask', 'deny', null),
  reasonCode: fc.constantFrom(...DECISION_PRECEDENCE),
  ms: fc.integer({ min: T0, max: T0 + 86_400_000 }),
  n: fc.nat({ max: 0xffffff }),
}) as fc.Arbitrary<RecordSpec>;

/** A line as stopline writes it, or as a person, another tool or a torn write leaves it. */
type LineMaker = (key: string) => string;

const plainLine = recordSpec.map((s): LineMaker => (key) => JSON.stringify(record(s, key)));

const odd = <T>(spec: RecordSpec, key: string, edit: (r: Record<string, unknown>) => T): T => edit(record(spec, key));

const foreignLine = fc.tuple(recordSpec, fc.nat({ max: 1000 })).chain(([spec, cut]) =>
  fc.constantFrom<LineMaker>(
    // escaped quotes and backslashes in values the views read, and in the per-line strings
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, host: 'cla"ude\\' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, eventId: 'evt_"quoted"', occurredAt: '2026-11-29T12:00:00.000Z\\' })),
    (k) => JSON.stringify(record(spec, k)).replace('"eventId":"evt_', '"eventId":"evt_\\u0041'),
    (k) => JSON.stringify(record(spec, k)).replace(/"occurredAt":"([^"]*)"/, '"occurredAt":"$1\\\\"'),
    (k) => JSON.stringify(record(spec, k)).replace('"eventId":"evt_', '"eventId":"evt_\t'),
    (k) => JSON.stringify(record(spec, k)).replace('Z","type"', 'Z\u0001","type"'),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, decision: { ...(r.decision as object), reasonCode: 'WITH "QUOTES"' } })),
    // unicode, raw and escaped
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, host: 'clåude☃', contract: { ...(r.contract as object), mode: 'révïew 🚦' } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, eventId: 'evt_ünïcode' })),
    (k) => odd(spec, k, (r) => JSON.stringify(r).replace('"host":"', '"host":"\\u00e9')),
    // extra keys: at the end, in the middle, nested
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, extra: { nested: [1, 2, { x: null }] } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ schemaVersion: 1, eventId: r.eventId, occurredAt: r.occurredAt, note: 'hand', ...r })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, contract: { ...(r.contract as object), more: true } })),
    // reordered keys
    (k) => odd(spec, k, (r) => JSON.stringify(Object.fromEntries(Object.entries(r).reverse()))),
    (k) => odd(spec, k, (r) => JSON.stringify({ occurredAt: r.occurredAt, ...r })),
    // a later duplicate key overrides the first (JSON.parse keeps the last)
    (k) => JSON.stringify(record(spec, k)).slice(0, -1) + ',"type":"contract"}',
    (k) => JSON.stringify(record(spec, k)).slice(0, -1) + ',"eventId":"evt_dup"}',
    (k) => JSON.stringify(record(spec, k)).slice(0, -1) + ',"occurredAt":"2030-01-01T00:00:00.000Z"}',
    (k) => JSON.stringify(record(spec, k)).slice(0, -1) + `,"sessionKey":"${KEYS[2]}"}`,
    // whitespace and line endings another writer may use
    (k) => JSON.stringify(record(spec, k)).replace(/":/g, '": '),
    (k) => JSON.stringify(record(spec, k)) + '\r',
    (k) => ' ' + JSON.stringify(record(spec, k)),
    // timestamps in other forms (Date.parse decides, as before)
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: '2026-02-30T10:00:00.000Z' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: '0050-01-01T00:00:00.000Z' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: '2026-11-29T24:00:00.000Z' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: '2026-11-29T22:36:17Z' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: 'yesterday' })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: 20261129 })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, occurredAt: '+012026-11-29T12:00:00.000Z' })),
    // records the old reader accepted with odd values
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: {} })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: { outcome: 'maybe', reasonCode: 42 } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: 0 })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: { outcome: 'deny', reasonCode: 'constructor' } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: { outcome: 'ask', reasonCode: '__proto__' } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'check', decision: { outcome: 'deny', reasonCode: '17' } })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, host: 7 })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, type: 'future-kind' })),
    // not records: wrong version, missing fields, other JSON, torn writes, garbage
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, schemaVersion: 2 })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, sessionKey: 5 })),
    (k) => odd(spec, k, (r) => JSON.stringify({ ...r, eventId: null })),
    (k) => JSON.stringify(record(spec, k)).slice(0, Math.max(1, cut % 600)),
    (k) => JSON.stringify(record(spec, k)).slice(0, -1) + ',}',
    (k) => JSON.stringify(record(spec, k)).replace('"versions":{', '"versions":{,'),
    (k) => JSON.stringify(record(spec, k)).replace('"child":', '"child":\t'),
    (k) => JSON.stringify(record(spec, k)).replace('"contract":{"mode":"', '"contract":{"mode":"\t'),
    () => '[1,2,3]',
    () => 'null',
    () => '"just a string"',
    () => '{"schemaVersion":1}',
    () => '{"schemaVersion":1,"eventId":"evt_x","occurredAt":"2026-11-29T12:00:00.000Z"',
    () => 'not json at all {',
    () => '\u0000\u0000\u0000',
    () => '',
    () => '   \t',
  ),
);

const anyLine = fc.oneof({ weight: 3, arbitrary: plainLine }, { weight: 2, arbitrary: foreignLine });

/** One data folder with sessions (each maybe rotated) written from the generated lines. */
interface Layout {
  sessions: { key: string; rotated: LineMaker[]; current: LineMaker[]; lastNewline: boolean; state: boolean }[];
  labels: string[];
}

const layout: fc.Arbitrary<Layout> = fc.record({
  sessions: fc.uniqueArray(
    fc.record({
      key: fc.constantFrom(...KEYS),
      rotated: fc.array(anyLine, { maxLength: 12 }),
      current: fc.array(anyLine, { maxLength: 25 }),
      lastNewline: fc.boolean(),
      state: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3, selector: (s) => s.key },
  ),
  labels: fc.array(fc.nat({ max: 0xffffff }), { maxLength: 6 }).map((ns) => ns.map((n) => `evt_${n.toString(16).padStart(20, '0')}`)),
});

function writeLayout(l: Layout): string {
  const dir = tempDir('stopline-scan-');
  mkdirSync(join(dir, 'runtime'), { recursive: true });
  mkdirSync(join(dir, 'sessions'), { recursive: true });
  for (const s of l.sessions) {
    const text = (makers: LineMaker[], newline: boolean) => makers.map((m) => m(s.key)).join('\n') + (newline && makers.length ? '\n' : '');
    if (s.rotated.length) writeFileSync(join(dir, 'runtime', `${s.key}.1.jsonl`), text(s.rotated, true));
    writeFileSync(join(dir, 'runtime', `${s.key}.jsonl`), text(s.current, s.lastNewline));
    // a state file that does not parse: the views fall back to the evidence for the state words
    if (s.state) writeFileSync(join(dir, 'sessions', `${s.key}.json`), '{ damaged');
  }
  const labels = l.labels.map((eventId, i) => JSON.stringify({ schemaVersion: 1, labelId: `lbl_${i}`, occurredAt: new Date(T0).toISOString(), eventId, label: i % 2 ? 'correct' : 'incorrect' }));
  if (labels.length) writeFileSync(join(dir, 'labels.jsonl'), labels.join('\n') + '\n');
  return dir;
}

/** What readSessionView computed before the scanner, from core's JSON.parse reader. */
function oldView(dir: string, key: string) {
  const events = readSessionEvents(dir, key);
  const checks = events.records.filter((e) => e.type === 'check');
  const last = events.records[events.records.length - 1];
  let words: string | null = null;
  try {
    words = last ? `${last.controlState.toUpperCase()} / ${last.contract.mode} ${last.contract.level} (from the evidence)` : null;
  } catch {
    // the old code threw here on a non-string controlState or a null contract
  }
  return {
    events,
    view: {
      hosts: [...new Set(events.records.map((e) => e.host))].sort(),
      checks: checks.length,
      denies: checks.filter((e) => e.decision && e.decision.outcome !== 'allow' && e.decision.outcome !== 'context').length,
      lastMs: events.records.reduce((t, e) => Math.max(t, Date.parse(e.occurredAt) || 0), 0),
      damaged: events.damaged,
    },
    words,
  };
}

function newView(v: SessionView) {
  return { hosts: v.hosts, checks: v.checks, denies: v.denies, lastMs: v.evidence.lastMs, damaged: v.evidence.damaged };
}

function merge<T>(parts: Read<T>[]): Read<T> {
  return { records: parts.flatMap((p) => p.records), damaged: parts.reduce((n, p) => n + p.damaged, 0) };
}

function assertSame(dir: string): void {
  const views = listSessions([{ path: dir, why: 'test' }]);
  const labels: Read<LabelRecord> = readLabels(dir);
  const olds = views.map((v) => oldView(dir, v.key));
  views.forEach((v, i) => {
    const old = olds[i]!;
    expect(newView(v)).toEqual(old.view);
    if (old.words !== null) expect(stateWords(v)).toBe(old.words);
    const state = join(dir, 'sessions', `${v.key}.json`);
    expect(v.lastActivity).toBe(Math.max(existsSync(state) ? statSync(state).mtimeMs : 0, old.view.lastMs));
  });
  // --all: every session, no id filter; one session: its own events' labels only
  const oldAll = summarize(merge(olds.map((o) => o.events)), labels);
  const newAll = summarizeTallies(views.map((v) => v.evidence), labels);
  expect(JSON.stringify(newAll)).toBe(JSON.stringify(oldAll));
  const first = olds[0]!;
  const oldOne = summarize(first.events, labels, new Set(first.events.records.map((e) => e.eventId)));
  const newOne = summarizeTallies([views[0]!.evidence], labels, eventIdsIn(views[0]!.logFiles));
  expect(JSON.stringify(newOne)).toBe(JSON.stringify(oldOne));
}

describe('the evidence scanner agrees with the JSON reader', () => {
  it('over generated logs with every decision, reason, host and mode, and hand-edited, torn and garbage lines', () => {
    fc.assert(
      fc.property(layout, (l) => assertSame(writeLayout(l))),
      { numRuns: 150, seed: 0x5ca11 },
    );
  });

  it('over long runs of one shape broken by other lines (the memo hit path and its misses)', () => {
    fc.assert(
      fc.property(recordSpec, fc.array(fc.tuple(fc.nat({ max: 30 }), anyLine), { maxLength: 6 }), (spec, breaks) => {
        const lines: LineMaker[] = [];
        for (const [run, other] of breaks) {
          for (let i = 0; i < run; i++) lines.push((k) => JSON.stringify(record({ ...spec, n: spec.n + i, ms: spec.ms + i }, k)));
          lines.push(other);
        }
        assertSame(writeLayout({ sessions: [{ key: KEYS[0]!, rotated: [], current: lines, lastNewline: true, state: false }], labels: [] }));
      }),
      { numRuns: 30, seed: 0x0dd },
    );
  });
});

describe('a log where every line is a new shape', () => {
  it('is read whole through JSON.parse for a while, with the same counts, and the memo comes back after', () => {
    const spec: RecordSpec = { type: 'check', host: 'opencode', mode: 'review', level: 'guard', controlState: 'armed', outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', ms: T0, n: 3 };
    const counting: LineMaker[] = Array.from({ length: 3000 }, (_, i) => (k) => {
      const r = record({ ...spec, n: i, ms: T0 + i }, k);
      return JSON.stringify({ ...r, contract: { ...(r.contract as object), agentsUsed: i } });
    });
    const repeating: LineMaker[] = Array.from({ length: 20_000 }, (_, i) => (k) => JSON.stringify(record({ ...spec, ms: T0 + i }, k)));
    const dir = writeLayout({ sessions: [{ key: KEYS[0]!, rotated: counting, current: repeating, lastNewline: true, state: false }], labels: [] });
    assertSame(dir);
    const counter = new SessionCounter();
    const tally = counter.count([join(dir, 'runtime', `${KEYS[0]}.1.jsonl`), join(dir, 'runtime', `${KEYS[0]}.jsonl`)]);
    expect(tally.records).toBe(23_000);
    // the counting lines never hit; after the pause (JSON.parse for the rest of them and the start
    // of the repeating ones) the repeating lines hit the memo again
    expect(counter.memoHits).toBeLessThan(20_000 - 16 * 1024 + 3000);
    expect(counter.memoHits).toBeGreaterThan(20_000 - 16 * 1024);
  });
});

describe('the scanner reading a file', () => {
  const collect = (file: string, limits?: { chunkBytes?: number; maxLineBytes?: number }) => {
    const seen: { id: unknown; at: unknown; ms: number; offset: number; length: number; type: string }[] = [];
    const scanner = new EvidenceScanner<RecordFields>(
      {
        derive: (r: EvidenceObject) => recordFields(r),
        visit: (f: RecordFields, line: Line) => {
          seen.push({ id: line.eventId(), at: line.occurredAt(), ms: line.occurredMs(), offset: line.offset, length: line.length, type: f.type });
        },
      },
      limits,
    );
    return { count: scanner.scanFile(file), seen };
  };

  it('gives the same records, ids, times and offsets whatever the chunk size (lines split across reads)', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 30 }), fc.integer({ min: 8, max: 300 }), (makers, chunk) => {
        const file = join(tempDir('stopline-scan-'), 'x.jsonl');
        const text = makers.map((m) => m(KEYS[1]!)).join('\n');
        writeFileSync(file, text);
        const whole = collect(file);
        const chunked = collect(file, { chunkBytes: chunk });
        expect(chunked.seen).toEqual(whole.seen);
        expect({ ...chunked.count, memoHits: 0 }).toEqual({ ...whole.count, memoHits: 0 });
        // each record's offset and length frame its line, and its id and time are what JSON.parse reads there
        const bytes = Buffer.from(text);
        for (const s of whole.seen) {
          const parsed = JSON.parse(bytes.toString('utf8', s.offset, s.offset + s.length)) as Record<string, unknown>;
          expect({ id: s.id, at: s.at, ms: s.ms, type: s.type }).toEqual({ id: parsed.eventId, at: parsed.occurredAt, ms: Date.parse(parsed.occurredAt as string), type: parsed.type });
        }
      }),
      { numRuns: 80, seed: 0xc4 },
    );
  });

  it('answers repeated lines from the memo, and a line past the length cap is one damaged line, not a crash', () => {
    const file = join(tempDir('stopline-scan-'), 'x.jsonl');
    const spec: RecordSpec = { type: 'check', host: 'claude', mode: 'review', level: 'guard', controlState: 'armed', outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', ms: T0, n: 1 };
    // one shape: only the id and the time differ
    const ok = (n: number) => JSON.stringify({ ...record(spec, KEYS[0]!), eventId: `evt_${n.toString(16).padStart(20, '0')}`, occurredAt: new Date(T0 + n).toISOString() });
    const huge = JSON.stringify({ ...record(spec, KEYS[0]!), pad: 'x'.repeat(5000) });
    writeFileSync(file, [ok(1), ok(2), huge, ok(3), ok(4), huge].join('\n') + '\n');
    const capped = collect(file, { chunkBytes: 256, maxLineBytes: 2000 });
    expect(capped.count).toEqual({ records: 4, damaged: 2, memoHits: 3 });
    expect(capped.seen.map((s) => s.id)).toEqual([1, 2, 3, 4].map((n) => `evt_${n.toString(16).padStart(20, '0')}`));
    expect(capped.seen.map((s) => s.ms)).toEqual([1, 2, 3, 4].map((n) => T0 + n));
    const uncapped = collect(file, { chunkBytes: 256 });
    expect(uncapped.count.records).toBe(6);
  });

  it('a raw control byte or an escape in the id or time sends the line to JSON.parse, and does not taint its shape', () => {
    const file = join(tempDir('stopline-scan-'), 'x.jsonl');
    const spec: RecordSpec = { type: 'check', host: 'codex', mode: 'review', level: 'guard', controlState: 'armed', outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', ms: T0, n: 1 };
    const good = JSON.stringify(record(spec, KEYS[0]!));
    const lines = [good.replace('"eventId":"evt_', '"eventId":"evt_\t'), good, good.replace('"eventId":"evt_', '"eventId":"evt_\\u0041'), good.replace('.000Z"', '.000Z\\\\"')];
    writeFileSync(file, lines.join('\n'));
    const r = collect(file);
    expect(r.count.records).toBe(3);
    expect(r.count.damaged).toBe(1);
    expect(r.seen.map((x) => x.id)).toEqual(['evt_00000000000000000001', 'evt_A00000000000000000001', 'evt_00000000000000000001']);
    expect(r.seen[2]!.at).toBe(new Date(T0).toISOString() + '\\');
  });

  it('scanLine takes lines one at a time (a reader that tails files), and a visitor can refuse a line by its id', () => {
    const spec: RecordSpec = { type: 'check', host: 'hermes', mode: 'change', level: 'watch', controlState: 'armed', outcome: 'allow', reasonCode: 'CONTROL_INACTIVE', ms: T0, n: 5 };
    const good = Buffer.from(JSON.stringify(record(spec, KEYS[1]!)));
    const badId = Buffer.from(JSON.stringify(record(spec, KEYS[1]!)).replace(/evt_[0-9a-f]+/, 'evt_not-hex'));
    const ids: unknown[] = [];
    const scanner = new EvidenceScanner<RecordFields>({
      derive: (r) => recordFields(r),
      visit: (_f, line) => {
        const id = line.eventId();
        if (typeof id !== 'string' || !/^evt_[0-9a-f]{20}$/.test(id)) return false;
        ids.push(id);
      },
    });
    expect(scanner.scanLine(good, 0, good.length, 100)).toBe('record');
    expect(scanner.scanLine(good, 0, good.length, 150)).toBe('memo-record');
    expect(scanner.scanLine(badId, 0, badId.length, 200)).toBe('memo-damaged');
    expect(scanner.scanLine(Buffer.from('  '), 0, 2, 300)).toBe('blank');
    expect(scanner.scanLine(Buffer.from('{"a":1}'), 0, 7, 300)).toBe('damaged');
    expect(ids).toEqual(['evt_00000000000000000005', 'evt_00000000000000000005']);
  });

  it('a missing file or a folder in place of a log counts nothing', () => {
    const dir = tempDir('stopline-scan-');
    expect(collect(join(dir, 'none.jsonl')).count).toEqual({ records: 0, damaged: 0, memoHits: 0 });
    expect(collect(dir).count).toEqual({ records: 0, damaged: 0, memoHits: 0 });
  });
});

describe('timestamps', () => {
  it('the byte path gives Date.parse for the canonical form and anything shaped like it', () => {
    const digit = fc.constantFrom(...'0123456789');
    const n = (len: number) => fc.array(digit, { minLength: len, maxLength: len }).map((ds) => ds.join(''));
    const canonicalLike = fc
      .tuple(n(4), n(2), n(2), n(2), n(2), n(2), n(3))
      .map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
    const real = fc.date({ min: new Date(Date.UTC(100, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(fc.oneof(canonicalLike, real, fc.string({ minLength: 24, maxLength: 24 })), (text) => {
        const b = Buffer.from(`"${text}"`);
        expect(isoMs(b, 1, b.length - 1)).toEqual(Date.parse(text));
      }),
      { numRuns: 3000, seed: 0x7e },
    );
  });
});

describe('stopline runtime over the scanner', () => {
  it('--all --json carries the same summary core summarize() gives over the records', async () => {
    const l = fc.sample(layout, { numRuns: 1, seed: 0xa11 })[0]!;
    const dir = writeLayout(l);
    const all = await cli(['runtime', '--all', '--json'], { env: { STOPLINE_HOME: dir } });
    expect(all.code).toBe(0);
    const out = JSON.parse(all.stdout) as { summary: unknown; sessions: { key: string; checks: number; damagedLines: number }[] };
    const reads = out.sessions.map((s) => readSessionEvents(dir, s.key));
    expect(JSON.stringify(out.summary)).toBe(JSON.stringify(summarize(merge(reads), readLabels(dir))));
    expect(out.sessions.map((s) => s.damagedLines)).toEqual(reads.map((r) => r.damaged));
  });

  it('a session counter reused across files starts each session from zero', () => {
    const dir = writeLayout({ sessions: [{ key: KEYS[0]!, rotated: [], current: [(k) => JSON.stringify(record({ type: 'check', host: 'pi', mode: 'review', level: 'guard', controlState: 'armed', outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', ms: T0, n: 9 }, k))], lastNewline: true, state: false }], labels: [] });
    const counter = new SessionCounter();
    const file = join(dir, 'runtime', `${KEYS[0]}.jsonl`);
    expect(counter.count([file]).denies).toBe(1);
    expect(counter.count([file]).denies).toBe(1);
    expect(counter.count([]).records).toBe(0);
  });
});
