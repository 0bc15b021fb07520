/**
 * node:fs for the Claude Code mod: the synchronous calls the core still makes outside its Store
 * (the person's config and hooks files, the data folder's checks), answered by the volume the
 * door installs (hosts/claude/mod/volume.ts). Session state, lineage and evidence go through the
 * core's Store (../store.ts), so no descriptor, link or lock call is made here. The mod's build
 * points `node:fs` here; a call the core starts to make that is not below fails the build
 * (rollup: missing export). There is no realpathSync or readlinkSync: the volume knows no links,
 * and an answer of "not a link" would be a guess. Where links lead is the door's to read
 * (../links.ts), given to the core as its path probe.
 */
import { Volume, fsError } from '../volume';

let current: Volume | null = null;

/** The volume the core's calls go to (the door installs it once, at load). */
export function installVolume(v: Volume): void {
  current = v;
}

function vol(): Volume {
  if (!current) throw fsError('ENOSYS', 'volume', 'no volume installed');
  return current;
}

type PathLike = string | URL;
const pathOf = (p: PathLike): string => (typeof p === 'string' ? p : decodeURIComponent(p.pathname));

/** Linux's values, which the core only ever combines and passes back here. */
export const constants = {
  O_RDONLY: 0,
  O_WRONLY: 1,
  O_RDWR: 2,
  O_CREAT: 0o100,
  O_EXCL: 0o200,
  O_TRUNC: 0o1000,
  O_APPEND: 0o2000,
  O_NOFOLLOW: 0o400000,
  F_OK: 0,
  R_OK: 4,
  W_OK: 2,
  X_OK: 1,
};

function decode(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : new TextDecoder().decode(data);
}

interface StatLike {
  size: number;
  mtimeMs: number;
  mode: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function statOf(s: { kind: 'file' | 'dir'; size: number; mtimeMs: number }): StatLike {
  return {
    size: s.size,
    mtimeMs: s.mtimeMs,
    mode: s.kind === 'dir' ? 0o40700 : 0o100600,
    isFile: () => s.kind === 'file',
    isDirectory: () => s.kind === 'dir',
    isSymbolicLink: () => false,
  };
}

export function readFileSync(path: PathLike | number, options?: string | { encoding?: string | null }): string | Uint8Array {
  if (typeof path === 'number') throw fsError('EBADF', 'read', String(path));
  const text = vol().readFile(pathOf(path));
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding ? text : new TextEncoder().encode(text);
}

export function writeFileSync(path: PathLike, data: string | Uint8Array): void {
  vol().write(pathOf(path), decode(data));
}

export function appendFileSync(path: PathLike, data: string | Uint8Array): void {
  vol().append(pathOf(path), decode(data));
}

export function existsSync(path: PathLike): boolean {
  return vol().exists(pathOf(path));
}

export function statSync(path: PathLike, options?: { throwIfNoEntry?: boolean }): StatLike | undefined {
  try {
    return statOf(vol().stat(pathOf(path)));
  } catch (e) {
    if (options?.throwIfNoEntry === false && (e as { code?: string }).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * The core asks for a file's own entry (lstat) where a link at the name must not be followed
 * (core/state/fsio.ts). The volume holds no links: every entry in it is the file or folder
 * itself, so its own entry is its stat. What Claude Code's $.fs does with a link on disk is the
 * door's to read (../links.ts).
 */
export function lstatSync(path: PathLike, options?: { throwIfNoEntry?: boolean }): StatLike | undefined {
  return statSync(path, options);
}

export function readdirSync(path: PathLike): string[] {
  return vol().list(pathOf(path));
}

export function mkdirSync(path: PathLike, options?: { recursive?: boolean; mode?: number } | number): string | undefined {
  const p = pathOf(path);
  const recursive = typeof options === 'object' && options?.recursive === true;
  if (!recursive) {
    if (vol().exists(p)) throw fsError('EEXIST', 'mkdir', p);
  }
  vol().mkdir(p);
  return undefined;
}

/**
 * Only reading opens a descriptor here (the host's transcript is read from its end,
 * hosts/shared/call-record.ts). A create is never needed: the core's own files go through its
 * Store, and the one exclusive create in the bundle (a helper's start stamp) is never reached,
 * since the mod starts no helper process; it would fail as unsupported.
 */
export function openSync(path: PathLike, flags: string | number = 'r'): number {
  if (flags !== 'r' && flags !== constants.O_RDONLY) throw fsError('ENOSYS', 'open', pathOf(path));
  return vol().openRead(pathOf(path));
}

export function closeSync(fd: number): void {
  vol().close(fd);
}

export function readSync(fd: number, buffer: Uint8Array, offset = 0, length = buffer.length - offset, position: number | null = null): number {
  return vol().readFd(fd, buffer, offset, length, position);
}

export function renameSync(from: PathLike, to: PathLike): void {
  vol().rename(pathOf(from), pathOf(to));
}

export function unlinkSync(path: PathLike): void {
  vol().remove(pathOf(path));
}

/** Files the mod writes are 0600 and its folders 0700 ($.fs.write makes them so). */
export function chmodSync(path: PathLike, _mode: number): void {
  vol().stat(pathOf(path));
}

export default {
  constants,
  readFileSync,
  writeFileSync,
  appendFileSync,
  existsSync,
  statSync,
  lstatSync,
  readdirSync,
  mkdirSync,
  openSync,
  closeSync,
  readSync,
  renameSync,
  unlinkSync,
  chmodSync,
};
