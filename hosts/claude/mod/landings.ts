/**
 * Where stopline's own paths land, kept between decisions of one mod process while nothing on
 * their way changed. A command that runs a program file has the core ask the landing of every
 * one of stopline's own paths (core/contract/decide.ts runsProtected), a hundred and more
 * `$.fs.stat` calls; most of those paths are not there, and their landings follow from the few
 * folders above them that are.
 *
 * Only a landing found without a link is kept (the path itself, or `missing` below a folder that
 * is its own real place): it holds while no link is on its way. Each existing step of the way,
 * from the root down, is looked at again before this decision reads anything, and must still be
 * no link (a look at a path says whether it is one itself) of the same kind; below the deepest
 * one that exists, a link can only come with a name made in it, which changes that folder's
 * modification time, so that folder must also have the time it had when the landing was read.
 * The look comes first: a link planted after it is seen by the next decision. A folder changed
 * less than RACY_MS before it was looked at is not trusted (a second change within the clock's
 * step would leave its time as it was), nor is a landing through a link (its target's folders
 * would count too): those are read again each time.
 */
import { isRoot, parentOf } from '../../../core/paths/path-links';
import type { ProbeResult } from '../../../core/paths/path-links';

interface StampHost {
  stat(path: string): Promise<{ kind: string; mtimeMs: number; isLink?: boolean }>;
}

/** Wider than the coarsest file-system clock a folder's time may have (FAT: 2 s). */
const RACY_MS = 2500;
/** Landings kept at most (stopline's own paths and the folders on their way). */
const MAX_KEPT = 2048;

/** What each step looked like at the start of a decision (`kind`, and `kind:mtime` unless changed just before); null: a link, or no answer. */
export type Stamps = Map<string, { kind: string; timed: string | null } | null>;

interface Kept {
  r: ProbeResult;
  /** each step of the way and what it must still look like (the deepest existing one with its time) */
  on: [string, string][];
}

export class LandingCache {
  private readonly kept = new Map<string, Kept>();
  /** folders to look at before a decision reads landings (the ways of kept landings, and of ones to keep) */
  private watched = new Set<string>();

  /** Look at every watched folder, before this decision reads anything. */
  async stamp(host: StampHost, now: number): Promise<Stamps> {
    const out: Stamps = new Map();
    await Promise.all(
      [...this.watched].map(async (dir) => {
        try {
          const st = await host.stat(dir);
          out.set(dir, st.isLink === true || st.kind === 'other' ? null : { kind: st.kind, timed: now - st.mtimeMs < RACY_MS ? null : `${st.kind}:${st.mtimeMs}` });
        } catch {
          out.set(dir, null);
        }
      }),
    );
    return out;
  }

  /** The kept landings whose every folder still looks as when they were read. */
  *valid(stamps: Stamps): Iterable<[string, ProbeResult]> {
    for (const [p, k] of this.kept) {
      if (k.on.every(([dir, s]) => s === look(stamps, dir, s.includes(':')))) yield [p, k.r];
      else this.kept.delete(p);
    }
  }

  /**
   * Keep the landings of `paths` read in this decision after `stamps` were taken; the folders on
   * the way of one that could not be kept yet are looked at from the next decision on.
   */
  keep(paths: Iterable<string>, known: (p: string) => ProbeResult | undefined, stamps: Stamps): void {
    const watch = new Set<string>();
    for (const p of paths) {
      const way = wayOf(p, known);
      if (!way) continue;
      for (const dir of way.on) watch.add(dir);
      const s = way.on.map((dir, i): [string, string | null] => [dir, look(stamps, dir, i === 0 && way.timed)]);
      if (s.every((x): x is [string, string] => x[1] !== null) && (this.kept.has(p) || this.kept.size < MAX_KEPT)) this.kept.set(p, { r: known(p)!, on: s });
    }
    this.watched = watch;
  }
}

/** What a step must look like: its kind, with its time when names made in it count. */
function look(stamps: Stamps, dir: string, timed: boolean): string | null {
  const st = stamps.get(dir);
  return (timed ? st?.timed : st?.kind) ?? null;
}

/**
 * The existing steps of the way of a landing read without a link, the deepest first (the path
 * itself when it is there, else the folder names would be made in: `timed`), up to the root.
 * Null when the landing went through a link or a step of it was not read.
 */
function wayOf(p: string, known: (p: string) => ProbeResult | undefined): { on: string[]; timed: boolean } | null {
  let cur = p;
  let r = known(cur);
  while (r === 'missing' && !isRoot(cur)) {
    cur = parentOf(cur);
    r = known(cur);
  }
  if (r === undefined || typeof r !== 'object' || !('real' in r) || r.real !== cur) return null;
  const on = [cur];
  for (let dir = cur; !isRoot(dir); ) {
    dir = parentOf(dir);
    on.push(dir);
  }
  return { on, timed: cur !== p };
}
