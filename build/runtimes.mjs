// How an artifact is started under each runtime, exactly as a user would: `node <file>`,
// `bun <file>`, `deno run -A <file>`. Bun and Deno are the pinned devDependencies in
// node_modules/.bin, so the matrix needs nothing installed on the machine but Node.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './artifacts.mjs';

/** @typedef {'node' | 'bun' | 'deno'} RuntimeName */

/** @type {Record<RuntimeName, string[]>} argv prefix; the artifact path follows */
export const RUNTIMES = {
  node: [process.execPath],
  bun: [join(REPO_ROOT, 'node_modules', '.bin', 'bun')],
  deno: [join(REPO_ROOT, 'node_modules', '.bin', 'deno'), 'run', '-A'],
};

/** The command line as a person would type it (for reports). */
export function displayCommand(runtime, file, argv = []) {
  const head = runtime === 'node' ? ['node'] : runtime === 'bun' ? ['node_modules/.bin/bun'] : ['node_modules/.bin/deno', 'run', '-A'];
  return [...head, file, ...argv].join(' ');
}

/**
 * Run a file under a runtime with real stdin/stdout pipes.
 * @param {RuntimeName} runtime
 * @param {string} file
 * @param {{ argv?: string[], stdin?: string, env?: Record<string, string | undefined>, cwd?: string, timeoutMs?: number }} [opts]
 * @returns {Promise<{ exitCode: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export function runFile(runtime, file, { argv = [], stdin = '', env = process.env, cwd = process.cwd(), timeoutMs = 30_000 } = {}) {
  const [exe, ...pre] = RUNTIMES[runtime];
  return spawnCollect(exe, [...pre, file, ...argv], { stdin, env, cwd, timeoutMs });
}

/**
 * @param {string} exe
 * @param {string[]} args
 * @param {{ stdin?: string, env?: Record<string, string | undefined>, cwd?: string, timeoutMs?: number }} opts
 */
export function spawnCollect(exe, args, { stdin = '', env = process.env, cwd = process.cwd(), timeoutMs = 30_000 }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(exe, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ exitCode: code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
    // a hook that exits before reading stdin closes the pipe; that is its right, not an error
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}
