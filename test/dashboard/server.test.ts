/**
 * The dashboard server over a generated evidence folder: every endpoint, the numbers it
 * aggregates, pagination, labels through labels.jsonl, bad input, the Host header check and
 * the label token. The server runs in-process on a free loopback port.
 */
import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabels } from '../../core/evidence/log';
import { startDashboard } from '../../hosts/cli/dashboard/command';
import { call } from './http';
import { HOSTS, idAtNewest, recordById, recordOf, seedEvidence, sessionKeyOf } from './seed';
import type { Expected, SeedOptions } from './seed';

const OPTS: SeedOptions = { sessions: 20, perSession: 300, start: Date.UTC(2026, 0, 10), stepMs: 30_000 };

let dir: string;
let port: number;
let expected: Expected;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stopline-dash-'));
  expected = seedEvidence(dir, OPTS);
  const started = await startDashboard({ folders: [dir], port: 0 });
  if (started.kind !== 'started') throw new Error(`expected a fresh server, got ${started.kind}`);
  port = started.port;
  close = started.close;
});

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

async function token(): Promise<string> {
  const page = await call(port, '/');
  const m = /<meta name="stopline-token" content="([0-9a-f]+)">/.exec(page.text);
  if (!m) throw new Error('no token in the page');
  return m[1]!;
}

function postLabel(body: unknown, headers: Record<string, string>) {
  return call(port, '/api/labels', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('aggregates', () => {
  it('totals, by host, by reason code and by tool class match the generated log', async () => {
    const r = await call(port, '/api/summary');
    expect(r.status).toBe(200);
    const s = r.json;
    expect(s.totals).toMatchObject({
      records: expected.records,
      checks: expected.checks,
      allowed: expected.allowed,
      contexts: expected.contexts,
      asks: expected.asks,
      denies: expected.denies,
      after: expected.after,
      contractChanges: expected.contractChanges,
      sessions: expected.sessions,
      damaged: 0,
    });
    const asMap = (rows: { name: string; checks: number; denies: number }[]) => Object.fromEntries(rows.map((b) => [b.name, { checks: b.checks, denies: b.denies }]));
    expect(asMap(s.byHost)).toEqual(expected.byHost);
    expect(asMap(s.byReason)).toEqual(expected.byReason);
    expect(asMap(s.byToolClass)).toEqual(expected.byToolClass);
    expect(Object.keys(expected.byHost).sort()).toEqual([...HOSTS].sort());
    expect(s.folders).toEqual([dir]);
  });

  it('the timeline covers every check and denial in at most 90 buckets', async () => {
    const { timeline } = (await call(port, '/api/summary')).json;
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(sum(timeline.checks)).toBe(expected.checks);
    expect(sum(timeline.denies)).toBe(expected.denies);
    expect(timeline.checks.length).toBeLessThanOrEqual(90);
    expect(timeline.bucketMs).toBe(3_600_000); // 6000 records 30 s apart = 50 hours
    expect(timeline.from).toBe(OPTS.start);
  });

  it('sessions: the most recent first, each with the contract of its latest record', async () => {
    const r = await call(port, '/api/sessions?limit=3');
    expect(r.status).toBe(200);
    const last = OPTS.sessions - 1;
    expect(r.json.sessions.map((s: { key: string }) => s.key)).toEqual([last, last - 1, last - 2].map((s) => sessionKeyOf(s).slice(0, 12)));
    const latest = recordOf(last, OPTS.perSession - 1, OPTS);
    expect(r.json.sessions[0]).toMatchObject({ host: latest.host, controlState: 'armed', contract: latest.contract, checks: expected.checks / OPTS.sessions });
    expect((await call(port, '/api/sessions')).json.sessions).toHaveLength(12);
  });
});

describe('events table', () => {
  it('pages newest first', async () => {
    const p1 = (await call(port, '/api/events?size=25')).json;
    expect(p1).toMatchObject({ total: expected.records, page: 1, size: 25, pages: Math.ceil(expected.records / 25) });
    expect(p1.rows).toHaveLength(25);
    expect(p1.rows[0]).toMatchObject({ id: expected.newest.eventId, at: expected.newest.occurredAt, host: expected.newest.host, type: expected.newest.type });
    const p2 = (await call(port, '/api/events?size=25&page=2')).json;
    expect(p2.rows.map((r: { id: string }) => r.id)).toEqual(Array.from({ length: 25 }, (_, j) => idAtNewest(25 + j, OPTS)));
    const lastPage = (await call(port, `/api/events?size=25&page=${p1.pages}`)).json;
    expect(lastPage.rows.at(-1).id).toBe(recordOf(0, 0, OPTS).eventId);
    expect((await call(port, `/api/events?size=25&page=${p1.pages + 1}`)).json.rows).toEqual([]);
  });

  it('filters by outcome, host, reason and tool class', async () => {
    const denied = (await call(port, '/api/events?outcome=deny&size=200')).json;
    expect(denied.total).toBe(expected.denies);
    expect(denied.rows.every((r: { outcome: string }) => r.outcome === 'deny')).toBe(true);
    const codexDenied = (await call(port, '/api/events?outcome=deny&host=codex')).json;
    expect(codexDenied.total).toBe(expected.byHost.codex!.denies);
    const reason = (await call(port, '/api/events?reason=PATH_OUTSIDE_CONTRACT')).json;
    expect(reason.total).toBe(expected.byReason.PATH_OUTSIDE_CONTRACT!.checks);
    const writes = (await call(port, '/api/events?toolClass=write&type=check')).json;
    expect(writes.total).toBe(expected.byToolClass.write!.checks);
    expect((await call(port, '/api/events?host=nobody')).json.total).toBe(0);
  });

  it('an event opens with its explain text', async () => {
    const id = (await call(port, '/api/events?outcome=deny&size=1')).json.rows[0].id;
    const record = recordById(id, OPTS);
    const r = await call(port, `/api/event?id=${id}`);
    expect(r.status).toBe(200);
    expect(r.json.explain).toContain(`stopline explain ${id}: check at ${record.occurredAt} (${record.host}`);
    expect(r.json.explain).toContain(`Decision: deny (rule says deny) ${record.decision!.reasonCode}`);
    expect(r.json.record).toEqual(record);
  });
});

describe('bad input gets a clear 4xx', () => {
  it.each([
    ['/api/events?page=0', 400, 'page must be a whole number'],
    ['/api/events?size=1000', 400, 'size must be a whole number from 1 to 200'],
    ['/api/events?outcome=maybe', 400, 'outcome must be one of'],
    ['/api/events?colour=red', 400, 'unknown parameter "colour"'],
    ['/api/sessions?limit=x', 400, 'limit must be a whole number'],
    ['/api/event', 400, 'id must be an event id'],
    ['/api/event?id=evt_nothex', 400, 'id must be an event id'],
    ['/api/event?id=evt_ffffffffffffffffffff', 404, 'no event evt_ffffffffffffffffffff'],
    ['/etc/passwd', 404, 'no such page or endpoint'],
  ])('%s -> %i', async (path, status, message) => {
    const r = await call(port, path);
    expect(r.status).toBe(status);
    expect(r.json.error).toContain(message);
  });

  it('a wrong method is 405 with Allow', async () => {
    const r = await call(port, '/api/summary', { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET');
    expect((await call(port, '/api/labels')).headers.allow).toBe('POST');
  });
});

describe('who may talk to it', () => {
  it('refuses a Host header that is not loopback with this port (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `127.0.0.1.evil.example:${port}`]) {
      for (const path of ['/', '/api/summary', '/api/health']) {
        const r = await call(port, path, { host });
        expect(r.status, `${host} ${path}`).toBe(403);
        expect(r.text).not.toContain('stopline-token');
      }
    }
    // no Host at all: node's HTTP/1.1 parser already answers 400 before the handler runs
    expect((await call(port, '/api/summary', { host: null })).status).toBe(400);
    for (const host of [`localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) expect((await call(port, '/api/health', { host })).status).toBe(200);
  });

  it('binds to 127.0.0.1 only', async () => {
    const health = (await call(port, '/api/health')).json;
    expect(health).toMatchObject({ app: 'stopline-dashboard', pid: process.pid, dataDir: dir });
    const record = JSON.parse(readFileSync(join(dir, 'dashboard', 'server.json'), 'utf8'));
    expect(record).toMatchObject({ pid: process.pid, port });
  });

  it('serves the page with a nonce CSP and no framing', async () => {
    const r = await call(port, '/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    const csp = String(r.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(r.text).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
  });

  it('label writes need the token of this run', async () => {
    const id = expected.newest.eventId;
    const good = await token();
    const attempts: Record<string, string>[] = [{}, { 'x-stopline-token': 'f'.repeat(good.length) }, { 'x-stopline-token': good.slice(1) }];
    for (const headers of attempts) {
      const r = await postLabel({ eventId: id, label: 'correct' }, headers);
      expect(r.status).toBe(403);
      expect(r.json.error).toContain('token');
    }
    const crossSite = await postLabel({ eventId: id, label: 'correct' }, { 'x-stopline-token': good, origin: 'http://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(readLabels(dir).records).toEqual([]);
  });
});

describe('labels', () => {
  it('bad label requests are refused with a reason and write nothing', async () => {
    const t = { 'x-stopline-token': await token() };
    const id = expected.newest.eventId;
    const cases: [unknown, Record<string, string>, number, string][] = [
      ['{not json', t, 400, 'not JSON'],
      [{ eventId: id, label: 'great' }, t, 400, 'label must be one of correct, incorrect, inconclusive'],
      [{ eventId: 'evt_1', label: 'correct' }, t, 400, 'eventId must be an event id'],
      [[id, 'correct'], t, 400, 'eventId must be an event id'],
      [{ eventId: 'evt_ffffffffffffffffffff', label: 'correct' }, t, 404, 'no event'],
      ['x'.repeat(5000), t, 413, 'over 4096 bytes'],
    ];
    for (const [body, headers, status, message] of cases) {
      const r = await postLabel(body, headers);
      expect(r.status, message).toBe(status);
      expect(r.json.error).toContain(message);
    }
    const plain = await call(port, '/api/labels', { method: 'POST', headers: { ...t, 'content-type': 'text/plain' }, body: JSON.stringify({ eventId: id, label: 'correct' }) });
    expect(plain.status).toBe(415);
    expect(readLabels(dir).records).toEqual([]);
  });

  it('a label is appended to labels.jsonl and shows in the summary, the table and explain', async () => {
    const t = { 'x-stopline-token': await token() };
    const id = idAtNewest(3, OPTS);
    const first = await postLabel({ eventId: id, label: 'correct' }, t);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ eventId: id, label: 'correct', folder: dir });
    const second = await postLabel({ eventId: id, label: 'incorrect' }, t);
    expect(second.status).toBe(200);
    // append-only: both lines stay, the latest counts (the core reader agrees)
    expect(readLabels(dir).records.map((l) => [l.eventId, l.label])).toEqual([
      [id, 'correct'],
      [id, 'incorrect'],
    ]);
    expect((await call(port, '/api/summary')).json.labels).toEqual({ correct: 0, incorrect: 1, inconclusive: 0 });
    expect((await call(port, '/api/events?size=5')).json.rows[3]).toMatchObject({ id, label: 'incorrect' });
    expect((await call(port, `/api/event?id=${id}`)).json.explain).toContain('Label: incorrect');
  });
});

describe('reading the folder incrementally', () => {
  it('picks up appended records, waits for a half-written line, counts damaged lines', async () => {
    const before = (await call(port, '/api/summary')).json.totals;
    const file = join(dir, 'runtime', `${sessionKeyOf(0)}.jsonl`);
    const a = recordOf(0, OPTS.perSession, OPTS);
    const b = recordOf(0, OPTS.perSession + 1, OPTS);
    appendFileSync(file, JSON.stringify(a) + '\n');
    const lineB = JSON.stringify(b);
    appendFileSync(file, lineB.slice(0, 40));
    let t = (await call(port, '/api/summary')).json.totals;
    expect(t.records).toBe(before.records + 1);
    appendFileSync(file, lineB.slice(40) + '\n{"torn":\n');
    t = (await call(port, '/api/summary')).json.totals;
    expect(t.records).toBe(before.records + 2);
    expect(t.damaged).toBe(before.damaged + 1);
    expect((await call(port, '/api/events?size=1')).json.rows[0].id).toBe(b.eventId);
  });

  it('a rotated log keeps its records; the rotation overwriting an old .1 drops that one', async () => {
    const before = (await call(port, '/api/summary')).json.totals;
    const runtime = join(dir, 'runtime');
    const key = sessionKeyOf(1);
    renameSync(join(runtime, `${key}.jsonl`), join(runtime, `${key}.1.jsonl`));
    const next = recordOf(1, OPTS.perSession + 5, OPTS);
    writeFileSync(join(runtime, `${key}.jsonl`), JSON.stringify(next) + '\n');
    let t = (await call(port, '/api/summary')).json.totals;
    expect(t.records).toBe(before.records + 1);
    // the next rotation replaces the .1 file: its 300 records leave the folder and the page
    renameSync(join(runtime, `${key}.jsonl`), join(runtime, `${key}.1.jsonl`));
    t = (await call(port, '/api/summary')).json.totals;
    expect(t.records).toBe(before.records + 1 - OPTS.perSession);
    expect((await call(port, `/api/event?id=${recordOf(1, 7, OPTS).eventId}`)).status).toBe(404);
    expect((await call(port, `/api/event?id=${next.eventId}`)).status).toBe(200);
  });
});
