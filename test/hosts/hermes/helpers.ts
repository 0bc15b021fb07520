/**
 * Test plumbing for the Hermes shim: builds throw-away Hermes homes with the stopline plugin folder in
 * them, runs test/hosts/hermes/harness.py (the Hermes emulator) against them and reads what the child saw.
 *
 * Which child answers the shim: by default the TEST DOUBLE (double/stopline-double.mjs). The real bundle
 * is used by the contract suite when dist/hermes/stopline/stopline.mjs exists, or when
 * STOPLINE_HERMES_CHILD names a bundle folder or its stopline.mjs.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, '../../..');
export const HARNESS = path.join(HERE, 'harness.py');
export const DOUBLE_SCRIPT = path.join(HERE, 'double', 'stopline-double.mjs');
export const FIXTURES = path.join(REPO, 'test', 'fixtures', 'hermes');
export const SHIM_DIR = path.join(REPO, 'hosts', 'hermes');
export const NODE_BIN_DIR = path.dirname(process.execPath);

/** the real interpreter behind any pyenv-style shim, so tests can run with a bare PATH */
export const PYTHON: string = (() => {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (r.status !== 0 || !r.stdout.trim()) throw new Error('python3 (>= 3.11) is needed for the Hermes tests');
  return r.stdout.trim();
})();

export interface ChildChoice {
  kind: 'double' | 'bundle';
  label: string;
  /** bundle: the folder holding plugin.yaml, __init__.py and stopline.mjs */
  bundleDir?: string;
}

export const DOUBLE: ChildChoice = { kind: 'double', label: 'test double' };

export function realBundle(): ChildChoice | null {
  const chosen = process.env.STOPLINE_HERMES_CHILD;
  const candidate = chosen ? path.resolve(chosen) : path.join(REPO, 'dist', 'hermes', 'stopline');
  const dir = candidate.endsWith('.mjs') ? path.dirname(candidate) : candidate;
  if (!fs.existsSync(path.join(dir, 'stopline.mjs'))) {
    if (chosen) throw new Error(`STOPLINE_HERMES_CHILD=${chosen}: no stopline.mjs there`);
    return null;
  }
  return { kind: 'bundle', label: `bundle ${path.relative(REPO, dir) || dir}`, bundleDir: dir };
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface DispatchRecord {
  pid: number;
  index: number;
  n: number;
  runtime: string;
  host: string;
  event: string;
  payload: Record<string, unknown>;
  hostDataDir: string | null;
}

export interface SpawnRecord {
  pid: number;
  index: number;
  runtime: string;
  tag: string | null;
  argv: string[];
}

/** stderr lines the shim writes when it cannot reach the evaluator */
export function unavailableLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('stopline: guard unavailable'));
}

/** A list of process ids each test may push to: every one still there is killed (SIGKILL) after the test. */
export function killedAfterEach(): number[] {
  const pids: number[] = [];
  afterEach(() => {
    for (const pid of pids.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  return pids;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // a zombie still answers signal 0; it is dead for our purposes
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** direct children of a process, from /proc (Linux) */
export function childPids(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid && fields[0] !== 'Z') out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

export class Sandbox {
  readonly root: string;
  readonly home: string;
  readonly hermesHome: string;
  readonly pluginsRoot: string;
  readonly pluginDir: string;
  readonly doubleDir: string;
  readonly workDir: string;
  readonly child: ChildChoice;

  constructor(child: ChildChoice = DOUBLE) {
    this.child = child;
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'stopline-hermes-'));
    this.home = path.join(this.root, 'home');
    this.hermesHome = path.join(this.home, '.hermes');
    this.pluginsRoot = path.join(this.hermesHome, 'plugins');
    this.pluginDir = path.join(this.pluginsRoot, 'stopline');
    this.doubleDir = path.join(this.root, 'double');
    this.workDir = path.join(this.root, 'acme-app');
    for (const d of [this.pluginDir, this.doubleDir, this.workDir]) fs.mkdirSync(d, { recursive: true });
    if (child.kind === 'bundle' && child.bundleDir) {
      fs.cpSync(child.bundleDir, this.pluginDir, { recursive: true });
    } else {
      fs.copyFileSync(path.join(SHIM_DIR, 'plugin.yaml'), path.join(this.pluginDir, 'plugin.yaml'));
      fs.copyFileSync(path.join(SHIM_DIR, '__init__.py'), path.join(this.pluginDir, '__init__.py'));
      fs.copyFileSync(DOUBLE_SCRIPT, path.join(this.pluginDir, 'stopline.mjs'));
    }
    this.writeConfig(['stopline']);
  }

  /** $HERMES_HOME/config.yaml with this plugins.enabled list (null = key absent) */
  writeConfig(enabled: string[] | null, disabled: string[] = []): string {
    const lines = ['model: test/model', 'plugins:'];
    if (enabled) lines.push(`  enabled: [${enabled.join(', ')}]`);
    lines.push(`  disabled: [${disabled.join(', ')}]`);
    const file = path.join(this.hermesHome, 'config.yaml');
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return file;
  }

  get configFile(): string {
    return path.join(this.hermesHome, 'config.yaml');
  }

  /** a clean environment: nothing STOPLINE_* or TERMINAL_CWD leaks in from the developer's shell */
  env(extra: Record<string, string | undefined> = {}): Record<string, string> {
    const base: Record<string, string | undefined> = {
      PATH: `${NODE_BIN_DIR}:/usr/bin:/bin`,
      HOME: this.home,
      XDG_CONFIG_HOME: path.join(this.home, '.config'),
      HERMES_HOME: this.hermesHome,
      PYTHONDONTWRITEBYTECODE: '1',
      STOPLINE_DOUBLE_DIR: this.doubleDir,
      LANG: 'C.UTF-8',
      ...extra,
    };
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
    return env;
  }

  writeJson(name: string, value: unknown): string {
    const file = path.join(this.root, name);
    fs.writeFileSync(file, JSON.stringify(value, null, 2));
    return file;
  }

  /** python3 harness.py <args...> (plugins root and --config filled in) */
  run(
    command: string,
    args: string[] = [],
    opts: { env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number; withConfig?: boolean } = {},
  ): RunResult {
    const full = [HARNESS, command, this.pluginsRoot, ...args];
    if (opts.withConfig !== false) full.push('--config', this.configFile);
    const t0 = Date.now();
    const r = spawnSync(PYTHON, full, {
      cwd: opts.cwd ?? this.workDir,
      env: this.env(opts.env),
      encoding: 'utf8',
      timeout: opts.timeoutMs ?? 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const ms = Date.now() - t0;
    let json: unknown = undefined;
    try {
      json = JSON.parse(r.stdout);
    } catch {
      json = undefined;
    }
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms, json };
  }

  dispatches(): DispatchRecord[] {
    return readJsonLines(path.join(this.doubleDir, 'dispatch.log')) as DispatchRecord[];
  }

  spawns(): SpawnRecord[] {
    return readJsonLines(path.join(this.doubleDir, 'spawns.log')) as SpawnRecord[];
  }

  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

function readJsonLines(file: string): unknown[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

export function fixturePath(name: string): string {
  return path.join(FIXTURES, name);
}

/** Calls `each` with every complete line the stream gives (a line-per-answer protocol's reader). */
export function eachLine(stream: Readable, each: (line: string) => void): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      each(line);
    }
  });
}

/** harness.py serve: a long-lived emulated Hermes process answering one hook call per line */
export class Served {
  readonly proc: ChildProcessWithoutNullStreams;
  private waiting: Array<(line: string) => void> = [];
  stderr = '';

  constructor(sandbox: Sandbox, opts: { env?: Record<string, string | undefined>; semantics?: string } = {}) {
    this.proc = spawn(
      PYTHON,
      [HARNESS, 'serve', sandbox.pluginsRoot, '--config', sandbox.configFile, '--semantics', opts.semantics ?? 'v0.19'],
      { cwd: sandbox.workDir, env: sandbox.env(opts.env) },
    );
    eachLine(this.proc.stdout, (line) => this.waiting.shift()?.(line));
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fire(hook: string, kwargs: Record<string, unknown>): Promise<any> {
    return new Promise((resolve) => {
      this.waiting.push((line) => resolve(JSON.parse(line)));
      this.proc.stdin.write(JSON.stringify({ hook, kwargs }) + '\n');
    });
  }

  /** the evaluator processes this emulated Hermes started */
  evaluatorPids(): number[] {
    return this.proc.pid ? childPids(this.proc.pid) : [];
  }

  async close(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const done = new Promise((r) => this.proc.once('exit', r));
    this.proc.stdin.end();
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
  }
}

/** a pre_tool_call kwargs dict in the exact v0.19 shape */
export function toolCall(toolName: string, args: Record<string, unknown>, id = 'call_0_test'): Record<string, unknown> {
  const sid = '20261129_141503_7c2e9a';
  const turn = `${sid}:${sid}:5d41a0b2`;
  return {
    tool_name: toolName,
    args,
    task_id: sid,
    session_id: sid,
    tool_call_id: id,
    turn_id: turn,
    api_request_id: `${turn}:api:1`,
    middleware_trace: [],
  };
}
