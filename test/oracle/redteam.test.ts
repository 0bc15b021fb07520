/**
 * The red-team sets (test/corpus/redteam/set-*.tsv) against the execution oracle, in its sandbox:
 *   1. every read (R) the guard would allow under `review` changes nothing;
 *   2. a stable sample of the mutating commands (M) does change the sandbox, which checks the
 *      sets themselves (a mutating command that changes nothing is a wrong entry; a program the
 *      machine lacks, exit 127, is reported and skipped);
 *   3. the path side: for mutating commands the analysis calls a write with proven targets, every
 *      path the command really changed lies at or under one of the analysis's affectedPaths
 *      (relative to the cwd, after `cd`, `-C dir`, `~`, `$HOME`…). Changes inside .git by git
 *      commands are the repository's own bookkeeping; writes through a symlink are named by the
 *      link (docs/residual-risks.md) and reported apart.
 *
 *   npx vitest run test/oracle/redteam.test.ts                       # CI size: a stable sample
 *        (STOPLINE_REDTEAM_READS / _SAMPLE / _PATHS set the sample sizes, STOPLINE_ORACLE_JOBS the workers)
 *   STOPLINE_REDTEAM_FULL=1 npx vitest run test/oracle/redteam.test.ts   # every runnable row (~12 min on 2 cores)
 * Results: test-artifacts/oracle/redteam.json. Needs the oracle's sandbox (see oracle.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { uncovered } from './paths.mjs';
import { canaryState, observeAll } from './run.mjs';
import { corpusRows, oracleSandbox, REPO, stableSample, writeReport } from './suite';
import { judgeRows, ownChanges } from './verdict';

const FULL = process.env.STOPLINE_REDTEAM_FULL === '1';
const JOBS = Number(process.env.STOPLINE_ORACLE_JOBS ?? 4);
/** CI size (a stable sample, ~1 min on 2 cores): reads allowed as reads, mutating rows, proven writes */
const READ_SAMPLE = Number(process.env.STOPLINE_REDTEAM_READS ?? 150);
const M_SAMPLE = Number(process.env.STOPLINE_REDTEAM_SAMPLE ?? 30);
const PATH_SAMPLE = Number(process.env.STOPLINE_REDTEAM_PATHS ?? 60);

const SETS = join(REPO, 'test', 'corpus', 'redteam');
const rows = readdirSync(SETS)
  .filter((f) => /^set-.*\.tsv$/.test(f))
  .flatMap((f) => corpusRows('redteam', f).map((r) => ({ ...r, set: f })))
  .filter((r) => r.oracle);

const sample = <T extends { cmd: string }>(xs: T[], n: number) => (FULL ? xs : stableSample(xs, n));
const usable = oracleSandbox('red-team oracle');

/** The fixture paths that are symlinks (a write through one lands on its target). */
function linksIn(repo: string): string[] {
  return readdirSync(repo).filter((n) => lstatSync(join(repo, n)).isSymbolicLink());
}

describe('red-team sets through the execution oracle', () => {
  it('runs reads, a sample of mutating commands and the path check', { timeout: 20 * 60_000 }, async () => {
    const c = usable();
    if (!c) return;
    const cwd = join(c.template, 'repo');
    const home = join(c.template, 'home');
    const judged = judgeRows(rows, cwd, home, { TMPDIR: join(c.template, 'tmp') });
    const reads = sample(judged.filter((r) => r.kind === 'R' && r.verdict === 'read'), READ_SAMPLE);
    const mutating = sample(judged.filter((r) => r.kind === 'M'), M_SAMPLE);
    const placed = judged.filter((r) => r.kind === 'M' && r.mutability === 'write' && r.affected !== null);
    // the few writes that name a new entry picked at run time are always checked, the rest sampled
    const proven = [...new Set([...sample(placed, PATH_SAMPLE), ...placed.filter((r) => r.entries.length > 0)])];
    const toRun = [...new Map([...reads, ...mutating, ...proven].map((r) => [r.cmd, r])).values()];
    const t0 = Date.now();
    const res = await observeAll(c, toRun.map((r) => r.cmd), { concurrency: JOBS });
    const byCmd = new Map(toRun.map((r, i) => [r.cmd, res[i]!]));
    const links = linksIn(cwd);

    const readChanged = reads.filter((r) => ownChanges(byCmd.get(r.cmd)!).length > 0).map((r) => `${r.cmd}  =>  ${byCmd.get(r.cmd)!.changes.slice(0, 5).join(' ')}`);
    const missing = mutating.filter((r) => byCmd.get(r.cmd)!.exit === 127 && !byCmd.get(r.cmd)!.changed).map((r) => r.cmd);
    const unchanged = mutating.filter((r) => !byCmd.get(r.cmd)!.changed && byCmd.get(r.cmd)!.exit !== 127).map((r) => r.cmd);
    const wrongPaths: string[] = [];
    const throughLinks: string[] = [];
    for (const r of proven) {
      const o = byCmd.get(r.cmd)!;
      // a run cut off by the time bound may have left temporary files it would have removed
      if (o.timedOut) continue;
      const miss = uncovered(o.changes, r.affected!, { template: c.template, cwd, gitMetadata: r.git, entries: r.entries });
      if (!miss.length) continue;
      const line = `${r.cmd}  =>  said ${JSON.stringify(r.affected)}${r.entries.length ? ` and a new entry of ${r.entries.map((e) => `${e.folder} (${e.prefix}…)`).join(', ')}` : ''}, also wrote ${miss.slice(0, 5).map((m: { path: string }) => m.path).join(' ')}`;
      if (r.affected!.some((p) => links.includes(p))) throughLinks.push(line);
      else wrongPaths.push(line);
    }
    writeReport('redteam.json', { ms: Date.now() - t0, ran: toRun.length, readChanged, unchanged, missing, wrongPaths, throughLinks, rows: toRun.map((r) => ({ cmd: r.cmd, kind: r.kind, verdict: r.verdict, affected: r.affected, ...byCmd.get(r.cmd) })) });
    console.log(
      `red-team oracle: ran ${toRun.length} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${reads.length} reads allowed as reads, ${mutating.length} mutating sampled, ${proven.length} proven writes); read changed ${readChanged.length}; mutating unchanged ${unchanged.length}, not installed ${missing.length}; paths named wrongly ${wrongPaths.length}, through a symlink ${throughLinks.length}`,
    );
    expect(canaryState(c.canary.dir), 'the canary outside the sandboxes was touched').toBe(c.canary.before);
    expect(readChanged, 'reads allowed under review that changed the sandbox').toEqual([]);
    expect(unchanged, 'mutating red-team commands that changed nothing (a wrong entry in the set)').toEqual([]);
    expect(wrongPaths, 'writes whose real paths the analysis did not name').toEqual([]);
  });
});
