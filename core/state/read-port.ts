/**
 * The port through which the core reads files that are not its own: the person's config and
 * hooks files (with the stat their caches are stamped by), the folders it lists to find them,
 * and the host's transcript. Like the Store (./store.ts), every call is synchronous: a door in a
 * Node process passes the Node reader (./node-read.ts); a host without Node's file system brings
 * one that answers from what it read before the decision.
 *
 * Errors follow node:fs (an Error with `code`), so "not there" reads the same for every reader.
 */

/** What a stat (following links) says about a path. */
interface ReadStat {
  kind: 'file' | 'dir' | 'other';
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** 0 where the reader cannot tell (a cache stamp then rests on size and times) */
  ino: number;
}

export interface ReadPort {
  /** A whole file as UTF-8; throws as node:fs does (ENOENT, ENOTDIR, EISDIR, EACCES, ...). */
  text(path: string): string;
  /** The last `bytes` bytes of a file as UTF-8 (a long log is read from its end); throws as `text`. */
  tail(path: string, bytes: number): string;
  /** What is at a path; null when nothing is (ENOENT, or a file where a folder was named); throws other errors. */
  stat(path: string): ReadStat | null;
  /** The names in a folder, unsorted; throws as node:fs does. */
  list(dir: string): string[];
}
