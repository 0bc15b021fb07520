/**
 * Shared pieces of the CLI tests: temp folders, the in-process CLI with a fake terminal, and
 * the built `dist/stopline.mjs` as a real process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../hosts/cli/cli';
import type { CliIO } from '../../hosts/cli/commands';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_CLI = join(REPO, 'dist', 'stopline.mjs');
export const FIXTURES = join(REPO, 'test', 'fixtures');

const made: string[] = [];

export function tempDir(prefix = 'stopline-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export function writeFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** `stopline doctor --json` as the tests read it. */
export interface Doc {
  ok: boolean;
  reports: { host: string; scope: string; checks: { id: string; status: string; detail: string; fix?: string }[] }[];
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  tty?: boolean;
}

/** The CLI in this process, with string stdin and captured output. */
export async function cli(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]) as unknown as CliIO['stdin'];
  const io: CliIO = {
    stdin,
    stdout: { write: (s: string) => out.push(s), isTTY: opts.tty ?? false },
    stderr: { write: (s: string) => err.push(s), isTTY: opts.tty ?? false },
    env: opts.env ?? {},
    cwd: opts.cwd ?? '/',
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** dist/stopline.mjs as a real node process (after `npm run build`). */
export function spawnCli(argv: string[], opts: RunOptions & { timeoutMs?: number } = {}): RunResult {
  const r = spawnSync(process.execPath, [DIST_CLI, ...argv], {
    input: opts.stdin ?? '',
    env: opts.env as NodeJS.ProcessEnv,
    cwd: opts.cwd ?? REPO,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The same, asynchronous (so several can run while a test waits). */
export function spawnCliAsync(argv: string[], opts: RunOptions & { timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DIST_CLI, ...argv], { env: opts.env as NodeJS.ProcessEnv, cwd: opts.cwd ?? REPO });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** A minimal environment: nothing of the machine's stopline settings leaks into a test. */
export function isolatedEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NO_COLOR: '1',
    ...extra,
  };
}
