import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand, type CommandSpec } from '../../../core/hooks/run-command';
import { scratchDir } from './helpers';

const dir = scratchDir('run');

const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
const spec = (command: string, extra: Partial<CommandSpec> = {}): CommandSpec => ({ command, shell: 'sh', cwd: dir, env, stdin: '', timeoutMs: 10_000, ...extra });

/** a pid is gone when signalling it fails, or it is a zombie waiting for a reaper we do not control */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}

async function waitGone(pids: number[], ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pids.every(isGone)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return pids.every(isGone);
}

const readPid = (f: string): number => Number(readFileSync(join(dir, f), 'utf8').trim());
const killIfAlive = (pid: number): void => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** a hook that forks a child and a grandchild (each writes its pid), then blocks */
const FORKING_HOOK = (tag: string): string =>
  `sh -c 'sleep 31 & echo $! > ${tag}-grandchild.pid; wait' & echo $! > ${tag}-child.pid; sleep 1 & echo $! > ${tag}-sibling.pid; sleep 30`;

async function waitForPids(tag: string): Promise<number[]> {
  const files = ['child', 'grandchild', 'sibling'].map((k) => `${tag}-${k}.pid`);
  const end = Date.now() + 3000;
  for (;;) {
    try {
      const pids = files.map(readPid);
      if (pids.every((p) => p > 0)) return pids;
    } catch {
      // not written yet
    }
    if (Date.now() > end) throw new Error('hook did not start its children');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('runCommand', () => {
  it('passes the payload on stdin and captures stdout, stderr and the exit code', async () => {
    const r = await runCommand(spec('cat; echo oops >&2; exit 3', { stdin: '{"a":1}\n' }));
    expect(r).toEqual({ kind: 'exit', code: 3, signal: null, stdout: '{"a":1}\n', stderr: 'oops\n' });
  });

  it('runs in the given cwd with the given env', async () => {
    const r = await runCommand(spec('pwd; echo "$HOOK_MODE"', { env: { ...env, HOOK_MODE: 'strict' } }));
    expect(r).toMatchObject({ kind: 'exit', code: 0, stdout: `${dir}\nstrict\n` });
  });

  it('uses bash for Codex hooks (bash syntax works)', async () => {
    const r = await runCommand(spec('a=(x y); echo "${a[1]}"', { shell: 'bash' }));
    expect(r).toMatchObject({ code: 0, stdout: 'y\n' });
  });

  it('runs the exec form without a shell', async () => {
    const r = await runCommand(spec(process.execPath, { args: ['-e', 'process.stdout.write(process.argv[1])', '$HOME;|x'] }));
    expect(r).toMatchObject({ code: 0, stdout: '$HOME;|x' });
  });

  it('a hook that never reads a large stdin is not a failure', async () => {
    const r = await runCommand(spec('exit 0', { stdin: 'x'.repeat(2 * 1024 * 1024) }));
    expect(r).toMatchObject({ kind: 'exit', code: 0 });
  });

  it('on timeout kills the whole process group: child, grandchild and sibling', async () => {
    const started = Date.now();
    const run = runCommand(spec(FORKING_HOOK('t'), { timeoutMs: 1500 }));
    const pids = await waitForPids('t');
    expect(pids.some(isGone)).toBe(false);
    const r = await run;
    expect(r).toEqual({ kind: 'timeout', afterMs: 1500 });
    expect(Date.now() - started).toBeLessThan(4000);
    const gone = await waitGone(pids);
    pids.forEach(killIfAlive);
    expect(gone).toBe(true);
  });

  it('on abort kills the whole process group too', async () => {
    const ac = new AbortController();
    const run = runCommand(spec(FORKING_HOOK('a'), { signal: ac.signal }));
    const pids = await waitForPids('a');
    ac.abort();
    expect(await run).toEqual({ kind: 'aborted' });
    const gone = await waitGone(pids);
    pids.forEach(killIfAlive);
    expect(gone).toBe(true);
  });

  it('an already-aborted signal spawns nothing', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await runCommand(spec('touch spawned.txt', { signal: ac.signal }))).toEqual({ kind: 'aborted' });
    expect(() => readFileSync(join(dir, 'spawned.txt'))).toThrow();
  });

  it('does not wait for a backgrounded child that keeps the pipes open', async () => {
    const started = Date.now();
    const r = await runCommand(spec('sleep 5 & echo $! > bg.pid; echo decided'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r).toMatchObject({ kind: 'exit', code: 0, stdout: 'decided\n' });
    killIfAlive(readPid('bg.pid'));
  });

  it('reports a missing working directory as a spawn failure', async () => {
    expect(await runCommand(spec('true', { cwd: join(dir, 'missing') }))).toEqual({ kind: 'spawn-error', message: 'working directory does not exist' });
  });

  it('reports a missing exec-form program as a spawn failure', async () => {
    expect(await runCommand(spec('/nonexistent/hook-binary', { args: [] }))).toEqual({ kind: 'spawn-error', message: 'ENOENT' });
  });

  it('caps captured output', async () => {
    const r = await runCommand(spec('head -c 100000 /dev/zero', { maxOutputBytes: 1000 }));
    expect(r.kind === 'exit' && r.stdout.length).toBe(1000);
  });
});
