// What a reader needs to trust or discount the figures: the machine, its load while the bench
// ran, the runtime versions, and exactly which artifact bytes were measured.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { join, relative } from 'node:path';

export const REPO_ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** Node 22, the pinned one the real-host suites install (Claude Code itself requires Node >= 22), when present. */
const NODE22 = join(REPO_ROOT, '.hosts', 'node22', 'node_modules', '.bin', 'node');

export const RUNTIMES = [
  { name: 'node', argv: [process.execPath] },
  ...(existsSync(NODE22) ? [{ name: 'node22', argv: [NODE22] }] : []),
  { name: 'bun', argv: [join(REPO_ROOT, 'node_modules', '.bin', 'bun')] },
  { name: 'deno', argv: [join(REPO_ROOT, 'node_modules', '.bin', 'deno'), 'run', '-A'] },
];

function version(argv) {
  const r = spawnSync(argv[0], [...argv.slice(1, argv[0].endsWith('deno') ? 0 : 1), '--version'], { encoding: 'utf8' });
  return (r.stdout || r.stderr || '').split('\n')[0].trim();
}

export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    platform: `${os.platform()} ${os.release()}`,
    runtimes: Object.fromEntries(RUNTIMES.map((r) => [r.name, version([r.argv[0]])])),
  };
}

export const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/**
 * Copy dist/ aside before measuring (a concurrent rebuild must not swap bytes mid-run) and
 * record, per file, its sha256 and whether it is the copy committed at HEAD.
 */
export function snapshotDist(distDir) {
  if (!existsSync(distDir)) throw new Error(`no ${distDir}: run npm run build first (or pass --dist <dir>)`);
  const snap = join(mkdtempSync(join(os.tmpdir(), 'stopline-bench-dist-')), 'dist');
  cpSync(distDir, snap, { recursive: true });
  const head = git('rev-parse', 'HEAD');
  const files = {};
  for (const file of filesUnder(snap)) {
    if (!/\.(mjs|js|ts|py)$/.test(file)) continue;
    const rel = relative(snap, file);
    const bytes = readFileSync(file);
    const blob = git('hash-object', file);
    const committed = git('rev-parse', `HEAD:${relative(REPO_ROOT, join(distDir, rel))}`);
    files[rel] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), committedAtHead: blob !== null && blob === committed };
  }
  return { dir: snap, source: distDir, head, headSubject: git('log', '-1', '--format=%s', 'HEAD'), files };
}
