#!/usr/bin/env node
// Start-up time of the built artifacts: wall time of `<runtime> <file> <args>` as a new
// process, median of N runs (default 20) per runtime, next to the runtime's own floor
// (the same measurement for an empty script). With /usr/bin/time present it also reports
// the median CPU time (user + sys), which a busy machine distorts far less than wall time.
// Usage:
//   node build/startup-times.mjs [--runs 20] [--stdin <payload file>] [file] [args...]
//   (default: dist/stopline.mjs --version; --stdin feeds a hook payload on every run)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './artifacts.mjs';
import { RUNTIMES, displayCommand } from './runtimes.mjs';

const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);
const MARK = 'STOPLINE-CPU';

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  return (v[Math.floor((v.length - 1) / 2)] + v[Math.ceil((v.length - 1) / 2)]) / 2;
}

function measure(argv, runs, input = '') {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const cmd = hasTime ? [TIME, '-f', `${MARK} %U %S`, ...argv] : argv;
    const start = process.hrtime.bigint();
    const r = spawnSync(cmd[0], cmd.slice(1), { input, stdio: ['pipe', 'ignore', 'pipe'], encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
    wall.push(ms);
    const m = new RegExp(`${MARK} ([\\d.]+) ([\\d.]+)`).exec(r.stderr);
    if (m) cpu.push((Number(m[1]) + Number(m[2])) * 1000);
  }
  const sorted = [...wall].sort((a, b) => a - b);
  return { median: median(wall), min: sorted[0], p90: sorted[Math.min(runs - 1, Math.floor(0.9 * runs))], cpu: cpu.length ? median(cpu) : null };
}

const fmt = (r) => `${r.median.toFixed(1).padStart(7)}  (min ${r.min.toFixed(1)}, p90 ${r.p90.toFixed(1)}${r.cpu === null ? '' : `, cpu ${r.cpu.toFixed(0)}`})`;

const args = process.argv.slice(2);
let runs = 20;
let input = '';
let inputName = '';
for (;;) {
  if (args[0] === '--runs') runs = Number(args[1]);
  else if (args[0] === '--stdin') input = readFileSync((inputName = args[1] ?? ''), 'utf8');
  else break;
  args.splice(0, 2);
}
const file = args[0] ?? join(REPO_ROOT, 'dist', 'stopline.mjs');
const fileArgs = args.length > 1 ? args.slice(1) : args[0] ? [] : ['--version'];
const scratch = mkdtempSync(join(tmpdir(), 'stopline-startup-'));
const empty = join(scratch, 'empty.mjs');
writeFileSync(empty, '');
const shown = relative(process.cwd(), file) || file;
try {
  console.log(`median of ${runs} runs: wall time of the whole process in ms${hasTime ? '; cpu = median user+sys ms (/usr/bin/time)' : ''}`);
  for (const runtime of /** @type {const} */ (['node', 'bun', 'deno'])) {
    const a = measure([...RUNTIMES[runtime], file, ...fileArgs], runs, input);
    const f = measure([...RUNTIMES[runtime], empty], runs);
    console.log(`${runtime.padEnd(5)} ${fmt(a)}  ${displayCommand(runtime, shown, fileArgs)}${inputName ? ` < ${inputName}` : ''}`);
    console.log(`${''.padEnd(5)} ${fmt(f)}  ${displayCommand(runtime, 'empty.mjs')}  (floor)`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
