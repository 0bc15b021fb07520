/**
 * The I/O edge of a plan: what the disk and git say, read when a confined command is about to be
 * answered, and the few folders made before the run (an ignored build folder a test run needs,
 * the user's cache folder, a private folder of stopline's in a temp folder).
 */
import { mkdirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { childProcessModule } from '../lazy-builtins';
import type { PlanInput, Scope } from './plan';
import { BUILD_OUTPUT_NAMES, cacheHome, daemonSockets, projectScratch, tempFolders, toolCaches } from './scratch';

type Env = Readonly<Record<string, string | undefined>>;

/** A bound on each git call: a huge or slow work tree costs scratch, never the answer. */
const GIT_TIMEOUT_MS = 3000;

function git(project: string, args: string[], env: Env, input?: string): string | null {
  // git's own variables from the host (GIT_DIR, GIT_WORK_TREE ...) would point it elsewhere
  const clean: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'LANG', 'LC_ALL']) if (env[k] !== undefined) clean[k] = env[k]!;
  try {
    const r = childProcessModule().spawnSync('git', ['-C', project, ...args], { env: clean, encoding: 'utf8', timeout: GIT_TIMEOUT_MS, input: input ?? '', stdio: ['pipe', 'pipe', 'ignore'], maxBuffer: 8 * 1024 * 1024 });
    if (r.error || r.status === null) return null;
    // check-ignore says 1 when nothing is ignored
    if (r.status !== 0 && !(args[0] === 'check-ignore' && r.status === 1)) return null;
    return r.stdout;
  } catch {
    return null;
  }
}

/**
 * The project's scratch folders: the ignored folders that exist, and the usual build output
 * folders git would ignore, made now when missing (only when the contract does not already let
 * the command write the project's top folder). Kept a minute per project in a process that
 * answers many events, while the project's top folder and its .gitignore are unchanged (a new
 * build folder at the top changes the first).
 */
function gatherProjectScratch(project: string, env: Env, make: boolean, now = Date.now()): string[] {
  const key = `${project}\0${make ? 1 : 0}`;
  const stamp = `${mtime(project)}\0${mtime(posix.join(project, '.gitignore'))}`;
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp && now - hit.at < KEEP_MS) return hit.paths;
  const paths = readProjectScratch(project, env, make);
  if (kept.size >= 32) kept.clear();
  kept.set(key, { at: now, stamp, paths });
  return paths;
}

const KEEP_MS = 60_000;
const kept = new Map<string, { at: number; stamp: string; paths: string[] }>();

function mtime(p: string): number {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function readProjectScratch(project: string, env: Env, make: boolean): string[] {
  const listed = git(project, ['ls-files', '-z', '-o', '-i', '--exclude-standard', '--directory'], env);
  if (listed === null) return [];
  const found = projectScratch(project, listed.split('\0').filter(Boolean));
  if (!make) return found;
  const missing = BUILD_OUTPUT_NAMES.map((n) => posix.join(project, n)).filter((p) => !found.includes(p));
  const ignored = git(project, ['check-ignore', '-z', '--stdin'], env, missing.map((p) => posix.relative(project, p) + '/').join('\0'));
  if (ignored === null) return found;
  for (const rel of ignored.split('\0').filter(Boolean)) {
    const p = posix.join(project, rel.replace(/\/$/, ''));
    if (!missing.includes(p)) continue;
    try {
      mkdirSync(p);
      found.push(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') found.push(p);
    }
  }
  return found;
}

export interface GatherInput {
  scope: Scope;
  project: string;
  env: Env;
  home?: string;
  uid: number | null;
  protectedPaths: PlanInput['protectedPaths'];
}

/** Everything but the disk port a plan needs. */
export function gather(g: GatherInput): Omit<PlanInput, 'disk'> {
  const projectWritable = g.scope.kind === 'all' || (g.scope.kind === 'files' && g.scope.entries.some((e) => e === '**' || e === '.' || e === './**'));
  const scratch: PlanInput['scratch'][number][] = [];
  if (g.scope.kind !== 'all') {
    for (const p of gatherProjectScratch(g.project, g.env, !projectWritable)) scratch.push({ path: p, kind: 'project-scratch' });
    for (const c of cacheHome(g.env, g.home)) {
      try {
        mkdirSync(c, { recursive: true, mode: 0o700 });
      } catch {
        // a home that cannot take it: the tools will say so themselves
      }
    }
    for (const p of toolCaches(g.env, g.home)) scratch.push({ path: p, kind: 'tool-cache' });
  }
  for (const p of tempFolders(g.env)) scratch.push({ path: p, kind: 'temp' });
  const input: Omit<PlanInput, 'disk'> = { scope: g.scope, project: g.project, protectedPaths: g.protectedPaths, scratch, daemons: daemonSockets(g.env, g.uid) };
  if (g.home) input.home = g.home;
  return input;
}

/** Make the folders a plan asks for before its run (private: 0700). */
export function prepareFolders(paths: readonly string[]): boolean {
  for (const p of paths) {
    try {
      mkdirSync(p, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
  }
  return true;
}
