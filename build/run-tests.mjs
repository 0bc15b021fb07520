#!/usr/bin/env node
// Runs the whole vitest suite and closes with the line CI counts: `N passed, N failed`.
// Extra arguments are passed to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** A process's start time in clock ticks since boot (Linux /proc), or null. */
function startTicks(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19]);
  } catch {
    return null;
  }
}

/**
 * The hooks the suite spawns leave resident evaluators behind (they exit after 10 idle minutes);
 * end, by pid, those that started while the suite ran, so a CI job does not outlive it.
 */
function endEvaluatorsSince(ticks) {
  if (ticks === null || !existsSync('/proc')) return 0;
  let ended = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes('--stopline-evaluator')) continue;
      if ((startTicks(name) ?? -1) < ticks) continue;
      process.kill(Number(name), 'SIGTERM');
      ended++;
    } catch {
      // gone meanwhile
    }
  }
  return ended;
}

const runStarted = startTicks('self');

const outDir = join(process.cwd(), 'test-artifacts');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest-report.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit' });
const ended = endEvaluatorsSince(runStarted);
if (ended) console.log(`ended ${ended} resident evaluator${ended === 1 ? '' : 's'} the suite's hooks left running`);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  passed = j.numPassedTests ?? 0;
  failed = (j.numFailedTests ?? 0) + (j.numFailedTestSuites ?? 0 ? 0 : 0);
  skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  // a suite that failed to load has no tests; count it as a failure so it cannot hide
  for (const s of j.testResults ?? []) if (s.status === 'failed' && (s.assertionResults ?? []).length === 0) failed += 1;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(r.status === 0 && failed === 0 ? 0 : 1);
