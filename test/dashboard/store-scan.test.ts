/**
 * The dashboard store reads its logs through the evidence scanner (shape memo, ids and times
 * read from the line's bytes). This holds it against the rule it had when it parsed every line
 * with JSON.parse, written out plainly here: over generated logs of repeated shapes (memo hits),
 * hand-edited, foreign, torn and garbage lines, read whole or while they are being appended to,
 * every row the API lists, every total, the damaged count and each session's latest contract
 * must be what that rule gives.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EvidenceStore } from '../../hosts/cli/dashboard/store';
import type { EventRow } from '../../hosts/cli/dashboard/store';
import { recordOf, sessionKeyOf } from './seed';
import type { SeedOptions } from './seed';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const OPTS: SeedOptions = { sessions: 3, perSession: 50, start: Date.UTC(2026, 4, 1), stepMs: 1000 };
const T0 = OPTS.start;
const KEYS = [0, 1, 2].map(sessionKeyOf);

// ------------------------------------------------------------------ the old rule, written plainly

const EVENT_ID = /^evt_[0-9a-f]{20}$/;
const OUTCOMES = ['', 'allow', 'context', 'ask', 'deny'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Expected {
  rows: Omit<EventRow, 'label'>[];
  damaged: number;
  latest: Map<string, { contract: unknown; controlState: string; at: number }>;
}

/** JSON.parse per line, in the order the store reads files (by name), with the store's acceptance rule. */
function expectedOf(files: { name: string; text: string }[]): Expected {
  const rows: (Omit<EventRow, 'label'> & { t: number; n: number })[] = [];
  const latest: Expected['latest'] = new Map();
  let damaged = 0;
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const lines = f.text.split('\n');
    // the last piece is a line still being written unless the text ends with a newline
    lines.pop();
    for (const text of lines) {
      if (text === '') continue;
      let rec: unknown;
      try {
        rec = JSON.parse(text);
      } catch {
        if (text.trim() !== '') damaged++;
        continue;
      }
      const r = rec as Record<string, unknown>;
      const at = isObject(r) && typeof r.occurredAt === 'string' ? Date.parse(r.occurredAt) : NaN;
      if (!isObject(r) || r.schemaVersion !== 1 || typeof r.eventId !== 'string' || !EVENT_ID.test(r.eventId) || typeof r.type !== 'string' || typeof r.sessionKey !== 'string' || !isObject(r.contract) || Number.isNaN(at)) {
        damaged++;
        continue;
      }
      const d = isObject(r.decision) ? r.decision : null;
      const known = d ? OUTCOMES.indexOf(d.outcome as string) : 0;
      const a = isObject(r.action) ? r.action : null;
      rows.push({
        id: r.eventId,
        at: new Date(at).toISOString(),
        host: typeof r.host === 'string' ? r.host.slice(0, 64) : '?',
        type: r.type.slice(0, 64),
        tool: (!a ? '' : typeof a.tool === 'string' ? a.tool : typeof a.toolKey === 'string' ? `tool#${a.toolKey}` : '?').slice(0, 64),
        toolClass: (a && typeof a.mutability === 'string' ? a.mutability : '').slice(0, 64),
        outcome: OUTCOMES[d && known > 0 ? known : d ? 4 : 0]!,
        reason: (d && typeof d.reasonCode === 'string' ? d.reasonCode : '').slice(0, 64),
        session: r.sessionKey.slice(0, 12),
        child: r.child === true,
        t: at,
        n: rows.length,
      });
      const was = latest.get(r.sessionKey);
      if (!was || at >= was.at) latest.set(r.sessionKey, { contract: r.contract, controlState: typeof r.controlState === 'string' ? r.controlState : '', at });
    }
  }
  // the events list: newest first, a tie in time by read order (later read first)
  rows.sort((x, y) => y.t - x.t || y.n - x.n);
  return { rows: rows.map(({ t: _t, n: _n, ...row }) => row), damaged, latest };
}

// ------------------------------------------------------------------ generated logs

/** One line from a record's content (shared by many lines) and its own id and time. */
type LineMaker = (id: string, at: string) => string;

const content = fc.record({ s: fc.nat({ max: 2 }), k: fc.nat({ max: 6 }) }).map(({ s, k }) => {
  const { eventId: _e, occurredAt: _o, ...rest } = recordOf(s, k * 7 + 1, OPTS) as unknown as Record<string, unknown>;
  return rest;
});

const asLine = (rest: Record<string, unknown>, id: unknown, at: unknown) => JSON.stringify({ schemaVersion: 1, eventId: id, occurredAt: at, ...rest });

const plain = content.map((rest): LineMaker => (id, at) => asLine(rest, id, at));

const odd = content.chain((rest) =>
  fc.constantFrom<LineMaker>(
    // the line's own strings: ids and times the store refuses or reads another way
    (id, at) => asLine(rest, id.toUpperCase().replace('EVT_', 'evt_'), at),
    (id, at) => asLine(rest, id.slice(0, -1), at),
    (id, at) => asLine(rest, id + '0', at),
    (id, at) => asLine(rest, id.slice(0, -1) + 'g', at),
    (id, at) => asLine(rest, id.replace('evt_', 'evt-'), at),
    (_id, at) => asLine(rest, 42, at),
    (id) => asLine(rest, id, 'yesterday'),
    (id) => asLine(rest, id, 20260501),
    (id) => asLine(rest, id, 0),
    (id) => asLine(rest, id, '2026-02-30T10:00:00.000Z'),
    (id) => asLine(rest, id, '2026-05-01T24:00:00.000Z'),
    (id) => asLine(rest, id, '2026-05-01T10:00:00Z'),
    (id) => asLine(rest, id, '0050-01-01T00:00:00.000Z'),
    (id, at) => asLine(rest, id, at).replace('"eventId":"evt_', '"eventId":"evt_\\u0030').replace(/[0-9a-f]","occurredAt"/, '","occurredAt"'),
    (id, at) => asLine(rest, id, at).replace('Z","type"', 'Z\\u0000","type"'),
    (id, at) => asLine(rest, id, at).replace('"occurredAt":"', '"occurredAt":"\\u0032').replace('"occurredAt":"\\u00322', '"occurredAt":"\\u0032'),
    // the shared part: fields the store reads, wrong or unusual
    (id, at) => asLine({ ...rest, contract: null }, id, at),
    (id, at) => asLine({ ...rest, contract: [1] }, id, at),
    (id, at) => asLine({ ...rest, sessionKey: 7 }, id, at),
    (id, at) => asLine({ ...rest, type: 9 }, id, at),
    (id, at) => asLine({ ...rest, host: 5, controlState: null, child: 'yes' }, id, at),
    (id, at) => asLine({ ...rest, host: 'h'.repeat(80) }, id, at),
    (id, at) => asLine({ ...rest, decision: { outcome: 'maybe', reasonCode: 3 } }, id, at),
    (id, at) => asLine({ ...rest, decision: [] }, id, at),
    (id, at) => asLine({ ...rest, action: { toolKey: 'abc', mutability: 4 } }, id, at),
    (id, at) => asLine({ ...rest, action: { tool: 3 } }, id, at),
    (id, at) => asLine({ ...rest, type: 'check', host: 'cla"ude\\' }, id, at),
    (id, at) => JSON.stringify({ ...rest, schemaVersion: 1, eventId: id, occurredAt: at }),
    (id, at) => asLine(rest, id, at).slice(0, -1) + ',"schemaVersion":2}',
    (id, at) => asLine(rest, id, at).slice(0, -1) + ',"eventId":"evt_00000000000000000000"}',
    (id, at) => asLine(rest, id, at).slice(0, -1) + ',"occurredAt":"nope"}',
    (id, at) => asLine(rest, id, at).slice(0, -1) + ',"type":"recovery"}',
    (id, at) => asLine(rest, id, at).replace(/":/g, '": '),
    (id, at) => asLine(rest, id, at) + '\r',
    (id, at) => ' ' + asLine(rest, id, at),
    // not records at all
    (id, at) => asLine(rest, id, at).slice(0, 90),
    (id, at) => asLine(rest, id, at).slice(0, -1) + ',}',
    () => '[1,2]',
    () => 'null',
    () => 'not json {',
    () => '\u0000\u0000',
    () => '',
    () => '   \t',
    () => '\ufeff',
  ),
);

const anyLine = fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: odd });

interface Log {
  key: number;
  lines: LineMaker[];
  /** where the first read stops, as a share of the text (the rest is appended before the second) */
  cut: number;
  lastNewline: boolean;
}

const logs = fc.array(fc.record({ key: fc.nat({ max: 2 }), lines: fc.array(anyLine, { maxLength: 60 }), cut: fc.double({ min: 0, max: 1, noNaN: true }), lastNewline: fc.boolean() }), { minLength: 1, maxLength: 3 });

function texts(ls: Log[]): { name: string; text: string; cut: number }[] {
  let n = 0;
  return ls.map((l, f) => {
    const lines = l.lines.map((make) => {
      n++;
      // ids and times unique per line; times go back and forth so read order and time order differ
      return make(`evt_${(n * 7919).toString(16).padStart(20, '0')}`, new Date(T0 + ((n * 37) % 1009) * 1000).toISOString());
    });
    const text = lines.join('\n') + (l.lastNewline && lines.length ? '\n' : '');
    return { name: `${KEYS[l.key]}${f % 2 ? '.1' : ''}.jsonl`, text, cut: Math.floor(l.cut * text.length) };
  });
}

/**
 * `exactOrder`: rows in the same time keep read order; across refreshes read order is the order
 * lines arrived, not file-name order, so a test that appends compares same-time rows as a set.
 */
function assertStoreShows(store: EvidenceStore, files: { name: string; text: string }[], exactOrder = true): void {
  const want = expectedOf(files);
  const page = store.events({ page: 1, size: 100_000 });
  const byTimeThenId = (rows: Omit<EventRow, 'label'>[]) => (exactOrder ? rows : [...rows].sort((x, y) => (x.at === y.at ? (x.id < y.id ? -1 : 1) : x.at < y.at ? 1 : -1)));
  expect(byTimeThenId(page.rows.map(({ label: _l, ...row }) => row))).toEqual(byTimeThenId(want.rows));
  const s = store.summary();
  expect(s.totals.records).toBe(want.rows.length);
  expect(s.totals.damaged).toBe(want.damaged);
  const checks = want.rows.filter((r) => r.type === 'check' && r.outcome !== '');
  expect(s.totals.checks).toBe(checks.length);
  expect(s.totals.denies).toBe(checks.filter((r) => r.outcome === 'deny').length);
  for (const session of store.recentSessions(100)) {
    const key = KEYS.find((k) => k.startsWith(session.key))!;
    const latest = want.latest.get(key)!;
    expect(session.contract).toEqual(latest.contract);
    expect(session.controlState).toBe(latest.controlState);
  }
  expect(store.recentSessions(100).length).toBe(want.latest.size);
}

function folderWith(files: { name: string; text: string }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-dash-scan-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'runtime'), { recursive: true });
  for (const f of files) writeFileSync(join(dir, 'runtime', f.name), f.text);
  return dir;
}

describe('the dashboard store over the evidence scanner', () => {
  it('lists, counts and calls damaged exactly what JSON.parse per line with its rule gives', async () => {
    await fc.assert(
      fc.asyncProperty(logs, async (ls) => {
        // two logs may name the same file: the later one wins, as on disk
        const files = [...new Map(texts(ls).map((f) => [f.name, f])).values()];
        const store = new EvidenceStore([folderWith(files)]);
        await store.refresh();
        assertStoreShows(store, files);
      }),
      { numRuns: 60 },
    );
  });

  it('reading while lines are appended (a cut anywhere, even mid-line) ends with the same answers', async () => {
    await fc.assert(
      fc.asyncProperty(logs, async (ls) => {
        const files = [...new Map(texts(ls).map((f) => [f.name, f])).values()];
        const dir = folderWith(files.map((f) => ({ name: f.name, text: f.text.slice(0, f.cut) })));
        const store = new EvidenceStore([dir]);
        await store.refresh();
        // what the first read saw: complete lines only (the cut piece is still being written)
        assertStoreShows(store, files.map((f) => ({ name: f.name, text: f.text.slice(0, f.cut) })));
        for (const f of files) appendFileSync(join(dir, 'runtime', f.name), f.text.slice(f.cut));
        await store.refresh();
        assertStoreShows(store, files, false);
      }),
      { numRuns: 40 },
    );
  });

  it('a log of a few shapes repeated with their own ids and times gives one row per line', async () => {
    const lines: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const { eventId: _e, occurredAt: _o, ...rest } = recordOf(n % 3, (n % 5) * 7 + 1, OPTS) as unknown as Record<string, unknown>;
      lines.push(asLine(rest, `evt_${n.toString(16).padStart(20, '0')}`, new Date(T0 + n * 1000).toISOString()));
    }
    // one line of the same shape with an upper-case id: damaged, although its shape is remembered
    lines.push(lines[5]!.replace(/"eventId":"evt_0+5"/, '"eventId":"evt_0000000000000000000A"'));
    const files = [{ name: `${KEYS[0]}.jsonl`, text: lines.join('\n') + '\n' }];
    const store = new EvidenceStore([folderWith(files)]);
    await store.refresh();
    expect(store.summary().totals).toMatchObject({ records: 3000, damaged: 1 });
    assertStoreShows(store, files);
    // the detail view reads a record back by its offset: the offsets came from the scanner
    const id = `evt_${(1234).toString(16).padStart(20, '0')}`;
    const detail = store.detail(id);
    expect(detail.ok && detail.detail.record.eventId).toBe(id);
  });
});
