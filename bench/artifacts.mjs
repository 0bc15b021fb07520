// Artifact sizes against the 150 KB budget, the cost of parsing each one (node --check, which
// parses and compiles the module without running it, against --check of an empty file; for a
// two-part hook script that is its first part, the rest being one comment), and
// what the big dependencies add to start-up on their own (import zod/mini and build a schema;
// import unbash and parse one command), each interleaved with the empty-script floor.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './facts.mjs';
import { splitParts } from '../build/two-part.mjs';
import { median, round, summarize } from './stats.mjs';

export const ARTIFACT_BUDGET = 150 * 1024;

async function interleaved(timer, argvA, argvB, runs, warmup, opts = {}) {
  const a = { wall: [], cpu: [] };
  const b = { wall: [], cpu: [] };
  for (let i = 0; i < warmup + runs; i++) {
    const order = i % 2 === 0 ? [[argvA, a], [argvB, b]] : [[argvB, b], [argvA, a]];
    for (const [argv, side] of order) {
      const r = await timer.run(argv, opts);
      if (r.error || r.code !== 0) throw new Error(`${argv.join(' ')}: exit ${r.code} ${r.error ?? r.stderr.slice(0, 300)}`);
      if (i >= warmup) {
        side.wall.push(r.wall_ms);
        side.cpu.push(r.user_ms + r.sys_ms);
      }
    }
  }
  return {
    wall: summarize(a.wall), floor: summarize(b.wall),
    addedWallMs: median(a.wall) - median(b.wall), addedCpuMs: median(a.cpu) - median(b.cpu),
    ratio: median(a.wall.map((w, i) => w / b.wall[i])),
  };
}

export async function benchArtifacts(timer, { node, dist, distFiles, runs, warmup, log }) {
  const scratch = mkdtempSync(join(tmpdir(), 'stopline-bench-parse-'));
  const empty = join(scratch, 'empty.mjs');
  writeFileSync(empty, '');
  const rows = [];
  for (const [rel, info] of Object.entries(distFiles)) {
    if (rel.endsWith('.py')) continue;
    const row = { file: rel, bytes: info.bytes, kib: round(info.bytes / 1024, 1), committedAtHead: info.committedAtHead, budget: ARTIFACT_BUDGET, pass: info.bytes <= ARTIFACT_BUDGET };
    // a two-part hook script (build/two-part.mjs): every event parses its first part only
    const parts = rel.endsWith('.mjs') ? splitParts(readFileSync(join(dist, rel), 'utf8')) : null;
    if (parts) row.firstKib = round(Buffer.byteLength(parts.first) / 1024, 1);
    if (rel.endsWith('.mjs') || rel.endsWith('.js')) {
      // --check parses and compiles without running the module (no stdin read, no side effects)
      row.parse = await interleaved(timer, [...node.argv, '--check', join(dist, rel)], [...node.argv, '--check', empty], runs, warmup);
    }
    rows.push(row);
    log(`  ${rel.padEnd(28)} ${String(row.kib).padStart(7)} KiB${row.parse ? `, parse +${round(row.parse.addedWallMs, 1)} ms wall, +${round(row.parse.addedCpuMs, 1)} ms cpu over node --check of an empty file` : ''}`);
  }
  return rows;
}

/** What zod/mini, unbash and a core-sized parse each add to a node start, measured alone. */
export async function benchDependencies(timer, { node, runs, warmup, log }) {
  const scratch = mkdtempSync(join(tmpdir(), 'stopline-bench-deps-'));
  const empty = join(scratch, 'empty.mjs');
  writeFileSync(empty, '');
  const probes = {
    'zod/mini (import + one object schema parse)': `import * as z from ${JSON.stringify(join(REPO_ROOT, 'node_modules/zod/v4/mini/index.js'))};\nz.object({ a: z.string(), b: z.optional(z.number()) }).parse({ a: 'x' });\n`,
    'unbash (import + one parse)': `import { parse } from ${JSON.stringify(join(REPO_ROOT, 'node_modules/unbash/dist/parser.js'))};\nparse('git status && ls -la | grep foo');\n`,
  };
  const rows = [];
  for (const [name, source] of Object.entries(probes)) {
    const file = join(scratch, `${rows.length}.mjs`);
    writeFileSync(file, source);
    const check = spawnSync(node.argv[0], [file], { encoding: 'utf8' });
    if (check.status !== 0) {
      rows.push({ name, error: check.stderr.split('\n').slice(0, 3).join(' ') });
      continue;
    }
    const m = await interleaved(timer, [...node.argv, file], [...node.argv, empty], runs, warmup);
    rows.push({ name, ...m });
    log(`  ${name}: +${round(m.addedWallMs, 1)} ms wall, +${round(m.addedCpuMs, 1)} ms cpu over node's floor`);
  }
  return rows;
}

/** Shell analysis per command over the bypass corpus, through the corpus's own measuring script. */
export function benchAnalysis({ rounds, log }) {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'test', 'corpus', 'measure.mjs'), '--json', '--rounds', String(rounds)], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return { error: `test/corpus/measure.mjs exit ${r.status}: ${r.stderr.slice(0, 300)}` };
  const json = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
  const { perCommand, ...summary } = json;
  log(`  ${summary.commands} commands: per-command median ${summary.perCommandMedianUs?.median} us, p99 ${summary.perCommandMedianUs?.p99} us, max ${summary.perCommandMedianUs?.max} us`);
  return summary;
}
