/**
 * The resident evaluator's lifetime on the real Hermes Agent 0.19.0: the `stopline.mjs listen`
 * child a Hermes process starts ends when that Hermes process ends, whichever way it ends (a normal
 * exit, SIGTERM, SIGKILL), even when another process holds a copy of the child's stdin, and not
 * before.
 *
 * Each case runs `hermes chat -Q -q` against the fake model server, with the plugin installed by
 * `stopline install hermes` and a test plugin (real/forker) that forks one helper from the Hermes
 * process at the first tool call, as a worker pool or another plugin's helper would: the fork holds
 * every file Hermes had open, the write end of the evaluator's stdin included. The model's tool call
 * is a `terminal` command that marks a file and sleeps, so Hermes is alive mid-turn, its evaluator
 * started, a terminal process of its own running in its own session. The test finds the evaluator by
 * PID (a descendant of Hermes running `… stopline.mjs listen`), ends Hermes, and asserts the
 * evaluator is gone within a bound while the fork still lives.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, requireHost, startChatServer } from '../harness';
import { describeRealHost, realHostRuns, type RealHostCase } from '../shared/real-host';
import { HERE } from './helpers';
import { hermesEnv, hermesHome, installPlugin, writeHermesConfig } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
const runs = realHostRuns({ prefix: 'hermes-lifetime', startServer: startChatServer, describeTimings: () => null });

/** How long the evaluator may outlive its Hermes: it checks its owner about once a second; the box is loaded. */
const GONE_WITHIN_MS = 15_000;

interface ProcInfo {
  pid: number;
  ppid: number;
  argv: string[];
}

function processes(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(entry), ppid: Number(fields[1]), argv });
    } catch {
      // ended while we looked
    }
  }
  return out;
}

const alive = (pid: number) => processes().some((p) => p.pid === pid);

function descendants(root: number): ProcInfo[] {
  const all = processes();
  const found: ProcInfo[] = [];
  let frontier = [root];
  while (frontier.length) {
    const next = all.filter((p) => frontier.includes(p.ppid));
    found.push(...next);
    frontier = next.map((p) => p.pid);
  }
  return found;
}

const isEvaluator = (p: ProcInfo) => p.argv.some((a) => a.endsWith('stopline.mjs')) && p.argv.includes('listen');

async function until<T>(what: string, probe: () => T | null | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Processes the cases started indirectly (the forked helpers, the terminal command's sleep), ended by PID after each case. */
const leftovers: { forkFiles: string[]; sleeps: string[] } = { forkFiles: [], sleeps: [] };
afterEach(() => {
  const pids = leftovers.forkFiles.flatMap((f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean).map(Number) : []));
  for (const p of processes()) if (p.argv[0] === 'sleep' && leftovers.sleeps.includes(p.argv[1] ?? '')) pids.push(p.pid);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  leftovers.forkFiles = [];
  leftovers.sleeps = [];
});

/** The forker plugin next to stopline, enabled. */
function installForker(c: RealHostCase): void {
  cpSync(join(HERE, 'real', 'forker'), join(hermesHome(c), 'plugins', 'forker'), { recursive: true });
  const config = join(hermesHome(c), 'config.yaml');
  const text = readFileSync(config, 'utf8');
  expect(text).toMatch(/\n {2}enabled:\n {4}- stopline\n/);
  writeFileSync(config, text.replace(/\n {2}enabled:\n/, '\n  enabled:\n    - forker\n'));
}

interface Running {
  pid: number;
  evaluator: number;
  fork: () => number | null;
  exited: Promise<void>;
  output: () => string;
}

/** Hermes started on a one-command turn; resolves once its evaluator runs and the command started. */
async function startHermes(c: RealHostCase, command: (marker: string) => string): Promise<Running> {
  const marker = join(c.runDir, 'terminal-started');
  const forkFile = join(c.runDir, 'forked.pids');
  leftovers.forkFiles.push(forkFile);
  const s = await runs.server({
    threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_cmd', name: 'terminal', input: { command: command(marker) } }] }, { text: 'finished' }] }],
  });
  writeHermesConfig(c, s);
  installPlugin(c, 'stopline');
  installForker(c);
  const env = hermesEnv(c, { STOPLINE_TEST_FORK_FILE: forkFile });
  const hermes = spawn(requireHost('hermes'), ['chat', '-Q', '-q', 'run the command'], { cwd: c.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  hermes.stdout.on('data', (d: Buffer) => (output += d.toString()));
  hermes.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // 'exit', not 'close': the fork holds Hermes's stdout and stderr open
  const exited = new Promise<void>((r) => hermes.on('exit', () => r()));
  const pid = hermes.pid!;
  try {
    const evaluator = await until('the evaluator to start', () => descendants(pid).find(isEvaluator), 120_000);
    await until('the terminal command to start', () => existsSync(marker), 120_000);
    const fork = () => (existsSync(forkFile) ? Number(readFileSync(forkFile, 'utf8').split('\n')[0]) || null : null);
    return { pid, evaluator: evaluator.pid, fork, exited, output: () => output };
  } catch (err) {
    hermes.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output.slice(-2000)}`);
  }
}

async function expectGone(h: Running, how: string): Promise<void> {
  const gone = await until('the evaluator to end', () => !alive(h.evaluator), GONE_WITHIN_MS).catch(() => false);
  const left = processes().find((p) => p.pid === h.evaluator);
  expect(gone, `after ${how}, evaluator ${h.evaluator} (${left?.argv.join(' ')}) outlived its Hermes ${h.pid}`).toBe(true);
}

describeRealHost(status, 'the evaluator child of the real Hermes Agent 0.19.0 ends with its Hermes', HOSTS_FOR.hermes, 600_000, () => {
  it('a normal exit: the evaluator is gone, though a fork of Hermes holds its stdin', async () => {
    const c = runs.newCase('exit');
    const h = await startHermes(c, (marker) => `touch ${marker}`);
    await h.exited;
    expect(h.output()).toContain('finished');
    expect(h.fork(), 'the forker plugin ran').not.toBeNull();
    await expectGone(h, 'a normal exit');
  });

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`${signal} to Hermes mid-turn: the evaluator lives as long as Hermes, then is gone within ${GONE_WITHIN_MS / 1000} s, though a fork of Hermes holds its stdin`, async () => {
      const c = runs.newCase(signal.toLowerCase());
      // a duration no other process uses, so the sleep can be found and ended by PID
      const sleepFor = `119.${process.pid}${signal === 'SIGTERM' ? 1 : 2}`;
      leftovers.sleeps.push(sleepFor);
      const h = await startHermes(c, (marker) => `touch ${marker} && sleep ${sleepFor}`);
      // longer than the evaluator's owner check: it does not end while its Hermes lives
      await new Promise((r) => setTimeout(r, 2500));
      expect(alive(h.evaluator)).toBe(true);
      const fork = h.fork();
      expect(fork, 'the forker plugin ran').not.toBeNull();
      process.kill(h.pid, signal);
      await h.exited;
      expect(alive(fork!), 'the fork still holds its copy of the pipes').toBe(true);
      await expectGone(h, signal);
    });
  }
});
