/**
 * The execution harness: generated commands (sh, node, python, perl; every way of changing a file
 * system in generate.ts) against every kind of target, under four contracts. Each command goes
 * to the guard as Claude's door would send it (a door that can rewrite), and runs as the host
 * would run the answer: the original when allowed, the confined one when rewritten, nothing when
 * stopped. A snapshot before and after shows changes only where the contract allows, and the
 * canary outside everything never changes. Sampled (every operation in every language, every
 * target under every contract); STOPLINE_CONFINE_HARNESS=all runs the whole product. Needs
 * bubblewrap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allowListCovers, expandFilesEntries, normalizeTarget } from '../../core/paths/paths';
import { LANGS, OPS, TARGETS, render, rng } from './generate';
import type { Lang, Op } from './generate';
import { changed, dropWorld, hostRun, makeWorld, snapshot } from './world';
import type { HostRun, World } from './world';

const CONTRACTS = [
  { name: 'review', directive: '$stopline review -- look', files: 'none' as const },
  { name: 'files=src/allowed.ts', directive: '$stopline change files=src/allowed.ts -- fix', files: ['src/allowed.ts'] },
  { name: 'files=src/**', directive: '$stopline change files=src/** -- fix', files: ['src/**'] },
  { name: 'change, no files=', directive: '$stopline change -- fix', files: 'all' as const },
];
type Contract = (typeof CONTRACTS)[number];

interface Row {
  op: Op;
  lang: Lang;
  target: string;
  contract: Contract;
}

function rows(): Row[] {
  const pick = rng(Number(process.env.STOPLINE_CONFINE_HARNESS_SEED ?? 28));
  const one = <T,>(xs: readonly T[]): T => xs[Math.floor(pick() * xs.length)]!;
  if (process.env.STOPLINE_CONFINE_HARNESS === 'all') {
    return OPS.flatMap((op) => LANGS.flatMap((lang) => TARGETS.flatMap((target) => CONTRACTS.map((contract) => ({ op, lang, target, contract })))));
  }
  const out: Row[] = [];
  for (const op of OPS) for (const lang of LANGS) out.push({ op, lang, target: one(TARGETS), contract: one(CONTRACTS) });
  for (const target of TARGETS) for (const contract of CONTRACTS) out.push({ op: one(OPS), lang: one(LANGS), target, contract });
  return out;
}

const under = (p: string, dir: string) => p === dir || p.startsWith(dir + '/');

/** May this path change under the contract? Protected paths only where the wrapper named them (nothing held them). */
function allowed(w: World, c: Contract, p: string, run: HostRun): boolean {
  if (under(p, join(w.proj, 'dist')) || under(p, join(w.home, '.cache'))) return true;
  if (w.protected.some((x) => under(p, x))) return run.ran === 'confined' && run.stderr.includes(`created ${w.protected.find((x) => under(p, x))}`);
  if (c.files === 'none') return false;
  if (c.files === 'all') return true;
  return allowListCovers(expandFilesEntries(c.files), normalizeTarget(p, w.proj), w.proj);
}

const tally = new Map<string, number>();
afterAll(() => {
  // what the guard answered over the sample (shown with --reporter=verbose)
  console.log('harness answers:', Object.fromEntries([...tally.entries()].sort()));
});

describe('generated commands change only what the contract allows', () => {
  it.each(rows().map((r) => [`${r.contract.name}: ${r.lang} ${r.op} ${r.target}`, r] as const))('%s', async (_name, row) => {
    const w = makeWorld();
    try {
      const c = render(w.root, row.op, row.lang, row.target, 1);
      let before = snapshot(w);
      const run = hostRun(w, row.contract.directive, c.command, () => {
        before = snapshot(w);
      });
      // a child that outlives its parent writes after it: wait past its sleep
      if (row.op === 'orphan' && run.ran !== 'not run') await new Promise((r) => setTimeout(r, 700));
      const after = snapshot(w);
      const diff = changed(before, after);
      tally.set(`${run.ran} ${run.outcome.reasonCode ?? ''}`, (tally.get(`${run.ran} ${run.outcome.reasonCode ?? ''}`) ?? 0) + 1);
      const bad = diff.filter((p) => !allowed(w, row.contract, p, run)).map((p) => relative(w.root, p));
      expect(bad, `${c.command}\n=> ${run.ran} ${run.outcome.reasonCode}\n${run.stderr}`).toEqual([]);
      // the canary outside the project: untouched wherever the contract has a boundary
      if (row.contract.files !== 'all') expect(after.get(join(w.outside, 'canary.txt'))).toEqual(before.get(join(w.outside, 'canary.txt')));
      // an interpreter command is never proven: under a contract it runs confined, and is stopped
      // only where its code names what no task needs (a secret such as an agent's settings, or
      // one of stopline's own files), never for being unproven
      if (row.lang !== 'sh') expect(run.ran === 'confined' || (run.ran === 'not run' && /^(FLOOR_SECRET_READ|GUARD_SELF_PROTECTION)$/.test(run.outcome.reasonCode ?? '')), `${run.ran} ${run.outcome.reasonCode}`).toBe(true);
    } finally {
      dropWorld(w);
    }
  });
});

/**
 * A link made by a shell command and written through in the same command (`ln T src/l && printf
 * X >> src/l`) is not on the disk the decision reads: the write through it is unproven, so it
 * runs confined (or, a hard link of a protected file alone, is stopped), and T never changes.
 */
describe('links made and written through in one command', () => {
  it.each([
    ['hardlink', '$stopline change files=src/** -- fix'],
    ['symlink', '$stopline change files=src/** -- fix'],
    ['hardlink', '$stopline change -- fix'],
    ['symlink', '$stopline change -- fix'],
  ] as const)('%s to a protected file under %s: not run as it is, the file unchanged', (op, directive) => {
    const w = makeWorld();
    try {
      const before = readFileSync(join(w.home, '.codex', 'hooks.json'), 'utf8');
      const c = render(w.root, op, 'sh', 'home/.codex/hooks.json', 1);
      const run = hostRun(w, directive, c.command);
      expect(run.ran, `${c.command}\n=> ${run.ran} ${run.outcome.reasonCode}`).not.toBe('plain');
      expect(readFileSync(join(w.home, '.codex', 'hooks.json'), 'utf8')).toBe(before);
    } finally {
      dropWorld(w);
    }
  });
});
