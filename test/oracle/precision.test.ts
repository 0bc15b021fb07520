/**
 * The generated precision cases (test/corpus/precision/cases.tsv) through the execution oracle,
 * against the fixture's repo/lab (Go module, Cargo package, archives, SQLite databases, scripts
 * that leave a trace, a file with diffs that apply exactly, with fuzz and not at all):
 *   1. every read the guard allows under `review` changes nothing (soundness);
 *   2. every mutating row changes the sandbox (else its label is wrong; a program the machine
 *      lacks, exit 127, is reported and skipped);
 *   3. the path check: for a mutating row the analysis calls a write with proven targets, every
 *      path the command really changed lies at or under one of its affectedPaths (backup files,
 *      rejects, batch files, a backup folder elsewhere).
 *
 *   npx vitest run test/oracle/precision.test.ts        # CI: every runnable row (~3 min on 2 cores)
 *   STOPLINE_PRECISION_SAMPLE=N to run a stable sample of N rows instead.
 * Results: test-artifacts/oracle/precision.json. Needs the oracle's sandbox (see oracle.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { uncovered } from './paths.mjs';
import { canaryState, observeAll } from './run.mjs';
import { corpusRows, oracleSandbox, stableSample, writeReport } from './suite';
import { judgeRows, ownChanges } from './verdict';

const JOBS = Number(process.env.STOPLINE_ORACLE_JOBS ?? 4);
const SAMPLE = Number(process.env.STOPLINE_PRECISION_SAMPLE ?? 0);

const rows = corpusRows('precision', 'cases.tsv').filter((r) => r.oracle);

const usable = oracleSandbox('precision oracle');

describe('precision cases through the execution oracle', () => {
  it('reads change nothing, mutating rows change something, proven writes name every path', { timeout: 30 * 60_000 }, async () => {
    const c = usable();
    if (!c) return;
    const cwd = join(c.template, 'repo');
    const home = join(c.template, 'home');
    let judged = judgeRows(rows, cwd, home, { TMPDIR: join(c.template, 'tmp') });
    if (SAMPLE > 0) judged = stableSample(judged, SAMPLE);
    const t0 = Date.now();
    const res = await observeAll(c, judged.map((r) => r.cmd), { concurrency: JOBS, timeoutMs: 20_000 });
    const byCmd = new Map(judged.map((r, i) => [r.cmd, res[i]!]));

    const allowed = judged.filter((r) => r.verdict === 'read');
    const readChanged = allowed.filter((r) => ownChanges(byCmd.get(r.cmd)!).length > 0).map((r) => `${r.cmd}  =>  ${byCmd.get(r.cmd)!.changes.slice(0, 5).join(' ')}`);
    const mutating = judged.filter((r) => r.kind === 'M');
    const missing = mutating.filter((r) => byCmd.get(r.cmd)!.exit === 127 && !byCmd.get(r.cmd)!.changed).map((r) => r.cmd);
    const unchanged = mutating.filter((r) => !byCmd.get(r.cmd)!.changed && byCmd.get(r.cmd)!.exit !== 127).map((r) => `${r.cmd} (exit ${byCmd.get(r.cmd)!.exit})`);
    const wrongPaths: string[] = [];
    for (const r of mutating.filter((m) => m.mutability === 'write' && m.affected !== null)) {
      const o = byCmd.get(r.cmd)!;
      if (o.timedOut) continue;
      const miss = uncovered(o.changes, r.affected!, { template: c.template, cwd, gitMetadata: r.git, entries: r.entries });
      if (miss.length) wrongPaths.push(`${r.cmd}  =>  said ${JSON.stringify(r.affected)}${r.entries.length ? ` and a new entry of ${r.entries.map((e) => `${e.folder} (${e.prefix}…)`).join(', ')}` : ''}, also wrote ${miss.slice(0, 5).map((m: { path: string }) => m.path).join(' ')}`);
    }
    const readsNotAllowed = judged.filter((r) => r.kind === 'R' && r.verdict !== 'read').map((r) => `${r.verdict}: ${r.cmd}`);
    writeReport('precision.json', { ms: Date.now() - t0, ran: judged.length, readChanged, unchanged, missing, wrongPaths, readsNotAllowed, rows: judged.map((r) => ({ cmd: r.cmd, kind: r.kind, verdict: r.verdict, affected: r.affected, ...byCmd.get(r.cmd) })) });
    console.log(
      `precision oracle: ran ${judged.length} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${allowed.length} allowed as reads, ${mutating.length} mutating); read changed ${readChanged.length}; mutating unchanged ${unchanged.length}, not installed ${missing.length}; paths named wrongly ${wrongPaths.length}; reads not allowed ${readsNotAllowed.length}`,
    );
    if (missing.length) console.log(`not installed here (skipped): ${[...new Set(missing.map((m) => m.replace(/^cd \S+ && /, '').split(' ')[0]))].join(', ')}`);
    expect(canaryState(c.canary.dir), 'the canary outside the sandboxes was touched').toBe(c.canary.before);
    expect(readChanged, 'reads allowed under review that changed the sandbox').toEqual([]);
    expect(unchanged, 'mutating rows that changed nothing (a wrong label)').toEqual([]);
    expect(wrongPaths, 'writes whose real paths the analysis did not name').toEqual([]);
  });
});
