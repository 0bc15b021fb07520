/**
 * The confinement plan: from the contract and what the disk holds, which places a confined
 * command may write, which stay read-only and which are hidden. Pure: the disk is a port
 * (core/confine/disk.ts reads the real one), so every rule is table-tested with a fake tree.
 *
 * The model (docs/confinement.md):
 * - writable: what the contract lets the task change (the files= entries as they resolve on disk;
 *   everything under a contract with no files=; nothing under review, answer, monitor), plus
 *   scratch no person calls a change of their project (ignored build and cache folders, per-user
 *   tool caches, temp folders);
 * - read-only, always: everything stopline protects (core/paths/self-paths.ts), even inside a writable
 *   place; a protected folder holding a socket is hidden, since a read-only mount still lets a
 *   process connect to a socket (stopline's evaluator answers decisions there);
 * - blocked: sockets of daemons that would write for the command outside (a user's systemd and
 *   D-Bus, Docker);
 * - everything else readable as before.
 * Paths are real paths (links resolved): a mount is made where the data is, and a link inside a
 * writable place that leads out is never made writable.
 */
import { posix } from 'node:path';
import { allowListCovers, expandFilesEntries, normalizeTarget } from '../paths/paths';

/** What is at a path, links resolved. */
export interface DiskEntry {
  /** the real path */
  path: string;
  kind: 'dir' | 'file' | 'socket' | 'other';
  /** a file's hard links (a second name of the same file may lie anywhere on its file system) */
  links?: number;
}

/** The disk as the plan may read it. */
export interface DiskPort {
  /** where `path` really is and what it is; null when nothing is there or it cannot be read */
  real(path: string): DiskEntry | null;
  /** a folder's entry names; null when it cannot be read */
  list(dir: string): readonly string[] | null;
}

/** What the contract lets a confined command change in the project. */
export type Scope = { kind: 'none' } | { kind: 'all' } | { kind: 'files'; entries: readonly string[] };

type ScratchKind = 'project-scratch' | 'tool-cache' | 'temp';

export interface PlanInput {
  scope: Scope;
  /** the project folder, absolute: files= entries are relative to it */
  project: string;
  home?: string;
  /** stopline's own paths (core/paths/self-paths.ts selfPathTable) */
  protectedPaths: readonly { path: string }[];
  /** existing folders that are writable under every contract */
  scratch: readonly { path: string; kind: ScratchKind }[];
  /** sockets of daemons outside that could write on the command's behalf */
  daemons: readonly string[];
  disk: DiskPort;
  limits?: Partial<PlanLimits>;
}

interface PlanLimits {
  /** mounts in one plan (each costs bwrap a little, and a command line has a length limit) */
  mounts: number;
  /** entries a files= glob may visit on disk */
  walk: number;
}

const DEFAULT_LIMITS: PlanLimits = { mounts: 512, walk: 20_000 };

type MountKind = 'rw' | 'ro' | 'hide' | 'block';

/** One mount over the read-only (or, with no files=, writable) root, in the order it is made. */
export interface Mount {
  kind: MountKind;
  path: string;
}

export interface ConfinePlan {
  root: 'ro' | 'rw';
  mounts: Mount[];
  /** protected folders missing in a temp folder: made empty (0700) before the run so they can be hidden */
  prepare: string[];
  /**
   * protected paths missing in a folder the contract lets the command write, that no mount can
   * hold without making the folder itself read-only (the project's top folder, HOME): named
   * after the run when the command created one
   */
  unguarded: string[];
  /** files= entries with nothing on disk yet: a confined run cannot create them */
  absent: string[];
  counts: PlanCounts;
}

/** Metadata for evidence: how many places of each kind (never which). */
export interface PlanCounts {
  writable: number;
  readOnly: number;
  hidden: number;
  blocked: number;
}

type PlanResult = { ok: true; plan: ConfinePlan } | { ok: false; why: string };

const RANK: Readonly<Record<MountKind, number>> = { rw: 0, ro: 1, block: 2, hide: 3 };

function inside(p: string, dir: string): boolean {
  return p === dir || dir === '/' || p.startsWith(dir.endsWith('/') ? dir : dir + '/');
}

function depth(p: string): number {
  return p === '/' ? 0 : p.split('/').length - 1;
}

function hasGlob(s: string): boolean {
  return /[*?]/.test(s);
}

export function planConfinement(input: PlanInput): PlanResult {
  const limits: PlanLimits = { ...DEFAULT_LIMITS, ...input.limits };
  const { disk } = input;
  const project = posix.normalize(input.project);
  const realProject = disk.real(project)?.path ?? project;
  const mounts = new Map<string, MountKind>();
  const put = (path: string, kind: MountKind) => {
    const had = mounts.get(path);
    if (had === undefined || RANK[kind] > RANK[had]) mounts.set(path, kind);
  };
  const rootRw = input.scope.kind === 'all';

  // the protected places, as they are on disk now
  const guarded = input.protectedPaths.map((p) => ({ ...p, at: disk.real(p.path) }));
  const realProtected = guarded.flatMap((g) => (g.at ? [g.at.path] : []));
  const isProtected = (real: string) => realProtected.some((p) => inside(real, p));

  // 1. writable places
  const writable: string[] = [];
  const addWritable = (real: string) => {
    if (isProtected(real)) return;
    if (!writable.includes(real)) writable.push(real);
  };
  const absent: string[] = [];
  let fromFiles: string[] = [];
  if (input.scope.kind === 'files') {
    const found = filesOnDisk(input.scope.entries, project, realProject, input.home, disk, limits);
    if (!found.ok) return found;
    found.paths.forEach(addWritable);
    fromFiles = [...writable];
    absent.push(...found.absent);
  }
  for (const s of input.scratch) {
    const at = disk.real(s.path);
    if (!at || at.kind !== 'dir') continue;
    // an ignored folder that is a link out of the project (a shared node_modules) is not the project's scratch
    if (s.kind === 'project-scratch' && !inside(at.path, realProject)) continue;
    addWritable(at.path);
  }
  // writable now: the deepest mount over a place says, else the root
  const canWrite = (real: string) => {
    let best: string | undefined;
    for (const m of mounts.keys()) if (inside(real, m) && (best === undefined || m.length > best.length)) best = m;
    return best === undefined ? rootRw : mounts.get(best) === 'rw';
  };
  // under a writable root the places above need no mount of their own
  if (!rootRw) for (const w of writable) put(w, 'rw');
  // a project or home folder that lies in a temp folder keeps its own rules: read-only, but for
  // what is writable inside it (mounted deeper)
  const realHome = input.home ? (disk.real(input.home)?.path ?? input.home) : undefined;
  for (const own of [realProject, realHome]) {
    if (rootRw || !own || own === '/' || fromFiles.some((w) => inside(own, w))) continue;
    if (writable.some((w) => w !== own && inside(own, w))) put(own, 'ro');
  }

  // 2. stopline's own places
  const prepare: string[] = [];
  const unguarded: string[] = [];
  const temps = input.scratch.filter((s) => s.kind === 'temp').flatMap((s) => disk.real(s.path)?.path ?? []);
  const wide = new Set(['/', realProject, ...(realHome ? [realHome] : [])]);
  for (const g of guarded) {
    if (g.at) {
      // a second name of a protected file could sit in a writable folder and be written through
      if (g.at.kind === 'file' && (g.at.links ?? 1) > 1) return { ok: false, why: 'one of stopline\'s protected files has another hard link' };
      if (g.at.kind === 'socket') put(g.at.path, 'block');
      else if (g.at.kind === 'dir' && holdsSocket(g.at.path, disk)) put(g.at.path, 'hide');
      else if (canWrite(g.at.path)) put(g.at.path, 'ro');
      continue;
    }
    const anc = deepestExisting(g.path, disk);
    if (!anc || !canWrite(anc.real)) continue;
    const rest = g.path.slice(anc.text.length).replace(/^\/+/, '');
    if (temps.includes(anc.real) && !rest.includes('/')) {
      // what stopline keeps directly in a temp folder is a folder (its evaluator's):
      // made now, empty and private, so the run sees it hidden and cannot plant its own
      const made = posix.join(anc.real, rest);
      prepare.push(made);
      put(made, 'hide');
      continue;
    }
    if (wide.has(anc.real) || temps.includes(anc.real)) {
      unguarded.push(g.path);
      continue;
    }
    // make the folder read-only and its entries writable again: nothing new can appear in it
    const names = disk.list(anc.real);
    if (names === null) {
      unguarded.push(g.path);
      continue;
    }
    put(anc.real, 'ro');
    for (const name of names) {
      const child = posix.join(anc.real, name);
      const at = disk.real(child);
      // a link is left as it is: where it leads has a rule of its own
      if (!at || at.path !== child || isProtected(child)) continue;
      put(child, 'rw');
    }
  }

  // 3. daemons outside that would write for the command
  for (const d of input.daemons) {
    const at = disk.real(d);
    if (at && at.kind === 'socket') put(at.path, 'block');
  }

  const list: Mount[] = [...mounts.entries()].map(([path, kind]) => ({ path, kind }));
  list.sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (list.length > limits.mounts) return { ok: false, why: `the contract would need ${list.length} mounts (more than ${limits.mounts})` };
  const count = (k: MountKind) => list.filter((m) => m.kind === k).length;
  return {
    ok: true,
    plan: {
      root: rootRw ? 'rw' : 'ro',
      mounts: list,
      prepare,
      unguarded,
      absent,
      counts: { writable: rootRw ? 1 + count('rw') : count('rw'), readOnly: count('ro'), hidden: count('hide'), blocked: count('block') },
    },
  };
}

function holdsSocket(dir: string, disk: DiskPort): boolean {
  const names = disk.list(dir);
  if (!names) return false;
  return names.some((n) => disk.real(posix.join(dir, n))?.kind === 'socket');
}

/** The deepest folder on the way to `path` that exists, as written and as it really is. */
function deepestExisting(path: string, disk: DiskPort): { text: string; real: string } | null {
  let p = posix.normalize(path);
  while (true) {
    const parent = posix.dirname(p);
    if (parent === p) return null;
    p = parent;
    const at = disk.real(p);
    if (at) return at.kind === 'dir' ? { text: p, real: at.path } : null;
  }
}

type Found = { ok: true; paths: string[]; absent: string[] } | { ok: false; why: string };

/**
 * The files= entries as they are on disk (real paths). A literal entry is its file or folder
 * (a folder covers everything below it, as decide() reads it); `dir/**` is the folder; any other
 * glob is every existing file it matches (nothing new can be created there). A path whose link
 * leads somewhere files= does not cover is left out.
 */
function filesOnDisk(entries: readonly string[], project: string, realProject: string, home: string | undefined, disk: DiskPort, limits: PlanLimits): Found {
  const paths: string[] = [];
  const absent: string[] = [];
  const patterns = expandFilesEntries(entries);
  const opts = home ? { home } : {};
  // a real path in the project's own spelling (the project folder may itself be reached through a link)
  const spelled = (real: string) => (inside(real, realProject) ? project + real.slice(realProject.length) : real);
  const covered = (real: string) => allowListCovers(patterns, normalizeTarget(spelled(real), project, opts), project, opts);
  const take = (at: DiskEntry | null) => {
    if (!at || !(at.kind === 'dir' || (at.kind === 'file' && (at.links ?? 1) === 1))) return;
    if (covered(at.path) && !paths.includes(at.path)) paths.push(at.path);
  };
  let visited = 0;
  for (const entry of patterns) {
    const abs = normalizeTarget(entry.replace(/\/+$/, ''), project, opts).abs;
    if (abs === null) {
      absent.push(entry);
      continue;
    }
    if (!hasGlob(abs)) {
      const at = disk.real(abs);
      if (!at) absent.push(entry);
      else take(at);
      continue;
    }
    const segs = abs.split('/');
    const firstGlob = segs.findIndex(hasGlob);
    const base = segs.slice(0, firstGlob).join('/') || '/';
    const tail = segs.slice(firstGlob).join('/');
    const baseAt = disk.real(base);
    if (!baseAt || baseAt.kind !== 'dir') {
      absent.push(entry);
      continue;
    }
    if (tail === '**') {
      take(baseAt);
      continue;
    }
    // `a/**/b/**`: a folder matching the part before the last `/**` is taken whole
    const wholeDir = abs.endsWith('/**') ? abs.slice(0, -3) : null;
    const before = paths.length;
    const queue = [base];
    while (queue.length) {
      const dir = queue.shift()!;
      const names = disk.list(dir);
      if (!names) continue;
      for (const name of names) {
        if (++visited > limits.walk) return { ok: false, why: `files= globs match more than ${limits.walk} entries on disk` };
        const child = posix.join(dir, name);
        const at = disk.real(child);
        if (!at || at.path !== posix.join(disk.real(dir)?.path ?? dir, name)) continue;
        if (at.kind === 'dir') {
          // the repository's own store, and installed packages, unless the entry names them
          if ((name === '.git' || name === 'node_modules') && !entry.includes(name)) continue;
          if (wholeDir && globMatches(wholeDir, child)) take(at);
          else queue.push(child);
        } else if (at.kind === 'file' && globMatches(abs, child)) {
          take(at);
        }
      }
    }
    if (paths.length === before) absent.push(entry);
  }
  return { ok: true, paths, absent };
}

function globMatches(glob: string, path: string): boolean {
  return allowListCovers([glob], normalizeTarget(path, '/'), '/');
}
