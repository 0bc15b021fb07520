#!/usr/bin/env node
// npm run bench [-- --quick] [--only hooks,inprocess,inprocess-plugins,...] [--dist <dir>] [--out <file>]
// Every cost next to its physical floor, measured in the same run; see docs/performance.md.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RUNTIMES, REPO_ROOT, loadAverage, machineFacts, snapshotDist } from './facts.mjs';
import { benchEvaluatorDir, benchHooks, stopEvaluators } from './hooks.mjs';
import { benchHermesOneShot, benchListen } from './resident.mjs';
import { benchPlugins } from './plugins.mjs';
import { benchClaudeMod } from './claude-mod.mjs';
import { benchAgentRace, benchEvidenceScale, benchSummary, removeHomes } from './scale.mjs';
import { benchAnalysis, benchArtifacts, benchDependencies } from './artifacts.mjs';
import { benchConfine } from './confine.mjs';
import { SpawnTimer } from './timer.mjs';
import { fastestRuntimeGain, printReport } from './report.mjs';

const SECTIONS = ['hooks', 'inprocess', 'inprocess-plugins', 'claude-mod', 'hermes', 'scale', 'analysis', 'confine', 'artifacts'];

function parseArgs(argv) {
  const opts = { quick: false, only: SECTIONS, dist: join(REPO_ROOT, 'dist'), out: join(REPO_ROOT, 'bench', 'results.json'), runtimes: RUNTIMES.map((r) => r.name) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') opts.quick = true;
    else if (a === '--only') opts.only = value().split(',');
    else if (a === '--dist') opts.dist = resolve(value());
    else if (a === '--out') opts.out = resolve(value());
    else if (a === '--runtimes') opts.runtimes = value().split(',');
    else if (a === '-h' || a === '--help') {
      console.log('Usage: npm run bench -- [--quick] [--only ' + SECTIONS.join(',') + '] [--runtimes node,bun,deno] [--dist <dir>] [--out <file>]');
      process.exit(0);
    } else throw new Error(`unknown option "${a}" (see --help)`);
  }
  for (const s of opts.only) if (!SECTIONS.includes(s)) throw new Error(`unknown section "${s}"; sections: ${SECTIONS.join(', ')}`);
  for (const r of opts.runtimes) if (!RUNTIMES.some((x) => x.name === r)) throw new Error(`unknown runtime "${r}"`);
  return opts;
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${e.message}`);
    process.exit(1);
  }
  const started = Date.now();
  const log = (line) => console.error(line);
  const size = opts.quick
    ? { runs: 10, warmup: 2, calls: 2000, scaleSizes: [0, 1e4, 1e5], scaleRuns: 10, raceProcesses: 64, analysisRounds: 5 }
    : { runs: 30, warmup: 3, calls: 10000, scaleSizes: [0, 1e4, 1e5, 1e6], scaleRuns: 30, raceProcesses: 64, analysisRounds: 20 };
  const runtimes = RUNTIMES.filter((r) => opts.runtimes.includes(r.name));
  const dist = snapshotDist(opts.dist);
  const results = {
    schema: 1,
    startedAt: new Date(started).toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}`,
    quick: opts.quick,
    machine: machineFacts(),
    loadAverage: { before: loadAverage() },
    dist: { source: dist.source, head: dist.head, headSubject: dist.headSubject, files: dist.files },
    size,
  };
  const timer = new SpawnTimer();
  try {
    if (opts.only.includes('hooks')) {
      log('command hooks (interleaved with the empty-script floor):');
      results.hooks = await benchHooks(timer, { runtimes, dist: dist.dir, runs: size.runs, warmup: size.warmup, log });
      results.fastestRuntimeGain = fastestRuntimeGain(results.hooks);
      results.loadAverage.afterHooks = loadAverage();
    }
    const node = RUNTIMES[0];
    if (opts.only.includes('inprocess')) {
      log('resident evaluator (stopline listen), round trip per decision:');
      results.resident = [];
      for (const runtime of runtimes) results.resident.push(await benchListen({ runtime, file: join(dist.dir, 'stopline.mjs'), calls: size.calls, log, label: 'cli listen' }));
      results.loadAverage.afterInprocess = loadAverage();
    }
    if (opts.only.includes('inprocess-plugins')) {
      log('in-process decisions (OpenCode plugin, Pi extension), inside a stand-in host process:');
      results.inprocessPlugins = await benchPlugins({ runtimes, dist: dist.dir, calls: size.calls, log });
      results.loadAverage.afterInprocessPlugins = loadAverage();
    }
    if (opts.only.includes('claude-mod')) {
      log('Claude Code mod: PreToolUse decisions inside a real Claude Code session (offline), and the command hooks with mods refused:');
      results.claudeMod = await benchClaudeMod({ dist: dist.dir, quick: opts.quick, log });
      results.loadAverage.afterClaudeMod = loadAverage();
    }
    if (opts.only.includes('hermes')) {
      log('Hermes: resident evaluator against a one-shot spawn per call (node):');
      const file = join(dist.dir, 'hermes', 'stopline', 'stopline.mjs');
      const resident = await benchListen({ runtime: node, file, calls: size.calls, log, label: 'hermes listen' });
      const oneShot = await benchHermesOneShot(timer, { runtime: node, file, runs: size.runs, warmup: size.warmup });
      results.hermes = { resident, ...oneShot, savedPerCallMs: oneShot.oneShot.median - resident.roundTrip.median, speedup: oneShot.oneShot.median / resident.roundTrip.median };
      log(`  one-shot spawn median ${oneShot.oneShot.median.toFixed(1)} ms against resident ${resident.roundTrip.median.toFixed(2)} ms`);
    }
    if (opts.only.includes('scale')) {
      log('scale: hook latency against evidence size (node, claude, review deny):');
      const scale = await benchEvidenceScale(timer, { node, dist: dist.dir, sizes: size.scaleSizes, runs: size.scaleRuns, warmup: size.warmup, log });
      const largest = scale.homes[scale.homes.length - 1];
      results.scale = {
        evidence: scale.rows,
        summary: await benchSummary(timer, { node, dist: dist.dir, home: largest, runs: 3, log }),
        agentRace: await benchAgentRace({ node, dist: dist.dir, processes: size.raceProcesses, budget: 8, log }),
      };
      removeHomes(scale.homes);
      results.loadAverage.afterScale = loadAverage();
    }
    if (opts.only.includes('analysis')) {
      log('shell analysis per command over the bypass corpus:');
      results.analysis = benchAnalysis({ rounds: size.analysisRounds, log });
    }
    if (opts.only.includes('confine')) {
      log('confinement: a confined `true` against a plain one (bash -c, interleaved), and the plan the hook builds:');
      results.confine = await benchConfine(timer, { runs: size.runs, warmup: size.warmup, log, dist: dist.dir });
      results.loadAverage.afterConfine = loadAverage();
    }
    if (opts.only.includes('artifacts')) {
      log('artifacts: size and parse time (node --check against an empty file):');
      results.artifacts = await benchArtifacts(timer, { node, dist: dist.dir, distFiles: dist.files, runs: Math.min(size.runs, 15), warmup: 2, log });
      results.dependencies = await benchDependencies(timer, { node, runs: Math.min(size.runs, 15), warmup: 2, log });
    }
  } finally {
    timer.close();
    stopEvaluators(benchEvaluatorDir());
  }
  results.loadAverage.after = loadAverage();
  results.durationS = Math.round((Date.now() - started) / 1000);
  writeFileSync(opts.out, JSON.stringify(results, null, 2) + '\n');
  printReport(results);
  console.log(`\nresults: ${opts.out} (${results.durationS} s)`);
}

await main().catch((e) => {
  // a failed measurement names what failed; a stack trace would bury it
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
