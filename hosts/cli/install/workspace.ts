/**
 * An in-memory overlay over the file system. Host planners read and write through it, so
 * `install all` composes (two hosts may touch one file), `--dry-run` can show every change
 * before anything happens, and nothing is written unless the whole plan was computed
 * without an error.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type FileKind = 'config' | 'artifact' | 'record';

export interface Change {
  path: string;
  kind: FileKind;
  before: Buffer | null;
  after: Buffer | null;
  /** mode for a new file (an existing file keeps its own) */
  mode: number;
  /** where the current bytes are copied before the change (null = no backup needed) */
  backup: string | null;
}

const DIR_MODE = 0o755;
export const FILE_MODE = 0o644;
export const SCRIPT_MODE = 0o755;

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function readOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** `20250131T235959`, UTC, the suffix of every backup. */
function backupStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').slice(0, 15);
}

export class Workspace {
  private readonly entries = new Map<string, { kind: FileKind; before: Buffer | null; after: Buffer | null; mode: number }>();
  /** backup names handed out in this run (two files could otherwise collide within a second) */
  private readonly reservedBackups = new Set<string>();

  constructor(readonly now: Date) {}

  read(path: string): Buffer | null {
    const e = this.entries.get(path);
    return e ? e.after : readOrNull(path);
  }

  readText(path: string): string | null {
    return this.read(path)?.toString('utf8') ?? null;
  }

  /** The bytes on disk when this run started. */
  original(path: string): Buffer | null {
    const e = this.entries.get(path);
    return e ? e.before : readOrNull(path);
  }

  write(path: string, content: Buffer | string | null, kind: FileKind, mode = FILE_MODE): void {
    const before = this.original(path);
    const after = content === null ? null : Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    this.entries.set(path, { kind, before, after, mode });
  }

  /** Paths written through the workspace whose bytes really change. */
  changedPaths(): string[] {
    return [...this.entries.entries()].filter(([, e]) => !sameBytes(e.before, e.after)).map(([p]) => p).sort();
  }

  kindOf(path: string): FileKind | undefined {
    return this.entries.get(path)?.kind;
  }

  /** A free `<file>.stopline-backup-<stamp>` name (`-2`, `-3`… when taken). */
  backupPathFor(path: string): string {
    const base = `${path}.stopline-backup-${backupStamp(this.now)}`;
    let candidate = base;
    for (let n = 2; existsSync(candidate) || this.reservedBackups.has(candidate); n++) candidate = `${base}-${n}`;
    this.reservedBackups.add(candidate);
    return candidate;
  }

  changes(backupFor: (path: string, kind: FileKind, before: Buffer, after: Buffer | null) => boolean): Change[] {
    return this.changedPaths().map((path) => {
      const e = this.entries.get(path)!;
      const backup = e.before !== null && backupFor(path, e.kind, e.before, e.after) ? this.backupPathFor(path) : null;
      return { path, kind: e.kind, before: e.before, after: e.after, mode: e.mode, backup };
    });
  }
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  if (a === null || b === null) return a === b;
  return a.equals(b);
}

/** Folders that do not exist yet on the way to `path` (outermost first). */
export function missingParents(path: string): string[] {
  const missing: string[] = [];
  let dir = dirname(path);
  while (!existsSync(dir)) {
    missing.unshift(dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return missing;
}

/**
 * Write through a temporary file and a rename, so a crash never leaves a half-written
 * settings file. A symlinked config (dotfile managers) is written at its target, so the
 * link stays a link.
 */
function writeAtomically(path: string, bytes: Buffer, newMode: number): void {
  let target = path;
  let mode = newMode;
  try {
    if (lstatSync(path).isSymbolicLink()) target = realpathSync(path);
    mode = statSync(target).mode & 0o7777;
  } catch {
    // new file
  }
  const tmp = join(dirname(target), `.${basename(target)}.stopline-tmp-${process.pid}`);
  writeFileSync(tmp, bytes, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, target);
}

export function createDirs(dirs: readonly string[]): void {
  for (const dir of dirs) {
    if (existsSync(dir)) continue;
    mkdirSync(dir);
    chmodSync(dir, DIR_MODE); // the umask must not decide who can read the hooks
  }
}

export function applyChange(change: Change): void {
  if (change.backup && change.before) {
    copyFileSync(change.path, change.backup);
    chmodSync(change.backup, statSync(change.path).mode & 0o7777);
  }
  if (change.after === null) {
    try {
      unlinkSync(change.path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return;
  }
  writeAtomically(change.path, change.after, change.mode);
  // an artifact is ours: its mode is part of what we ship (scripts executable)
  if (change.kind === 'artifact') chmodSync(change.path, change.mode);
}

/** Removes the folders that are empty, deepest first; returns the ones still standing. */
export function removeEmptyDirs(dirs: readonly string[]): string[] {
  const left: string[] = [];
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      if (readdirSync(dir).length === 0) {
        rmdirSync(dir);
        continue;
      }
      left.push(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') left.push(dir);
    }
  }
  return left.sort();
}
