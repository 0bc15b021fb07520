/**
 * The dashboard over 10^6 records (500 sessions x 2000, ~450 MB of evidence): how long the
 * server takes to read the folder, how long the page takes to load in chromium, and what the
 * API answers cost. Opt-in (it writes ~450 MB and takes minutes on a loaded machine):
 *   STOPLINE_DASHBOARD_MILLION=1 npx vitest run test/dashboard/million.test.ts
 * Writes the numbers to test-artifacts/dashboard-million.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDashboard } from '../../hosts/cli/dashboard/command';
import { browserMissing, launchChromium } from './browser';
import { call } from './http';
import { idAtNewest, seedEvidence } from './seed';
import type { SeedOptions } from './seed';

const wanted = process.env.STOPLINE_DASHBOARD_MILLION === '1';
const OPTS: SeedOptions = { sessions: 500, perSession: 2000, start: Date.UTC(2026, 0, 1), stepMs: 2_000 };
const ARTIFACTS = resolve(__dirname, '../../test-artifacts');

describe.skipIf(!wanted)('10^6 records', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-dash-million-'));
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('reads the folder, answers fast and the page loads', async () => {
    const missing = browserMissing();
    if (missing) throw new Error(missing);
    let t = performance.now();
    const expected = seedEvidence(dir, OPTS);
    const seedMs = performance.now() - t;
    expect(expected.records).toBe(1_000_000);

    t = performance.now();
    const cpu0 = process.cpuUsage();
    const started = await startDashboard({ folders: [dir], port: 0 });
    if (started.kind !== 'started') throw new Error(started.kind);
    stop = started.close;
    const summary = await call(started.port, '/api/summary');
    const ingestMs = performance.now() - t;
    const ingestCpu = process.cpuUsage(cpu0);
    expect(summary.json.totals).toMatchObject({ records: expected.records, checks: expected.checks, denies: expected.denies, damaged: 0 });

    const timed = async (path: string) => {
      const t0 = performance.now();
      const r = await call(started.port, path);
      expect(r.status, path).toBe(200);
      return { ms: performance.now() - t0, json: r.json };
    };
    const api = {
      summaryMs: (await timed('/api/summary')).ms,
      sessionsMs: (await timed('/api/sessions')).ms,
      eventsFirstPageMs: (await timed('/api/events')).ms,
      eventsLastPageMs: (await timed('/api/events?page=20000')).ms,
      eventsFilteredMs: (await timed('/api/events?host=codex&outcome=deny')).ms,
      eventDetailMs: (await timed(`/api/event?id=${idAtNewest(123_456, OPTS)}`)).ms,
    };

    const browser = await launchChromium();
    const loads: number[] = [];
    try {
      const page = await browser.context.newPage();
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await page.goto(started.url);
        await page.waitForSelector('body[data-ready="yes"]', { timeout: 120_000 });
        loads.push(performance.now() - t0);
        expect(Number((await page.textContent('[data-total="checks"] b'))!.replace(/\D/g, ''))).toBe(expected.checks);
      }
    } finally {
      await browser.close();
    }
    const numbers = {
      records: expected.records,
      seedMs: Math.round(seedMs),
      serverReadsFolderMs: Math.round(ingestMs),
      // CPU time of this process (server and test side of one HTTP call) while the folder is read
      serverReadsFolderCpuMs: Math.round((ingestCpu.user + ingestCpu.system) / 1000),
      pageLoadMs: loads.map(Math.round),
      pageLoadMedianMs: Math.round([...loads].sort((a, b) => a - b)[1]!),
      api: Object.fromEntries(Object.entries(api).map(([k, v]) => [k, Math.round(v * 10) / 10])),
      rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
      // the process's peak, seeding included (seeding builds one session's lines at a time)
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'dashboard-million.json'), JSON.stringify(numbers, null, 2) + '\n');
    console.log('dashboard over 10^6 records:', numbers);
    expect(numbers.pageLoadMedianMs).toBeLessThan(10_000);
  }, 1_800_000);
});
