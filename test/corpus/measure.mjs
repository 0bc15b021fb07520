#!/usr/bin/env node
/**
 * Measures the analysis over the whole corpus: the bypass corpus (test/corpus/shell-corpus.json),
 * the session-style commands (test/corpus/session-commands.tsv) and the generated precision cases
 * (test/corpus/precision/cases.tsv).
 * Verdicts: mutating commands classified `read` (must be 0), reads denied or asked under
 * `review` (classified write = denied, unknown = asked), unknowns overall.
 * Time: bundles core/analysis (shell + PowerShell entry points) with rollup exactly as the host
 * artifacts do, then times each command: one warm-up pass, then `--rounds` timed passes
 * (default 20). Prints median, p90, p99 and max per command, measured, not asserted.
 * Growth: long lines of a few shapes (a quoted whole line, a one-liner's code, words with
 * variables, a chain of deletes) at n and 10n words; time at 10n over time at n is about 10 when
 * the cost grows with the length and far more when a step repeats work per word.
 *
 *   node test/corpus/measure.mjs [--rounds 20] [--json] [--list]   (--list prints the offending commands)
 */
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { bundleAnalysis } from './bundle.mjs';
import { readSet } from './redteam/sets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) > 0 && args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 20;
const asJson = args.includes('--json');

const { mod, loadMs, cleanup } = await bundleAnalysis();
try {
  const corpus = JSON.parse(readFileSync(join(here, 'shell-corpus.json'), 'utf8'));
  const { cwd, home } = corpus._meta;
  for (const line of readFileSync(join(here, 'session-commands.tsv'), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [kind, family, cmd] = line.split('\t');
    corpus.cases.push({ family, cmd, mutates: kind === 'M', session: true });
  }
  for (const r of readSet(readFileSync(join(here, 'precision', 'cases.tsv'), 'utf8'))) corpus.cases.push({ family: r.family, cmd: r.cmd, mutates: r.kind === 'M', precision: true });
  const run = (c) => (c.shell === 'powershell' ? mod.analyzePowerShell(c.cmd, { cwd, home }) : mod.analyzeShell(c.cmd, { cwd, home }));

  // first call of all (cold: JIT not warmed), then a warm-up pass
  const coldStart = performance.now();
  run(corpus.cases[0]);
  const coldMs = performance.now() - coldStart;
  for (const c of corpus.cases) run(c);

  const verdicts = { mutationsRead: [], readsDenied: [], readsAsked: [], unknown: 0, toolState: 0, mutating: 0, reads: 0 };
  for (const c of corpus.cases) {
    const r = run(c);
    if (r.mutability === 'unknown') verdicts.unknown++;
    // unproven only because the tool writes its own state outside the project (a sandbox holds it)
    if (r.mutability === 'unknown' && r.segments.some((s) => s.toolState) && r.segments.every((s) => s.mutability !== 'unknown')) verdicts.toolState++;
    if (c.mutates) {
      verdicts.mutating++;
      if (r.mutability === 'read') verdicts.mutationsRead.push(c.cmd);
    } else {
      verdicts.reads++;
      if (r.mutability === 'write') verdicts.readsDenied.push(c.cmd);
      if (r.mutability === 'unknown') verdicts.readsAsked.push(c.cmd);
    }
  }

  const perCommand = []; // median of the rounds, per command
  const all = [];
  for (const c of corpus.cases) {
    const samples = [];
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      run(c);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    perCommand.push(samples[Math.floor(samples.length / 2)]);
    all.push(...samples);
  }
  const growth = lengthGrowth(run);
  const q = (arr, p) => {
    const s = [...arr].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))];
  };
  const us = (ms) => Math.round(ms * 1000 * 10) / 10;
  const result = {
    commands: corpus.cases.length,
    rounds,
    node: process.version,
    bundleLoadMs: Math.round(loadMs * 100) / 100,
    firstCallMs: Math.round(coldMs * 100) / 100,
    perCommandMedianUs: { median: us(q(perCommand, 0.5)), p90: us(q(perCommand, 0.9)), p99: us(q(perCommand, 0.99)), max: us(q(perCommand, 1)) },
    allSamplesUs: { median: us(q(all, 0.5)), p99: us(q(all, 0.99)) },
    growth,
    verdicts: {
      mutating: verdicts.mutating,
      reads: verdicts.reads,
      mutationsClassifiedRead: verdicts.mutationsRead.length,
      readsDeniedUnderReview: verdicts.readsDenied.length,
      readsAskedUnderReview: verdicts.readsAsked.length,
      unknowns: verdicts.unknown,
      toolStateOnly: verdicts.toolState,
    },
  };
  if (asJson) console.log(JSON.stringify(result));
  else {
    console.log(`analysis time over ${result.commands} corpus commands, ${rounds} rounds each, node ${result.node}`);
    console.log(`  bundle load ${result.bundleLoadMs} ms, first call ${result.firstCallMs} ms (cold)`);
    const m = result.perCommandMedianUs;
    console.log(`  per command (median of rounds): median ${m.median} µs, p90 ${m.p90} µs, p99 ${m.p99} µs, max ${m.max} µs`);
    console.log(`  all samples: median ${result.allSamplesUs.median} µs, p99 ${result.allSamplesUs.p99} µs`);
    for (const g of growth) console.log(`  growth ${g.shape}: ${g.shortMs} ms at ${g.shortChars} chars, ${g.longMs} ms at ${g.longChars} chars (${g.ratio}x for 10x the words)`);
    const v = result.verdicts;
    console.log(`verdicts over ${v.mutating} mutating and ${v.reads} read commands:`);
    console.log(`  mutations classified read: ${v.mutationsClassifiedRead}`);
    console.log(`  reads denied under review (write): ${v.readsDeniedUnderReview}, asked (unknown): ${v.readsAskedUnderReview}`);
    console.log(`  unknowns (all commands): ${v.unknowns}, of them unproven only by tool state: ${v.toolStateOnly}`);
  }
  if (args.includes('--list')) {
    for (const c of verdicts.mutationsRead) console.log(`MUTATION READ\t${c}`);
    for (const c of verdicts.readsDenied) console.log(`READ DENIED\t${c}`);
    for (const c of verdicts.readsAsked) console.log(`READ ASKED\t${c}`);
  }
} finally {
  cleanup();
}

/** Shapes of long command lines, each a function of its word count. */
function longShapes() {
  const xs = (n) => Array(n).fill('x').join(' ');
  return {
    'quoted whole line': (n) => `'git push ${xs(n)} --force'`,
    "one-liner's code": (n) => `python -c '"rm ${xs(n)}"'`,
    'words with variables': (n) => `X=a; rm ${Array(n).fill('"$X" y').join(' ')}`,
    'chain of deletes': (n) => Array(Math.ceil(n / 4)).fill('rm -rf build/x').join(' && '),
  };
}

/** Best of three timings of one long line per shape at 2,000 and 20,000 words. */
function lengthGrowth(run) {
  const time = (cmd) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      run({ cmd });
      best = Math.min(best, performance.now() - t);
    }
    return best;
  };
  return Object.entries(longShapes()).map(([shape, make]) => {
    const short = make(2000);
    const long = make(20000);
    const shortMs = time(short);
    const longMs = time(long);
    const r2 = (x) => Math.round(x * 100) / 100;
    return { shape, shortChars: short.length, longChars: long.length, shortMs: r2(shortMs), longMs: r2(longMs), ratio: r2(longMs / Math.max(shortMs, 0.01)) };
  });
}
