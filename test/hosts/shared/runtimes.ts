/**
 * How the spawned-process tests start a shipped script under each runtime a person may use:
 * node (this one), and the pinned bun and deno from node_modules/.bin; and how they hand it a
 * hook's input on stdin and read what it answers, as a host does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');

export const RUNTIMES: Readonly<Record<string, readonly string[]>> = {
  node: [process.execPath],
  bun: [join(REPO, 'node_modules', '.bin', 'bun')],
  deno: [join(REPO, 'node_modules', '.bin', 'deno'), 'run', '-A'],
};

/** What a spawned process answered: its exit code (null when a signal ended it) and its two streams. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `argv` with `input` on its stdin (a string as it is, anything else as JSON) and resolves
 * when it has exited. A process still running after 60 s is killed, so a hung hook fails its
 * test with code null instead of stalling the run. A hook that exits before reading its input
 * is within its rights: the broken pipe is not an error of the test.
 */
export function runWithInput(argv: readonly string[], input: unknown, opts: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: opts.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
  });
}
