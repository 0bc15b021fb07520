/**
 * node:fs for the Claude Code mod: the synchronous calls the core makes, answered by the
 * volume the door installs (hosts/claude/mod/volume.ts). The mod's build points `node:fs` here;
 * a call the core starts to make that is not below fails the build (rollup: missing export).
 * There is no lstatSync, realpathSync or readlinkSync: the volume knows no links, and an answer
 * of "not a link" would be a guess. Where links lead is the door's to read (../links.ts), given
 * to the core as its path probe.
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

function flagsOf(flags: string | number | undefined): { create: boolean; exclusive: boolean; truncate: boolean; append: boolean; writable: boolean } {
  if (typeof flags === 'number') {
    const access = flags & 3;
    return {
      create: (flags & constants.O_CREAT) !== 0,
      exclusive: (flags & constants.O_EXCL) !== 0,
      truncate: (flags & constants.O_TRUNC) !== 0,
      append: (flags & constants.O_APPEND) !== 0,
      writable: access !== constants.O_RDONLY,
    };
  }
  const f = flags ?? 'r';
  return {
    create: /[wa]/.test(f),
    exclusive: f.includes('x'),
    truncate: f.startsWith('w'),
    append: f.startsWith('a'),
    writable: /[wa+]/.test(f),
  };
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

export function fstatSync(fd: number): StatLike {
  return statOf(vol().fstat(fd));
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

export function openSync(path: PathLike, flags?: string | number, _mode?: number): number {
  return vol().open(pathOf(path), flagsOf(flags));
}

export function closeSync(fd: number): void {
  vol().close(fd);
}

export function writeSync(fd: number, data: string | Uint8Array): number {
  return vol().writeFd(fd, decode(data));
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

export function linkSync(existing: PathLike, newPath: PathLike): void {
  vol().link(pathOf(existing), pathOf(newPath));
}

/** Files the mod writes are 0600 and its folders 0700 ($.fs.write makes them so). */
export function chmodSync(path: PathLike, _mode: number): void {
  vol().stat(pathOf(path));
}

/** The same, through an open descriptor (core/state/fsio.ts sets modes this way). */
export function fchmodSync(fd: number, _mode: number): void {
  vol().fstat(fd);
}

export default {
  constants,
  readFileSync,
  writeFileSync,
  appendFileSync,
  existsSync,
  statSync,
  lstatSync,
  fstatSync,
  fchmodSync,
  readdirSync,
  mkdirSync,
  openSync,
  closeSync,
  writeSync,
  readSync,
  renameSync,
  unlinkSync,
  linkSync,
  chmodSync,
};
