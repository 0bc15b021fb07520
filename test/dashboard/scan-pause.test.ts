/**
 * The scanner option the dashboard store uses (maxMemoPause, hosts/cli/evidence/scan.ts): over
 * a log whose lines are all new shapes, each failed memo window doubles the next pause, so a
 * folder of 10^6 such lines tries the memo a handful of times instead of every 16 Ki lines; the
 * counts stay those of the default scanner, and the memo still comes back for repeated lines.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvidenceScanner } from '../../hosts/cli/evidence/scan';

const dir = mkdtempSync(join(tmpdir(), 'stopline-scan-pause-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UNIQUE = 60_000;
const REPEATED = 100_000;
const line = (n: number, shape: number) => `{"schemaVersion":1,"eventId":"evt_${n}","occurredAt":"2026-05-01T00:00:00.000Z","type":"check","n":${shape}}`;

function scan(file: string, maxMemoPause?: number) {
  let visited = 0;
  const scanner = new EvidenceScanner<string>({ derive: (r) => (typeof r.type === 'string' ? r.type : null), visit: () => void visited++ }, { maxMemoPause });
  return { ...scanner.scanFile(file), visited };
}

describe('the shape memo pause, doubling up to maxMemoPause', () => {
  it('tries the memo less over new shapes, counts the same, and comes back for repeats', () => {
    const lines: string[] = [];
    for (let n = 0; n < UNIQUE; n++) lines.push(line(n, n));
    // then a few shapes over and over (no two neighbours alike, so each is a memo lookup)
    for (let n = UNIQUE; n < UNIQUE + REPEATED; n++) lines.push(line(n, n % 3));
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');

    const fixed = scan(file);
    const doubling = scan(file, 64 * 1024);
    for (const r of [fixed, doubling]) expect(r).toMatchObject({ records: UNIQUE + REPEATED, damaged: 0, visited: UNIQUE + REPEATED });
    // fixed pauses of 16 Ki: the memo is back within 17 Ki lines of the first repeat
    expect(fixed.memoHits).toBeGreaterThan(REPEATED - 17 * 1024 - 1024);
    // doubling: windows fail at lines 0, 17 Ki and 50 Ki, the last pause (64 Ki) ends at 115 Ki,
    // so the repeats meet the memo only from there, and all of them hit after
    const back = 1024 + 16 * 1024 + 1024 + 32 * 1024 + 1024 + 64 * 1024;
    expect(doubling.memoHits).toBeLessThanOrEqual(UNIQUE + REPEATED - back);
    expect(doubling.memoHits).toBeGreaterThan(UNIQUE + REPEATED - back - 1024);
  });
});
