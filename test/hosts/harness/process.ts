/**
 * Runs one host CLI as a child process: stdin closed, stdout/stderr captured (capped), a wall
 * clock bound after which the child (and only the child, by its PID) gets SIGTERM, then SIGKILL.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ProcessResult {
  /** exit code, or null when the child ended by a signal */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** true when the harness stopped the child because it ran past its timeout */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface ProcessSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
}

const OUTPUT_CAP = 8 * 1024 * 1024;
const KILL_GRACE_MS = 3_000;

function collector() {
  const parts: Buffer[] = [];
  let size = 0;
  let dropped = 0;
  return {
    push(d: Buffer) {
      if (size + d.length > OUTPUT_CAP) {
        dropped += d.length;
        return;
      }
      parts.push(d);
      size += d.length;
    },
    text() {
      const s = Buffer.concat(parts).toString('utf8');
      return dropped ? `${s}\n[harness: ${dropped} more bytes dropped]` : s;
    },
  };
}

export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const out = collector();
    const err = collector();
    let timedOut = false;
    let settled = false;
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        killTimer = setTimeout(() => {
          try {
            if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, KILL_GRACE_MS);
      }
    }, spec.timeoutMs);
    const finish = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      const stderr = spawnError ? `${err.text()}\n[harness: spawn failed: ${spawnError.message}]` : err.text();
      resolvePromise({ code, signal, timedOut, stdout: out.text(), stderr, durationMs: Date.now() - started });
    };
    child.on('error', (e) => finish(null, null, e));
    // 'exit' fires even when a grandchild still holds the pipes open; give the pipes a moment
    // to drain, then settle without waiting on processes that are not ours.
    child.on('exit', (code, signal) => {
      const drain = setTimeout(() => finish(code, signal), 500);
      child.on('close', () => {
        clearTimeout(drain);
        finish(code, signal);
      });
    });
  });
}

let defaultRunsRoot: string | null = null;

/**
 * Where run folders go when the caller names none: one temp folder per test process, removed
 * when the process exits (HARNESS_KEEP=1 keeps it), so unnamed runs never pile up in /tmp.
 */
function runsRoot(): string {
  if (defaultRunsRoot) return defaultRunsRoot;
  const root = mkdtempSync(join(tmpdir(), 'stopline-host-runs-'));
  defaultRunsRoot = root;
  process.on('exit', () => {
    if (process.env.HARNESS_KEEP !== '1') rmSync(root, { recursive: true, force: true });
  });
  return root;
}

/** A fresh run folder: `runDir` (created; the caller owns it) or a new one under the process's runs root. */
export function makeRunDir(host: string, runDir?: string): string {
  if (runDir) {
    mkdirSync(runDir, { recursive: true });
    return resolve(runDir);
  }
  return mkdtempSync(join(runsRoot(), `${host}-`));
}

/** The environment every host starts from: nothing of the caller's shell but PATH. */
export function baseEnv(home: string, tmp: string, pathPrefix: string[] = []): Record<string, string> {
  return {
    PATH: [...pathPrefix, process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'].join(':'),
    HOME: home,
    TMPDIR: tmp,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    SHELL: '/bin/bash',
  };
}

/** Apply caller overrides; an `undefined` value removes the variable. */
export function withOverrides(env: Record<string, string>, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const out = { ...env };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The one JSON document a headless run printed on stdout; undefined when stdout is not one. */
export function parseJsonOutput(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
}

/** That document when it is an object (a `--output-format json` result), else undefined. */
export function jsonObjectOutput(stdout: string): Record<string, unknown> | undefined {
  const parsed = parseJsonOutput(stdout);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/** A host's JSON config file as a person's editor would leave it: two-space indent, a final newline. */
export function writeJsonFile(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
