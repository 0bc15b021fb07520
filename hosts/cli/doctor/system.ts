/**
 * The small pieces doctor needs from the machine: run a program with a bound, read a file
 * without throwing, compare an installed tree with the dist folder, split a hook command the
 * installer wrote into its words.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listTree } from '../install/plan-context';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** the program could not be started (ENOENT, EACCES) */
  spawnError?: string;
  ms: number;
}

interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  timeoutMs: number;
}

/** Run a program (no shell unless the argv is one), bounded; never rejects. */
export function runProgram(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(argv[0]!, argv.slice(1), { env: opts.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ code: null, stdout: '', stderr: '', timedOut: false, spawnError: (e as Error).message, ms: Date.now() - started });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let spawnError: string | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      spawnError = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        ...(spawnError ? { spawnError } : {}),
        ms: Date.now() - started,
      });
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(opts.input ?? '');
  });
}

/** The first line a `--version` printed (stdout, else stderr: some hosts print it there). */
export function versionLine(r: RunResult): string | undefined {
  const text = (r.stdout.trim() || r.stderr.trim()).split('\n')[0]?.trim();
  return text && text.length <= 120 ? text : text?.slice(0, 120);
}

export function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

type TreeState = { kind: 'current'; files: number } | { kind: 'missing'; files: string[] } | { kind: 'stale'; files: string[] } | { kind: 'no-dist' };

/**
 * Every file of the dist artifact (`src`: a file or a folder) must be at `dest` with the same
 * bytes. Files the person added next to it do not count. `skip` names files (relative to `src`)
 * the installer writes itself instead of copying, checked elsewhere.
 */
export function compareArtifact(src: string, dest: string, skip: readonly string[] = []): TreeState {
  let isDir: boolean;
  try {
    isDir = statSync(src).isDirectory();
  } catch {
    return { kind: 'no-dist' };
  }
  const pairs: [string, string][] = isDir ? listTree(src).filter((f) => !skip.includes(relative(src, f))).map((f) => [f, join(dest, relative(src, f))]) : [[src, dest]];
  const missing: string[] = [];
  const stale: string[] = [];
  for (const [from, to] of pairs) {
    let installed: Buffer;
    try {
      installed = readFileSync(to);
    } catch {
      missing.push(to);
      continue;
    }
    if (!installed.equals(readFileSync(from))) stale.push(to);
  }
  if (missing.length) return { kind: 'missing', files: missing };
  if (stale.length) return { kind: 'stale', files: stale };
  return { kind: 'current', files: pairs.length };
}

/**
 * The words of a hook command as the installer writes it (`'<runtime>' ['run' …] '<script>'`,
 * POSIX single quotes); a command someone wrote by hand is split on whitespace.
 */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < command.length) {
    while (command[i] === ' ' || command[i] === '\t') i++;
    if (i >= command.length) break;
    let word = '';
    while (i < command.length && command[i] !== ' ' && command[i] !== '\t') {
      if (command[i] === "'") {
        const end = command.indexOf("'", i + 1);
        if (end < 0) return command.trim().split(/\s+/);
        word += command.slice(i + 1, end);
        i = end + 1;
      } else if (command[i] === '\\' && i + 1 < command.length) {
        word += command[i + 1];
        i += 2;
      } else {
        word += command[i];
        i++;
      }
    }
    words.push(word);
  }
  return words;
}
