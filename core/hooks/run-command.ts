/**
 * Run one `command` hook: the platform shell (`/bin/sh -c`, `/bin/bash -c` for Codex hooks,
 * `cmd.exe /c` on Windows) or exec form, payload on stdin, bounded by a timeout and the
 * host's AbortSignal.
 *
 * The child starts in its own process group (`detached: true`), so a timeout or an abort
 * kills the whole group with `process.kill(-pid, 'SIGKILL')`: the shell, the hook and
 * anything the hook forked. Without the new group `kill(-pid)` has no group to hit and a
 * forking hook leaks its children (the bug this replaces).
 */
import type { ChildProcess } from 'node:child_process';
import { childProcessModule } from '../lazy-builtins';
import { existsSync } from 'node:fs';
import type { RawRun } from './decode';
import type { CommandSpec } from './run-spec';

/** @keep CommandSpec the command hook the runner takes: the tests build them */
export type { CommandSpec } from './run-spec';

const IS_WINDOWS = process.platform === 'win32';
let bashPath: string | null | undefined;

function posixShell(kind: 'sh' | 'bash'): string {
  if (kind === 'bash') {
    if (bashPath === undefined) bashPath = existsSync('/bin/bash') ? '/bin/bash' : null;
    if (bashPath) return bashPath;
  }
  return '/bin/sh';
}

/** Kill the child and everything in its process group. Safe to call more than once. */
function killProcessTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (IS_WINDOWS) {
    try {
      const k = childProcessModule().spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
      k.on('error', () => undefined);
    } catch {
      // fall through to the direct kill
    }
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already, or the runtime refused a group kill: kill the leader at least
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

class OutputBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  add(chunk: Buffer): void {
    if (this.size >= this.max) {
      this.truncated = true;
      return;
    }
    const room = this.max - this.size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.truncated = true;
    this.chunks.push(part);
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export function runCommand(spec: CommandSpec): Promise<RawRun> {
  if (spec.signal?.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise<RawRun>((resolvePromise) => {
    let file: string;
    let argv: string[];
    if (spec.args) {
      file = spec.command;
      argv = spec.args;
    } else if (IS_WINDOWS) {
      file = spec.env.ComSpec || 'cmd.exe';
      argv = ['/d', '/s', '/c', `"${spec.command}"`];
    } else {
      file = posixShell(spec.shell);
      argv = ['-c', spec.command];
    }

    let child: ChildProcess;
    try {
      child = childProcessModule().spawn(file, argv, {
        cwd: spec.cwd,
        env: spec.env,
        detached: !IS_WINDOWS,
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
        windowsVerbatimArguments: IS_WINDOWS && !spec.args,
      });
    } catch (err) {
      resolvePromise({ kind: 'spawn-error', message: err instanceof Error ? err.message : String(err) });
      return;
    }

    const max = spec.maxOutputBytes ?? 4 * 1024 * 1024;
    const stdout = new OutputBuffer(max);
    const stderr = new OutputBuffer(max);
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    let drainTimer: ReturnType<typeof setTimeout> | undefined;

    const cleanup = (): void => {
      clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      spec.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
    };
    const finish = (result: RawRun): void => {
      if (settled) return;
      settled = true;
      cleanup();
      resolvePromise(result);
    };
    const finishExit = (): void => {
      if (!exit) return;
      finish({ kind: 'exit', code: exit.code, signal: exit.signal, stdout: stdout.text(), stderr: stderr.text() });
    };

    const timer = setTimeout(() => {
      killProcessTree(child);
      finish({ kind: 'timeout', afterMs: spec.timeoutMs });
    }, spec.timeoutMs);
    const onAbort = (): void => {
      killProcessTree(child);
      finish({ kind: 'aborted' });
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (err: NodeJS.ErrnoException) => {
      // a failed spawn reports ENOENT for a missing working directory too; say which
      const message = err.code === 'ENOENT' && !existsSync(spec.cwd) ? 'working directory does not exist' : err.code ?? err.message;
      killProcessTree(child);
      finish({ kind: 'spawn-error', message });
    });
    child.stdout?.on('data', (c: Buffer) => stdout.add(c));
    child.stderr?.on('data', (c: Buffer) => stderr.add(c));
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // a backgrounded grandchild may hold the pipes open; do not wait for it forever
      drainTimer = setTimeout(finishExit, spec.drainMs ?? 200);
    });
    child.on('close', finishExit);

    // a hook that never reads stdin closes the pipe early (EPIPE); that is not a failure
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(spec.stdin);
  });
}
