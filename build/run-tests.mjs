#!/usr/bin/env node
// Runs the whole vitest suite and closes with the line CI counts: `N passed, N failed`.
// Extra arguments are passed to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const outDir = join(process.cwd(), 'test-artifacts');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest-report.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit' });
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
