/**
 * Where stopline keeps session state, evidence and labels:
 * STOPLINE_HOME, else `dataDir` from the user config, else the host's own data folder
 * (adapters pass it as `host.dataDir`), else `$XDG_DATA_HOME/stopline`, else
 * `~/.local/share/stopline`.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { homeFrom } from '../paths/self-paths';
import type { Env } from '../paths/self-paths';

interface DataDirInputs {
  configDataDir?: string;
  hostDataDir?: string;
}

function expand(p: string, env: Env): string {
  const home = homeFrom(env);
  if (home && (p === '~' || p.startsWith('~/'))) return join(home, p.slice(1));
  return resolve(p);
}

export function resolveDataDir(env: Env, inp: DataDirInputs = {}): string {
  const pick = [env.STOPLINE_HOME, inp.configDataDir, inp.hostDataDir].find((v) => v !== undefined && v.trim() !== '');
  if (pick) return expand(pick.trim(), env);
  const xdg = env.XDG_DATA_HOME?.trim();
  if (xdg) return join(expand(xdg, env), 'stopline');
  const home = homeFrom(env);
  if (home) return join(home, '.local', 'share', 'stopline');
  throw new Error('no data folder: set STOPLINE_HOME (HOME is not set)');
}

/**
 * The data folder holds the contract every hook obeys, so who may change it is checked like the
 * evaluator's socket folder: refused when it belongs to another user or others may write into
 * it (anyone who can rename `sessions/` there can disarm a session), or when one of the folders
 * stopline keeps in it is a link, someone else's, or open to others' writes. The error names the folder and the fix; the
 * caller's fail mode answers it. A folder others may only read (0755, made by hand) is not
 * refused: `stopline doctor` tells about it (dataDirMode).
 *
 * Checked on each event: a stat of the folder (followed: a data folder the person placed behind
 * a link of their own is theirs to place) and an lstat of each folder stopline made in it.
 * Skipped where the runtime gives no owner (Windows, the Claude Code mod's file volume).
 */
export class DataDirUnsafeError extends Error {
  readonly code = 'STOPLINE_DATA_DIR_UNSAFE';
  constructor(
    readonly dir: string,
    readonly why: string,
    readonly fix: string,
  ) {
    super(`the data folder ${dir} ${why}; fix: ${fix}`);
    this.name = 'DataDirUnsafe';
  }
}

/** The folders stopline makes inside the data folder (`confined`: core/confine/launcher.ts). */
export const DATA_SUBDIRS = ['sessions', 'runtime', 'lineage', 'confined'] as const;

interface StatLike {
  uid?: number;
  mode: number;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function statOrNull(stat: (p: string) => StatLike, path: string): StatLike | null {
  try {
    return stat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The names stopline itself keeps at the top of its data folder. */
const DATA_TOP_NAMES: ReadonlySet<string> = new Set([...DATA_SUBDIRS, 'labels.jsonl']);
/** More entries than this and the folder is not walked: it is refused as before. */
const TIGHTEN_WALK_LIMIT = 5000;

/**
 * Whether a folder open to group or world writes may be closed (0700) instead of refused: it is
 * the person's, has no sticky bit (a shared folder such as /tmp), holds only the names stopline
 * keeps there, and nothing in it, at any depth, belongs to anyone else or is another user's link.
 * So no one else has written into it yet, and closing it keeps it so. A folder Claude Code makes
 * under umask 002 (0775) is the usual case.
 */
export function tightenable(dataDir: string, uid: number | null = currentUid()): boolean {
  if (uid === null) return false;
  const top = statSync(dataDir);
  if ((top.mode & 0o1000) !== 0) return false;
  let seen = 0;
  const walk = (dir: string, isTop: boolean): boolean => {
    for (const name of readdirSync(dir)) {
      if (isTop && !DATA_TOP_NAMES.has(name)) return false;
      if (++seen > TIGHTEN_WALK_LIMIT) return false;
      const p = join(dir, name);
      const st = lstatSync(p);
      if (st.uid !== uid) return false;
      if (st.isDirectory() && !walk(p, false)) return false;
    }
    return true;
  };
  return walk(dataDir, true);
}

/** Close every folder stopline keeps (the data folder and its own folders) to others' writes. */
function tighten(dataDir: string): void {
  for (const dir of [dataDir, ...DATA_SUBDIRS.map((n) => join(dataDir, n))]) {
    const st = statOrNull(lstatSync, dir);
    if (st && st.isDirectory() && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  }
}

/**
 * Refuses an unsafe data folder (DataDirUnsafeError). With `tighten`, a folder of the person's
 * that others may write into but nobody else has written into yet (see tightenable) is closed
 * to 0700 instead, and the one-line notice saying so is returned.
 */
export function checkDataDir(dataDir: string, uid: number | null = currentUid(), opts: { tighten?: boolean } = {}): string | null {
  if (uid === null) return null;
  const top = statOrNull(statSync, dataDir);
  if (!top) return null;
  // a file where the folder should be fails on its own (ENOTDIR) when it is used, by the fail mode
  if (typeof top.uid !== 'number' || !top.isDirectory()) return null;
  if (top.uid !== uid) throw new DataDirUnsafeError(dataDir, `belongs to another user (uid ${top.uid})`, `use a folder of your own (STOPLINE_HOME), or chown ${uid} ${dataDir}`);
  const openSub = DATA_SUBDIRS.some((n) => {
    const st = statOrNull(lstatSync, join(dataDir, n));
    return st !== null && st.isDirectory() && !st.isSymbolicLink() && st.uid === uid && (st.mode & 0o022) !== 0;
  });
  let notice: string | null = null;
  if (((top.mode & 0o022) !== 0 || openSub) && opts.tighten && tightenable(dataDir, uid)) {
    tighten(dataDir);
    notice = `the data folder ${dataDir} was open to others' writes (mode ${(top.mode & 0o777).toString(8)}) and held only your files; it is now 0700`;
  } else if ((top.mode & 0o022) !== 0) {
    throw new DataDirUnsafeError(dataDir, `may be written by others (mode ${(top.mode & 0o777).toString(8)})`, `chmod 700 ${dataDir}`);
  }
  for (const name of DATA_SUBDIRS) {
    const sub = join(dataDir, name);
    const st = statOrNull(lstatSync, sub);
    if (!st) continue;
    if (st.isSymbolicLink()) throw new DataDirUnsafeError(sub, 'is a symbolic link', 'move it away; stopline makes it again');
    // a file in its place fails on its own when it is used (the state or evidence write), as before
    if (!st.isDirectory()) continue;
    if (st.uid !== uid) throw new DataDirUnsafeError(sub, `belongs to another user (uid ${st.uid})`, `move it away; stopline makes it again`);
    if ((st.mode & 0o022) !== 0) throw new DataDirUnsafeError(sub, `may be written by others (mode ${(st.mode & 0o777).toString(8)})`, `chmod 700 ${sub}`);
  }
  return notice;
}

/** The owner-only bits a data folder should have, and what it has: for doctor's note on 0755 and the like. */
export function dataDirMode(dataDir: string): number | null {
  try {
    return statSync(dataDir).mode & 0o777;
  } catch {
    return null;
  }
}

function currentUid(): number | null {
  const getuid = (globalThis as { process?: { getuid?: () => number } }).process?.getuid;
  return typeof getuid === 'function' ? getuid() : null;
}
