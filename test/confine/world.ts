/**
 * The execution harness's world: a fixture with a project, a HOME holding stopline's and the
 * hosts' files, stopline's data folder and a canary outside everything; a snapshot of all of it;
 * and the host's part (ask the guard, then run what it answers, as the host would).
 *
 * The fixture lives under the repository's `.tmp/` folder, not in /tmp: temp folders are
 * writable scratch inside a confined run, so a canary there would prove nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeToolCall } from '../../core/analysis/tool-call';
import { handleEvent } from '../../core/answer/controller';
import type { Outcome } from '../../core/answer/outcome';
import { claudeRegistry } from '../../core/registry/claude';
import { selfPathTable } from '../../core/paths/self-paths';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface World {
  root: string;
  home: string;
  proj: string;
  data: string;
  outside: string;
  env: Record<string, string | undefined>;
  /** stopline's protected paths in this world */
  protected: string[];
}

/** `base`: where the world is made (default: the repository's .tmp/, not a temp folder, which a confined command may write). */
export function makeWorld(base = join(REPO, '.tmp')): World {
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, 'confine-world-'));
  const home = join(root, 'home');
  const proj = join(root, 'proj');
  const data = join(root, 'data');
  const outside = join(root, 'outside');
  const files: Record<string, string> = {
    [join(proj, 'src', 'allowed.ts')]: 'allowed\n',
    [join(proj, 'src', 'other.ts')]: 'other\n',
    [join(proj, 'lib', 'x.ts')]: 'lib\n',
    [join(proj, 'README.md')]: 'readme\n',
    [join(proj, '.gitignore')]: 'dist/\n',
    [join(home, 'canary.txt')]: 'home canary\n',
    [join(home, '.bashrc')]: '# shell start-up\n',
    [join(home, '.claude', 'settings.json')]: '{"hooks":{}}\n',
    [join(home, '.codex', 'hooks.json')]: '{"hooks":{}}\n',
    [join(home, '.config', 'stopline', 'stopline.json')]: '{}\n',
    [join(data, 'keep.txt')]: 'data\n',
    [join(outside, 'canary.txt')]: 'outside canary\n',
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  for (const d of [join(proj, 'src', 'emptydir'), join(proj, 'lib', 'emptydir'), join(proj, 'emptydir'), join(home, 'emptydir'), join(outside, 'emptydir')]) mkdirSync(d, { recursive: true });
  // planted before the run, in a folder files=src/** makes writable: it leads out
  symlinkSync(join(outside, 'canary.txt'), join(proj, 'src', 'link-out'));
  spawnSync('git', ['init', '-q'], { cwd: proj });
  const env: Record<string, string | undefined> = {
    HOME: home,
    STOPLINE_HOME: data,
    XDG_CONFIG_HOME: join(home, '.config'),
    PATH: process.env.PATH,
    LANG: 'C',
    npm_config_update_notifier: 'false',
  };
  const prot = selfPathTable({ env, dataDir: data, projectDir: proj }).map((e) => e.path);
  return { root, home, proj, data, outside, env, protected: prot };
}

export function dropWorld(w: World): void {
  rmSync(w.root, { recursive: true, force: true });
}

export interface Entry {
  kind: 'file' | 'dir' | 'link' | 'other';
  mode: number;
  /** content hash of a file, target of a link */
  body?: string;
}

/** Every path under the world's root (git's own store left out), with what is there. */
export function snapshot(w: World): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (p === join(w.proj, '.git')) continue;
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(p, { kind: 'link', mode: 0, body: readlinkSync(p) });
      else if (st.isDirectory()) {
        out.set(p, { kind: 'dir', mode: st.mode & 0o7777 });
        walk(p);
      } else if (st.isFile()) out.set(p, { kind: 'file', mode: st.mode & 0o7777, body: createHash('sha256').update(readFileSync(p)).digest('hex') });
      else out.set(p, { kind: 'other', mode: st.mode & 0o7777 });
    }
  };
  walk(w.root);
  return out;
}

/** Paths added, removed or changed between two snapshots. */
export function changed(before: Map<string, Entry>, after: Map<string, Entry>): string[] {
  const out: string[] = [];
  for (const [p, e] of after) {
    const b = before.get(p);
    if (!b || b.kind !== e.kind || b.mode !== e.mode || b.body !== e.body) out.push(p);
  }
  for (const p of before.keys()) if (!after.has(p)) out.push(p);
  return out.sort();
}

export interface HostRun {
  outcome: Outcome;
  /** ran: the original (none), the rewritten (rewrite), or nothing (deny/ask) */
  ran: 'plain' | 'confined' | 'not run';
  status: number | null;
  stdout: string;
  stderr: string;
}

let session = 0;

/**
 * Arm `directive`, ask the guard about a Bash `command` as Claude's door would, and do what the
 * host does with the answer. `beforeRun` is called between the answer and the run (the guard's
 * own evidence is written by then, and stopline's scratch folders made).
 */
export function hostRun(w: World, directive: string, command: string, beforeRun: () => void = () => undefined): HostRun {
  const base = { protocolVersion: 1, sessionId: `harness-${++session}`, host: { family: 'claude' }, cwd: w.proj };
  handleEvent({ ...base, kind: 'prompt.submit', prompt: { text: directive, source: 'user' } }, { env: w.env });
  const action = analyzeToolCall(claudeRegistry, 'Bash', { command }, { cwd: w.proj, home: w.home });
  const outcome = handleEvent({ ...base, kind: 'action.before', action }, { env: w.env, canRewrite: true });
  const text = outcome.kind === 'rewrite' ? outcome.rewrite!.command : outcome.kind === 'none' || outcome.kind === 'context' ? command : null;
  beforeRun();
  if (text === null) return { outcome, ran: 'not run', status: null, stdout: '', stderr: '' };
  const r = spawnSync('bash', ['-c', text], { cwd: w.proj, env: w.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 120_000 });
  return { outcome, ran: outcome.kind === 'rewrite' ? 'confined' : 'plain', status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function rel(w: World, p: string): string {
  return relative(w.root, p);
}
