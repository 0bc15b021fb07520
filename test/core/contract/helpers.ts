import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleEvent } from '../../../core/answer/controller';
import type { HandleOptions } from '../../../core/answer/controller';
import type { Outcome } from '../../../core/answer/outcome';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { freshContract, type Contract } from '../../../core/contract/types';
import type { Action } from '../../../core/protocol';
import { REGISTRIES } from '../../../core/registry/index';

export interface Sandbox {
  root: string;
  home: string;
  data: string;
  env: Record<string, string | undefined>;
}

/** A fresh HOME with STOPLINE_HOME inside it; nothing outside the temp folder is touched. */
export function sandbox(extraEnv: Record<string, string> = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'stopline-test-'));
  const home = join(root, 'home');
  const data = join(root, 'data');
  return { root, home, data, env: { HOME: home, STOPLINE_HOME: data, XDG_CONFIG_HOME: join(home, '.config'), ...extraEnv } };
}

/** The project and HOME a decision test places its calls in. */
export const P = '/w/p';
export const HOME = '/home/u';

/** A shell command as Claude Code's Bash call, analysed in P with HOME. */
export const bash = (command: string) => analyzeToolCall(REGISTRIES.claude, 'Bash', { command }, { cwd: P, home: HOME });

/** The person's user file, ~/.config/stopline/stopline.json under `home`: `config` as JSON, a string as it is. */
export function writeUserFile(home: string, config: unknown): void {
  mkdirSync(join(home, '.config', 'stopline'), { recursive: true });
  writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), typeof config === 'string' ? config : JSON.stringify(config));
}

/** A contract the person armed in change mode, with `o` on top. */
export const armed = (o: Partial<Contract>): Contract => ({ ...freshContract(), mode: 'change', level: 'guard', source: 'directive', revision: 1, ...o });

export function action(o: Partial<Action> = {}): Action {
  return { name: 'Edit', canonicalName: 'Edit', mutability: 'write', affectedPaths: ['src/a.ts'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false, ...o };
}

export interface Driver {
  prompt(text: string, extra?: object): Outcome;
  act(a?: Partial<Action>, extra?: object): Outcome;
  after(a?: Partial<Action>, extra?: object): Outcome;
  event(kind: string, extra?: object): Outcome;
}

export function driver(sb: Sandbox, opts: Partial<HandleOptions> = {}, base: object = {}): Driver {
  const b = { protocolVersion: 1, sessionId: 'session-1', host: { family: 'claude' }, cwd: '/w/p', ...base };
  const o: HandleOptions = { env: sb.env, ...opts };
  return {
    prompt: (text, extra = {}) => handleEvent({ ...b, kind: 'prompt.submit', prompt: { text, source: 'user' }, ...extra }, o),
    act: (a = {}, extra = {}) => handleEvent({ ...b, kind: 'action.before', action: action(a), ...extra }, o),
    after: (a = {}, extra = {}) => handleEvent({ ...b, kind: 'action.after', action: action(a), ...extra }, o),
    event: (kind, extra = {}) => handleEvent({ ...b, kind, ...extra }, o),
  };
}

/** Every file under a folder, recursively. */
export function allFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out;
}

export function allDirs(dir: string): string[] {
  const out: string[] = [dir];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...allDirs(p));
  }
  return out;
}

/** A worker process whose stdout lines are collected as they come. */
export function startWorker(args: string[], env: NodeJS.ProcessEnv) {
  const p = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buf = '';
  let err = '';
  let exit: number | null = null;
  p.stdout.on('data', (d) => {
    buf += d;
    let n: number;
    while ((n = buf.indexOf('\n')) >= 0) {
      lines.push(buf.slice(0, n));
      buf = buf.slice(n + 1);
    }
  });
  p.stderr.on('data', (d) => (err += d));
  p.on('exit', (code) => (exit = code ?? -1));
  return { lines, stderr: () => err, exit: () => exit, kill: () => p.kill('SIGKILL') };
}

/** Waits for `cond`, looking every 5 ms; past `timeoutMs` it throws, naming `what`. */
export async function until(cond: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
