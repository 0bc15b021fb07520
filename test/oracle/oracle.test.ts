/**
 * The execution oracle: measured ground truth for the analysis's `read`.
 *
 * It RUNS generated shell commands, each in a throwaway sandbox (a fresh copy of a small
 * fixture repository with HOME, TMPDIR and every XDG folder inside it, no network, a time
 * bound, its processes killed at the end), snapshots the whole sandbox before and after
 * (paths, types, modes, owners, sizes, mtimes, content hashes, symlink targets, .git included;
 * only atime is left out) and checks one property:
 *
 *     whenever the guard would allow a command as a read under a `review` contract,
 *     running it changed nothing.
 *
 * Candidates: every option of every installed program's own --help, alone and with fixture
 * operands, plus a seeded grammar that composes them (pipes, lists, redirections,
 * substitutions, wrappers, quoting). See candidates.mjs, sandbox.mjs, fixture.mjs.
 *
 * Run it:
 *   npx vitest run test/oracle/oracle.test.ts          # CI size: a stable sample of 2200 read verdicts (test/oracle/redteam.test.ts adds ~1 min)
 *                                (STOPLINE_ORACLE_SAMPLE=N for another size, STOPLINE_ORACLE_JOBS=N workers)
 *   STOPLINE_ORACLE_FULL=1 npx vitest run test/oracle/oracle.test.ts   # every candidate, more grammar
 *   STOPLINE_ORACLE_FULL=1 STOPLINE_ORACLE_RECORD=1 npx vitest run test/oracle/oracle.test.ts
 *                                # ...and rewrite the committed corpus (test/oracle/corpus.json)
 * Results of every run: test-artifacts/oracle/results.json; findings: test-artifacts/oracle/findings.txt.
 * Needs Linux with unshare (root or user namespaces). Under CI=true it fails when it cannot
 * sandbox; elsewhere it skips with a message.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GIT_SUBCOMMANDS, PROGRAMS, grammarCandidates, helpCandidates } from './candidates.mjs';
import { canaryState, collectHelps, observe, observeAll, type OracleCtx } from './run.mjs';
import { ARTIFACTS, oracleSandbox, REPO, stableSample } from './suite';
import { reviewVerdict, type OracleVerdict } from './verdict';

const FULL = process.env.STOPLINE_ORACLE_FULL === '1';
const RECORD = process.env.STOPLINE_ORACLE_RECORD === '1';
const CONCURRENCY = Number(process.env.STOPLINE_ORACLE_JOBS ?? 4);
const GRAMMAR = FULL ? 6000 : 1500;
/** CI runs a fixed, stable sample of the read verdicts (chosen by a hash of the command). */
const CI_SAMPLE = Number(process.env.STOPLINE_ORACLE_SAMPLE ?? 2200);

const usable = oracleSandbox('oracle');

const verdictIn = (c: OracleCtx, cmd: string): OracleVerdict => reviewVerdict(cmd, join(c.template, 'repo'), join(c.template, 'home'));

describe('execution oracle', () => {
  it('sees a change and no change where there is one and none (so it can fail)', async () => {
    const c = usable();
    if (!c) return;
    const [touch, cat, tmp, git] = await observeAll(c, ['touch made.txt', 'cat notes.txt', 'echo x > /tmp/escaped.txt', 'git commit -qam wip'], { concurrency: 4 });
    expect(touch!.changes).toContain('+repo/made.txt');
    expect(cat!.changed, cat!.changes.join(', ')).toBe(false);
    // /tmp is the sandbox's own, so an escape to it is seen (and never reaches the machine)
    expect(tmp!.changes).toContain('+escape/tmp/escaped.txt');
    expect(git!.changed).toBe(true);
    expect(verdictIn(c, 'touch made.txt')).not.toBe('read');
    // a write only to a temp folder is allowed under review as scratch, never counted as a read
    expect(verdictIn(c, 'echo x > /tmp/escaped.txt')).toBe('scratch');
  });

  it('sees what a job left in the background writes, and a backgrounded git status leaves no lock', async () => {
    const c = usable();
    if (!c) return;
    const [late, status] = await observeAll(c, ['(sleep 0.4; touch late.txt) &', 'git status -v &'], { concurrency: 2 });
    expect(late!.changes).toContain('+repo/late.txt');
    expect(status!.changes.filter((l) => l.includes('index.lock'))).toEqual([]);
  });

  it('runs every read verdict of the generated candidates without a change', { timeout: 30 * 60_000 }, async () => {
    const c = usable();
    if (!c) return;
    const t0 = Date.now();
    const helps = await collectHelps(c, PROGRAMS, GIT_SUBCOMMANDS);
    const fromHelp = helpCandidates(helps);
    const grammar = grammarCandidates(fromHelp.map((x) => x.cmd), GRAMMAR, 16);
    const all = [...fromHelp, ...grammar];
    const judged = all.map((x) => ({ ...x, verdict: verdictIn(c, x.cmd) }));
    // CI runs what the property is about (the reads); the full run also runs the rest, to grow
    // the corpus of commands observed changing
    const toRun = FULL ? judged : stableSample(judged.filter((x) => x.verdict === 'read'), CI_SAMPLE);
    const results = await observeAll(c, toRun.map((x) => x.cmd), { concurrency: CONCURRENCY });
    const ms = Date.now() - t0;
    const rows = toRun.map((x, i) => ({ cmd: x.cmd, source: x.source, verdict: x.verdict, changed: results[i]!.changed, changes: results[i]!.changes, timedOut: results[i]!.timedOut }));
    const findings = rows.filter((r) => r.verdict === 'read' && r.changed);

    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'results.json'), JSON.stringify({ sandbox: c.iso.mode, network: c.iso.network, full: FULL, ms, programs: Object.keys(helps).length, generated: all.length, ran: rows.length, rows }, null, 1));
    writeFileSync(join(ARTIFACTS, 'findings.txt'), findings.map((f) => `${f.cmd.replace(/\t|\n/g, ' ')}\t${f.changes.slice(0, 6).join(' ')}`).join('\n') + (findings.length ? '\n' : ''));
    if (RECORD) writeCorpus(rows);
    const changedCount = rows.filter((r) => r.changed).length;
    console.log(
      `oracle: ${Object.keys(helps).length} programs/subcommands enumerated, ${fromHelp.length} help candidates + ${grammar.length} grammar candidates; ran ${rows.length} (${rows.filter((r) => r.verdict === 'read').length} read verdicts) in ${(ms / 1000).toFixed(1)} s with ${CONCURRENCY} at a time; ${changedCount} changed something; ${rows.filter((r) => r.timedOut).length} hit the time bound; ${findings.length} read verdicts that changed something`,
    );

    expect(canaryState(c.canary.dir), 'the canary outside the sandboxes was touched').toBe(c.canary.before);
    expect(rows.length).toBeGreaterThan(FULL ? 5000 : Math.min(1000, CI_SAMPLE - 1));
    const report = findings.slice(0, 40).map((f) => `  ${JSON.stringify(f.cmd)}\n      ${f.changes.slice(0, 8).join(' ')}`).join('\n');
    expect(findings.length, `read verdicts on commands that changed the sandbox:\n${report}`).toBe(0);
  });

  it('left the canary outside every sandbox untouched', async () => {
    const c = usable();
    if (!c) return;
    // an escape attempt on purpose, through the path the canary really has
    const r = await observe(c, `cat ${c.canary.file} > /dev/null; echo x >> ${c.canary.file} 2>/dev/null; touch ${c.canary.dir}/new 2>/dev/null; true`, 999_999);
    // the sandbox uid owns the canary, so the attempt can write it: this proves the canary
    // check would see an escape (the bulk test above compared it before this attempt)
    const escaped = canaryState(c.canary.dir) !== c.canary.before;
    expect(r.exit).toBe(0);
    expect(escaped, 'an absolute-path write outside the sandbox must be visible on the canary').toBe(true);
  });
});

/** The committed regression corpus: [command, verdict at record time, changed 0/1]. */
function writeCorpus(rows: { cmd: string; verdict: OracleVerdict; changed: boolean }[]): void {
  const file = join(REPO, 'test', 'oracle', 'corpus.json');
  let old: [string, string, number][] = [];
  try {
    old = JSON.parse(readFileSync(file, 'utf8')).runs;
  } catch {
    /* first recording */
  }
  const byCmd = new Map(old.map((r) => [r[0], r]));
  for (const r of rows) {
    const prev = byCmd.get(r.cmd);
    // once observed changing, a command stays recorded as changing
    byCmd.set(r.cmd, [r.cmd, r.verdict, r.changed || (prev?.[2] ?? 0) === 1 ? 1 : 0]);
  }
  const runs = [...byCmd.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const head = { note: 'Commands the oracle ran in a sandbox: [command, review verdict when recorded, changed (1) or not (0)]. Rewritten by STOPLINE_ORACLE_FULL=1 STOPLINE_ORACLE_RECORD=1 npx vitest run test/oracle/oracle.test.ts', runs: [] };
  const body = runs.map((r) => JSON.stringify(r)).join(',\n');
  writeFileSync(file, JSON.stringify(head, null, 1).replace('"runs": []', `"runs": [\n${body}\n]`) + '\n');
}
