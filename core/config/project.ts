/**
 * Finding the project: walk up from the working folder; the first folder holding
 * `.stopline/stopline.json` wins, and the walk stops at the repository root (a folder with
 * `.git`) or the file-system root.
 *
 * Long-lived hosts ask this on every tool call with the same folder, so `locateProject` keeps
 * each folder's walk (the folders it visited and where it stopped) and on later calls stats only
 * the candidate `.stopline/stopline.json` of each visited folder, up to the one found: a project
 * file created, moved or deleted anywhere on that path is seen on the next call, and the found
 * file's stat is handed to the config reader so the file is not stat'ed twice. What the cache
 * does not re-check is the repository boundary: a `.git` created or removed between the working
 * folder and the folder where the walk stopped is seen after the host restarts (that boundary
 * only matters when no project file sits at or below it).
 */
import { dirname, join, resolve } from 'node:path';
import { BoundedCache, statPath } from './file-stamp';
import type { StatAnswer } from './file-stamp';

export const CONFIG_FILE = 'stopline.json';
export const PROJECT_DIR = '.stopline';

/** Deeper than any real checkout; a guard against a symlink loop or a pathological cwd. */
const MAX_LEVELS = 64;

interface ProjectLocation {
  root: string;
  file?: string;
}

/** A located project plus the stat of its file (present only when `file` is). */
interface LocatedProject extends ProjectLocation {
  fileStat?: StatAnswer;
}

interface Walk {
  /** candidate files, nearest first: `<dir>/.stopline/stopline.json` for every visited folder */
  candidates: { dir: string; file: string }[];
  /** index into candidates of the folder where the file was found, or -1 */
  found: number;
  /** the root when no file was found: the repository root, else the working folder */
  rootWithoutFile: string;
}

const walks = new BoundedCache<Walk>(64);

function candidateIn(dir: string): { dir: string; file: string } {
  return { dir, file: join(dir, PROJECT_DIR, CONFIG_FILE) };
}

/** existsSync's answer (anything there, file or not; an unreadable path counts as absent). */
function isPresent(answer: StatAnswer): boolean {
  return answer.kind === 'file' || answer.kind === 'other';
}

/** The full walk, remembering every candidate it looked at. */
function walk(start: string): Walk {
  const candidates: { dir: string; file: string }[] = [];
  let dir = start;
  for (let i = 0; i < MAX_LEVELS; i++) {
    const c = candidateIn(dir);
    candidates.push(c);
    if (isPresent(statPath(c.file))) return { candidates, found: candidates.length - 1, rootWithoutFile: dir };
    if (isPresent(statPath(join(dir, '.git')))) return { candidates, found: -1, rootWithoutFile: dir };
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return { candidates, found: -1, rootWithoutFile: start };
}

/**
 * The walk without any cache (tools and tests that want the file system as it is now).
 * @keep findProject the uncached project walk: the cache tests hold locateProject's answer equal to it
 */
export function findProject(cwd: string | undefined): ProjectLocation | undefined {
  if (!cwd) return undefined;
  const w = walk(resolve(cwd));
  const hit = w.candidates[w.found];
  return hit ? { root: hit.dir, file: hit.file } : { root: w.rootWithoutFile };
}

/**
 * The same answer as findProject, from the cached walk checked with one stat per visited
 * folder (see the file comment for what is and is not re-checked).
 */
export function locateProject(cwd: string | undefined): LocatedProject | undefined {
  if (!cwd) return undefined;
  const start = resolve(cwd);
  let w = walks.get(start);
  if (!w) {
    w = walk(start);
    walks.set(start, w);
  }
  const last = w.found >= 0 ? w.found : w.candidates.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = w.candidates[i]!;
    const answer = statPath(c.file);
    if (!isPresent(answer)) continue;
    if (i === w.found) return { root: c.dir, file: c.file, fileStat: answer };
    // a project file appeared nearer than the cached answer: that folder now wins
    const fresh: Walk = { candidates: w.candidates.slice(0, i + 1), found: i, rootWithoutFile: c.dir };
    walks.set(start, fresh);
    return { root: c.dir, file: c.file, fileStat: answer };
  }
  if (w.found >= 0) {
    // the found file is gone: walk again from scratch (the folders above may hold another one)
    const again = walk(start);
    walks.set(start, again);
    const hit = again.candidates[again.found];
    return hit ? { root: hit.dir, file: hit.file } : { root: again.rootWithoutFile };
  }
  return { root: w.rootWithoutFile };
}

/**
 * Every path the walk from `cwd` may look at, nearest folder first: a door whose files are
 * loaded before the core decides (the Claude Code mod) reads these ahead of its first decision.
 */
export function projectWalkPaths(cwd: string): string[] {
  const out: string[] = [];
  let dir = resolve(cwd);
  for (let i = 0; i < MAX_LEVELS; i++) {
    out.push(candidateIn(dir).file, join(dir, '.git'));
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}

/** Forget every cached walk (tests). */
export function forgetProjectWalks(): void {
  walks.clear();
}
