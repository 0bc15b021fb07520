/**
 * What the dashboard store's first read of a 10^6-record folder costs, each read in a node
 * process of its own so its peak RSS is the read's (plus node and the TypeScript loader):
 *   npx jiti test/dashboard/read-cost.ts seed <dir>            # 500 sessions x 2000 records, ~450 MB
 *   npx jiti test/dashboard/read-cost.ts seed-repeating <dir>  # the same, contents repeated (below)
 *   npx jiti test/dashboard/read-cost.ts read <dir> [runs=3] [store module]   # CPU ms, wall ms, peak RSS per run
 * The store module defaults to the dashboard's; an older store.ts copied next to it can be
 * measured on the same folder that way.
 * A measurement, not a test: nothing here runs in `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eventIdOf, recordOf, seedEvidence, sessionKeyOf } from './seed';
import type { SeedOptions } from './seed';

const OPTS: SeedOptions = { sessions: 500, perSession: 2000, start: Date.UTC(2026, 0, 1), stepMs: 2_000 };
const DEFAULT_STORE = resolve(__dirname, '../../hosts/cli/dashboard/store');
/** each measured read runs through the same TypeScript loader this script was started with */
const JITI_CLI = resolve(__dirname, '../../node_modules/jiti/lib/jiti-cli.mjs');

interface StoreModule {
  EvidenceStore: new (folders: string[]) => { refresh(): Promise<void>; summary(): { totals: { records: number; damaged: number } } };
}

/**
 * The seed's records change a field with every record (k mod 3, 4, 5, 7, 13 and 50 at once), so
 * each of its 10^6 lines is a shape of its own. Here each session cycles through 40 contents 10
 * times before its contract revision moves on: every shape is seen 10 times, never twice in a
 * row. That repetition is an assumption about real sessions (a few tools, mostly one outcome),
 * not a measurement of them; ids and times are the seed's.
 */
function seedRepeating(dataDir: string): number {
  const runtime = join(dataDir, 'runtime');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  let records = 0;
  for (let s = 0; s < OPTS.sessions; s++) {
    const lines: string[] = [];
    for (let k = 0; k < OPTS.perSession; k++) {
      const contentOf = (k % 40) + 400 * Math.floor(k / 400);
      const own = { eventId: eventIdOf(s, k), occurredAt: new Date(OPTS.start + (k * OPTS.sessions + s) * OPTS.stepMs).toISOString() };
      lines.push(JSON.stringify({ ...recordOf(s, contentOf, OPTS), ...own }));
      records++;
    }
    writeFileSync(join(runtime, `${sessionKeyOf(s)}.jsonl`), lines.join('\n') + '\n', { mode: 0o600 });
  }
  return records;
}

async function once(dir: string, storePath: string): Promise<void> {
  const { EvidenceStore } = (await import(storePath)) as StoreModule;
  const rssBeforeMB = process.memoryUsage().rss / 2 ** 20;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const store = new EvidenceStore([dir]);
  await store.refresh();
  const totals = store.summary().totals;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const out = {
    records: totals.records,
    damaged: totals.damaged,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    wallMs: Math.round(wallMs),
    rssBeforeReadMB: Math.round(rssBeforeMB),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

async function main(): Promise<void> {
  const [mode, dir, third, fourth] = process.argv.slice(2);
  if (mode === 'seed' && dir) {
    const e = seedEvidence(dir, OPTS);
    process.stdout.write(`seeded ${e.records} records in ${dir}\n`);
  } else if (mode === 'seed-repeating' && dir) {
    process.stdout.write(`seeded ${seedRepeating(dir)} records (40 contents x 10 per 400) in ${dir}\n`);
  } else if (mode === 'once' && dir && third) {
    await once(dir, third);
  } else if (mode === 'read' && dir) {
    const runs = Number(third ?? 3);
    const storePath = fourth ? resolve(fourth) : DEFAULT_STORE;
    for (let i = 0; i < runs; i++) {
      const out = execFileSync(process.execPath, [JITI_CLI, __filename, 'once', dir, storePath], { encoding: 'utf8', maxBuffer: 1 << 20 });
      process.stdout.write(out);
    }
  } else {
    process.stderr.write('usage: read-cost.ts seed <dir> | seed-repeating <dir> | read <dir> [runs] [store module]\n');
    process.exitCode = 2;
  }
}

void main();
