/**
 * The page in a real browser (Debian chromium through playwright-core) over a seeded log: the
 * chart and the counts match the log, an event opens with its explain text, a label set on the
 * page lands in labels.jsonl, paging and filtering work, and the CSP lets the page run without
 * a single console error. Leaves a screenshot in test-artifacts/dashboard.png.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabels } from '../../core/evidence/log';
import { startDashboard } from '../../hosts/cli/dashboard/command';
import { browserMissing, launchChromium } from './browser';
import { idAtNewest, seedEvidence } from './seed';
import type { Expected, SeedOptions } from './seed';

const ARTIFACTS = resolve(__dirname, '../../test-artifacts');
export const SCREENSHOT = join(ARTIFACTS, 'dashboard.png');
const OPTS: SeedOptions = { sessions: 12, perSession: 250, start: Date.UTC(2026, 0, 12, 8), stepMs: 45_000 };
const missing = browserMissing();
if (missing) console.warn(`dashboard browser test skipped: ${missing}`);

const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

describe.skipIf(missing !== null && process.env.CI !== 'true')('the dashboard page in chromium', () => {
  let dir: string;
  let expected: Expected;
  let url: string;
  let stop: (() => Promise<void>) | undefined;
  let browser: { context: BrowserContext; close(): Promise<void> } | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // under CI a missing browser is a failure, not a skip: .ci/run installs it
    if (missing) throw new Error(`dashboard browser test cannot run: ${missing}`);
    dir = mkdtempSync(join(tmpdir(), 'stopline-dash-page-'));
    expected = seedEvidence(dir, OPTS);
    const started = await startDashboard({ folders: [dir], port: 0 });
    if (started.kind !== 'started') throw new Error(`expected a fresh server, got ${started.kind}`);
    url = started.url;
    stop = started.close;
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('loads and draws the chart and the counts of the log', async () => {
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="yes"]', { timeout: 120_000 });
    const loadMs = Date.now() - t0;
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'dashboard-page-load.json'), JSON.stringify({ records: expected.records, loadMs }, null, 2) + '\n');

    expect(digits(await page.textContent('[data-total="checks"] b'))).toBe(expected.checks);
    expect(digits(await page.textContent('[data-total="denies"] b'))).toBe(expected.denies);
    expect(digits(await page.textContent('[data-total="sessions"] b'))).toBe(OPTS.sessions);

    const bars = await page.$$eval('#timeline g.bucket', (gs) => gs.map((g) => [Number(g.getAttribute('data-checks')), Number(g.getAttribute('data-denies'))]));
    expect(bars.length).toBeGreaterThan(10);
    expect(bars.reduce((n, [c]) => n + c!, 0)).toBe(expected.checks);
    expect(bars.reduce((n, [, d]) => n + d!, 0)).toBe(expected.denies);
    // a bar is as tall as its count: the tallest bucket fills the plot height
    const heights = await page.$$eval('#timeline rect.bar-checks', (rs) => rs.map((r) => Number(r.getAttribute('height'))));
    const tallest = Math.max(...bars.map(([c]) => c!));
    expect(heights[bars.findIndex(([c]) => c === tallest)]).toBeCloseTo(190, 0);

    const hosts = await page.$$eval('#by-host tbody tr', (trs) => trs.map((tr) => [tr.children[0]!.textContent, Number(tr.children[1]!.textContent!.replace(/\D/g, ''))]));
    expect(Object.fromEntries(hosts)).toEqual(Object.fromEntries(Object.entries(expected.byHost).map(([h, b]) => [h, b.checks])));
    expect(await page.textContent('#by-reason')).toContain('PATH_OUTSIDE_CONTRACT');
    expect(await page.$$eval('#sessions tbody tr', (trs) => trs.length)).toBe(OPTS.sessions);
    expect(await page.getAttribute('#events tbody tr:first-child', 'data-id')).toBe(idAtNewest(0, OPTS));
    expect(await page.$$eval('#events tbody tr', (trs) => trs.length)).toBe(50);
  }, 180_000);

  it('clicking an event shows its explain text; a label set on the page is written to labels.jsonl', async () => {
    const row = page.locator('#events tbody tr', { has: page.locator('td.o-deny') }).first();
    const id = (await row.getAttribute('data-id'))!;
    await row.click();
    await page.waitForSelector('#detail:not([hidden])');
    await expect.poll(() => page.textContent('#explain')).toContain(`stopline explain ${id}`);
    expect(await page.textContent('#explain')).toContain('Decision: deny');
    expect(await page.textContent('#label-status')).toBe('No label yet.');

    await page.click('#labels button[data-label="incorrect"]');
    await expect.poll(() => page.textContent('#label-status')).toBe('Label: incorrect');
    await expect.poll(() => page.textContent(`#events tr[data-id="${id}"] td.label`)).toBe('incorrect');
    await expect.poll(() => page.textContent('#explain')).toContain('Label: incorrect');
    expect(readLabels(dir).records.map((l) => [l.eventId, l.label])).toEqual([[id, 'incorrect']]);
    expect(digits(await page.textContent('[data-total="labels"] b'))).toBe(1);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  }, 120_000);

  it('pages to older events and filters by a host', async () => {
    await page.click('#next');
    await expect.poll(() => page.getAttribute('#events tbody tr:first-child', 'data-id')).toBe(idAtNewest(50, OPTS));
    expect(await page.textContent('#page')).toContain(`page 2 of ${Math.ceil(expected.records / 50)}`);

    await page.click('#by-host tbody tr[data-name="codex"]');
    await expect.poll(() => page.textContent('#chips')).toContain('host: codex');
    const hostCells = await page.$$eval('#events tbody tr td:nth-child(2)', (tds) => [...new Set(tds.map((td) => td.textContent!.replace(' (sub)', '')))]);
    expect(hostCells).toEqual(['codex']);
    expect(await page.textContent('#page')).toContain('page 1 of');
  }, 120_000);

  it('ran without console errors (the CSP let its own script and style through)', () => {
    expect(problems).toEqual([]);
  });
});
