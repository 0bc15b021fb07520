/**
 * The files the core reads and writes, held in memory for the Claude Code mod.
 *
 * The core is synchronous: it keeps session state, lineage and evidence through its Store
 * (./store.ts answers it from here) and reads the person's config and hooks files and the
 * transcript through its reader (./read.ts answers those from here). A mod has no node:fs: its
 * files go through `$.fs`, which is asynchronous and can only read, write (whole files, in place), list and stat.
 * So this volume, which the door fills before a decision and writes out after, answers both:
 *
 * - a path the core asks about that the volume does not know is a *miss*: the call answers as
 *   if the file were not there, and the door, seeing misses after the decision, throws the
 *   decision away (`rollback`), fetches those paths and decides again. After the first event
 *   of a session every path is known and a decision makes no `$` call;
 * - what the core writes is kept here and marked dirty; the door writes dirty files out with
 *   `$.fs.write` after answering (`takeDirty`). There are no lock files: one process owns a
 *   session's files while its mod is live, and the volume is only ever touched by one decision
 *   at a time;
 * - a file the core appended to that another process may append to as well (labels.jsonl) is
 *   written out as what is on disk then plus what was appended here (`appended`);
 * - where a path leads through symbolic links (the core's path probe, core/paths/path-links.ts) is a
 *   fetched entry too, read through the same miss, rollback and load, but for one decision only:
 *   the agent can make a link between two tool calls, so what a decision read about links is
 *   forgotten when the next decision starts (`freshLinks`), as the command hook reads the disk
 *   at each decision.
 */
import type { ProbeResult } from '../../../core/paths/path-links';

export type Known =
  /** `tail`: the text's last two UTF-16 units, kept on appends so a look at the log's end never flattens a long log */
  | { kind: 'file'; text: string; bytes: number; mtimeMs: number; tail?: string }
  /**
   * a file whose stat was read but not its text (the retention pass asks a listed file's age only):
   * a stat answers from it; anything that needs the text is a miss, which loads the whole file
   */
  | { kind: 'stat'; bytes: number; mtimeMs: number }
  | { kind: 'dir'; names: string[] | null }
  | { kind: 'absent' }
  | { kind: 'error'; code: string };

interface FsError extends Error {
  code: string;
  path: string;
  syscall: string;
}

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EEXIST: 'file already exists',
  EISDIR: 'illegal operation on a directory',
  ENOTDIR: 'not a directory',
  ENOSYS: 'function not implemented',
};

/**
 * An error as node:fs throws it (`code`, `path`, `syscall`, an Error), made without capturing a
 * stack: the core probes files that are not there on every decision (config in each folder up
 * the tree), and a captured stack is most of the cost of such a probe.
 */
export function fsError(code: string, syscall: string, path: string): FsError {
  const e = Object.create(Error.prototype) as FsError;
  e.message = `${code}: ${WORDS[code] ?? 'operation failed'}, ${syscall} '${path}'`;
  e.code = code;
  e.path = path;
  e.syscall = syscall;
  return e;
}

function byteLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The last two UTF-16 units after appending `added` (from the old tail, not the whole text). */
function tailAfter(before: { text: string; tail?: string }, added: string): string {
  if (added.length >= 2) return added.slice(-2);
  return ((before.tail ?? before.text.slice(-2)) + added).slice(-2);
}

/** Files the volume keeps to itself: lock files, their break stamps, temp files. */
export function memoryOnly(path: string): boolean {
  return /\.(tmp|lock|lock\.break)$/.test(path);
}

interface Normalizer {
  /** the absolute key of a path (resolved against the session's working directory) */
  key(path: string): string;
  dirname(path: string): string;
  basename(path: string): string;
}

export class Volume {
  private readonly known = new Map<string, Known>();
  /** previous values of the entries changed since `begin` (undefined: was unknown) */
  private journal: Map<string, Known | undefined> | null = null;
  private readonly dirty = new Set<string>();
  private dirtyJournal: Set<string> | null = null;
  /** text appended here to a file still to be written, per path */
  private readonly appendedText = new Map<string, string>();
  private appendedJournal: Map<string, string | undefined> | null = null;
  private writtenJournal: Set<string> | null = null;
  /** paths whose content this process wrote (not refreshed from disk again) */
  private readonly written = new Set<string>();
  readonly misses = new Set<string>();
  readonly listMisses = new Set<string>();
  /** where paths lead, as read for the decision in progress (absolute, `/`-separated, as the core asks) */
  private readonly links = new Map<string, ProbeResult>();
  /** paths the core's probe asked about that were not read for this decision */
  readonly linkMisses = new Set<string>();
  /** no more reads for this decision: an unread path is unproven, not a miss */
  private linksClosed = false;

  constructor(
    private readonly paths: Normalizer,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** path -> key, remembered: the core asks about the same few paths on every decision */
  private readonly keys = new Map<string, string>();

  key(path: string): string {
    // a relative path depends on the working directory, which a `cd` moves: not remembered
    if (!/^([\\/]|[A-Za-z]:[\\/])/.test(path)) return this.paths.key(path);
    let k = this.keys.get(path);
    if (k === undefined) {
      k = this.paths.key(path);
      if (this.keys.size >= 4096) this.keys.clear();
      this.keys.set(path, k);
    }
    return k;
  }

  // ----------------------------------------------------------------- what the door fills in

  /** Record what `$.fs` answered for a path (a file's text, a folder, nothing there, an error). */
  learn(path: string, entry: Known): void {
    const k = this.key(path);
    if (this.dirty.has(k) || this.written.has(k)) return;
    this.known.set(k, entry);
    if (entry.kind === 'file' || entry.kind === 'stat' || entry.kind === 'dir') this.learnParents(k);
  }

  /** Record a folder's listing (names only; what each is stays unknown until asked). */
  learnListing(dir: string, names: string[]): void {
    const k = this.key(dir);
    const cur = this.known.get(k);
    const merged = new Set(names);
    // files made here but not written out yet are in the listing too
    if (cur?.kind === 'dir' && cur.names) for (const n of cur.names) if (this.known.get(this.join(k, n))?.kind !== 'absent') merged.add(n);
    for (const [p, e] of this.known) if (e.kind === 'file' && this.dirty.has(p) && this.paths.dirname(p) === k) merged.add(this.paths.basename(p));
    this.known.set(k, { kind: 'dir', names: [...merged].sort() });
    this.learnParents(k);
  }

  /** Record a file's size and age without its text (a stat, `$.fs.stat`, not following a link). */
  learnStat(path: string, bytes: number, mtimeMs: number): void {
    const k = this.key(path);
    if (this.known.has(k) || this.dirty.has(k) || this.written.has(k)) return;
    this.known.set(k, { kind: 'stat', bytes, mtimeMs });
    this.learnParents(k);
  }

  entry(path: string): Known | undefined {
    return this.known.get(this.key(path));
  }

  /** Known files and absences read from disk (the door re-checks these for changes). */
  readFromDisk(): string[] {
    const out: string[] = [];
    for (const [p, e] of this.known) if ((e.kind === 'file' || e.kind === 'absent') && !this.written.has(p) && !this.dirty.has(p) && !memoryOnly(p)) out.push(p);
    return out;
  }

  /** Forget a path (it changed on disk): the next read is a miss again. */
  forget(path: string): void {
    const k = this.key(path);
    if (!this.dirty.has(k)) this.known.delete(k);
  }

  hasMisses(): boolean {
    return this.misses.size > 0 || this.listMisses.size > 0 || this.linkMisses.size > 0;
  }

  // ----------------------------------------------------------------- where paths lead

  /** A new decision: what earlier ones read about links may no longer hold. */
  freshLinks(): void {
    this.links.clear();
    this.linkMisses.clear();
    this.linksClosed = false;
  }

  /** Record where a path leads, as read for this decision. */
  learnLink(abs: string, r: ProbeResult): void {
    this.links.set(abs, r);
  }

  /** What this decision read about a path, or undefined. */
  linkEntry(abs: string): ProbeResult | undefined {
    return this.links.get(abs);
  }

  /** Every path read for this decision and what was found. */
  linkEntries(): [string, ProbeResult][] {
    return [...this.links];
  }

  /** Stop reading for this decision (the loads are spent): the paths still unread are unproven. */
  closeLinks(): void {
    this.linksClosed = true;
  }

  /**
   * The core's path probe (decide() is given it through the controller's `probe` option). An
   * unread path is a miss; it answers `'missing'` meanwhile, so the core's walk goes on and
   * names every path it would ask about in this run (the run is thrown away and made again once
   * they are read). Once the reads are closed it answers `'unreadable'`: unproven.
   */
  probe(abs: string): ProbeResult {
    const r = this.links.get(abs);
    if (r !== undefined) return r;
    if (this.linksClosed) return 'unreadable';
    this.linkMisses.add(abs);
    return 'missing';
  }

  // ----------------------------------------------------------------- transactions

  /** Start a decision: changes from here on can be rolled back. */
  begin(): void {
    this.journal = new Map();
    this.dirtyJournal = new Set();
    this.appendedJournal = new Map();
    this.writtenJournal = new Set();
    this.misses.clear();
    this.listMisses.clear();
    this.linkMisses.clear();
  }

  /** Keep the decision's changes. */
  commit(): void {
    this.journal = null;
    this.dirtyJournal = null;
    this.appendedJournal = null;
    this.writtenJournal = null;
  }

  /** Throw the decision's changes away (it read paths the volume did not know). */
  rollback(): void {
    if (this.journal) {
      for (const [p, prev] of this.journal) {
        if (prev === undefined) this.known.delete(p);
        else this.known.set(p, prev);
      }
    }
    if (this.dirtyJournal) for (const p of this.dirtyJournal) this.dirty.delete(p);
    if (this.writtenJournal) for (const p of this.writtenJournal) this.written.delete(p);
    if (this.appendedJournal) {
      for (const [p, prev] of this.appendedJournal) {
        if (prev === undefined) this.appendedText.delete(p);
        else this.appendedText.set(p, prev);
      }
    }
    this.journal = null;
    this.dirtyJournal = null;
    this.appendedJournal = null;
    this.writtenJournal = null;
  }

  /**
   * The files to write out, and forget that they are dirty. `whole` is the content to write;
   * `appended` (only for files another process may append to) is what this process added.
   */
  takeDirty(): { path: string; whole: string | null; appended: string | undefined }[] {
    const out: { path: string; whole: string | null; appended: string | undefined }[] = [];
    for (const p of this.dirty) {
      const e = this.known.get(p);
      out.push({ path: p, whole: e?.kind === 'file' ? e.text : null, appended: this.appendedText.get(p) });
    }
    this.dirty.clear();
    this.appendedText.clear();
    return out;
  }

  /** Put back files a write-out could not write, so the next write-out tries again. */
  restoreDirty(items: readonly { path: string; appended: string | undefined }[]): void {
    for (const it of items) {
      this.dirty.add(it.path);
      if (it.appended !== undefined) this.appendedText.set(it.path, (it.appended ?? '') + (this.appendedText.get(it.path) ?? ''));
    }
  }

  // ----------------------------------------------------------------- the core's reads and writes

  private join(dir: string, name: string): string {
    return this.key(`${dir}/${name}`);
  }

  private learnParents(k: string): void {
    let dir = this.paths.dirname(k);
    let child = k;
    while (dir !== child) {
      const cur = this.known.get(dir);
      if (cur?.kind === 'dir') break;
      if (cur === undefined || cur.kind === 'absent') this.known.set(dir, { kind: 'dir', names: null });
      child = dir;
      dir = this.paths.dirname(dir);
    }
  }

  private set(k: string, entry: Known, markDirty: boolean): void {
    if (this.journal && !this.journal.has(k)) this.journal.set(k, this.known.get(k));
    this.known.set(k, entry);
    if (markDirty && !memoryOnly(k)) {
      if (this.dirtyJournal && !this.dirty.has(k)) this.dirtyJournal.add(k);
      if (this.writtenJournal && !this.written.has(k)) this.writtenJournal.add(k);
      this.dirty.add(k);
      this.written.add(k);
    }
    const dir = this.paths.dirname(k);
    const parent = this.known.get(dir);
    if (parent?.kind === 'dir' && parent.names) {
      const name = this.paths.basename(k);
      const has = parent.names.includes(name);
      if (entry.kind === 'absent' && has) this.setListing(dir, parent.names.filter((n) => n !== name));
      else if (entry.kind !== 'absent' && !has) this.setListing(dir, [...parent.names, name].sort());
    } else if (entry.kind !== 'absent') this.learnParents(k);
  }

  private setListing(dir: string, names: string[]): void {
    const cur = this.known.get(dir);
    if (this.journal && !this.journal.has(dir)) this.journal.set(dir, cur);
    this.known.set(dir, { kind: 'dir', names });
  }

  private noteAppend(k: string, text: string): void {
    if (this.appendedJournal && !this.appendedJournal.has(k)) this.appendedJournal.set(k, this.appendedText.get(k));
    this.appendedText.set(k, (this.appendedText.get(k) ?? '') + text);
  }

  /**
   * What the volume knows of a path; an unknown one is a miss and reads as absent, and so is a
   * file known by its stat alone when the caller needs its text (`whole`).
   */
  private look(path: string, syscall: string, whole = true): { k: string; e: Known } {
    const k = this.key(path);
    const e = this.known.get(k);
    if (e === undefined || (whole && e.kind === 'stat')) {
      if (!memoryOnly(k)) this.misses.add(k);
      return { k, e: { kind: 'absent' } };
    }
    if (e.kind === 'error') throw fsError(e.code, syscall, path);
    return { k, e };
  }

  /**
   * A file of stopline's own (the Store's read): its text, null when there is none (or it is a
   * miss), what is there instead when it is not a file. The volume holds no links: the write-out
   * refuses a link at the name (./write-out.ts).
   */
  ownFile(path: string): string | null | { notAFile: string } {
    const { e } = this.look(path, 'open');
    if (e.kind === 'file') return e.text;
    if (e.kind === 'dir') return { notAFile: 'not a regular file' };
    return null;
  }

  /**
   * Append one line to a log (the Store's append): on a line of its own when the log's last line
   * was left unfinished, and after renaming the log to `rotate.to` once it is past `rotate.bytes`.
   */
  appendLine(path: string, line: string, rotate?: { to: string; bytes: number }): void {
    let { e } = this.look(path, 'open');
    if (e.kind === 'dir') throw fsError('EISDIR', 'open', path);
    if (rotate && e.kind === 'file' && e.bytes > rotate.bytes) {
      this.rename(path, rotate.to);
      e = { kind: 'absent' };
    }
    const midLine = e.kind === 'file' && e.bytes > 0 && !(e.tail ?? e.text.slice(-2)).endsWith('\n');
    this.append(path, midLine ? '\n' + line : line);
  }

  readFile(path: string): string {
    const { e } = this.look(path, 'open');
    if (e.kind === 'dir') throw fsError('EISDIR', 'read', path);
    if (e.kind !== 'file') throw fsError('ENOENT', 'open', path);
    return e.text;
  }


  stat(path: string): { kind: 'file' | 'dir'; size: number; mtimeMs: number } {
    const { e } = this.look(path, 'stat', false);
    if (e.kind === 'file' || e.kind === 'stat') return { kind: 'file', size: e.bytes, mtimeMs: e.mtimeMs };
    if (e.kind === 'dir') return { kind: 'dir', size: 0, mtimeMs: 0 };
    throw fsError('ENOENT', 'stat', path);
  }

  list(dir: string): string[] {
    const { k, e } = this.look(dir, 'scandir', false);
    if (e.kind === 'file' || e.kind === 'stat') throw fsError('ENOTDIR', 'scandir', dir);
    if (e.kind !== 'dir') throw fsError('ENOENT', 'scandir', dir);
    if (e.names === null) {
      this.listMisses.add(k);
      this.misses.delete(k);
      return [];
    }
    return [...e.names];
  }

  mkdir(dir: string): void {
    const k = this.key(dir);
    const e = this.known.get(k);
    if (e?.kind === 'error') throw fsError(e.code, 'mkdir', dir);
    if (e?.kind === 'file' || e?.kind === 'stat') throw fsError('EEXIST', 'mkdir', dir);
    if (e?.kind === 'dir') return;
    // an unknown folder may be a file, a loop or unreadable on disk: ask, and meanwhile make it
    if (e === undefined) this.misses.add(k);
    this.set(k, { kind: 'dir', names: e === undefined ? null : [] }, false);
  }

  /** Replace a file's whole content. */
  write(path: string, text: string): void {
    const { k, e } = this.look(path, 'open', false);
    if (e.kind === 'dir') throw fsError('EISDIR', 'open', path);
    this.set(k, { kind: 'file', text, bytes: byteLength(text), mtimeMs: this.now() }, true);
  }

  /** Append to a file, creating it. */
  append(path: string, text: string): void {
    const { k, e } = this.look(path, 'open');
    if (e.kind === 'dir') throw fsError('EISDIR', 'open', path);
    const before = e.kind === 'file' ? e : { text: '', bytes: 0, tail: '' };
    this.set(k, { kind: 'file', text: before.text + text, bytes: before.bytes + byteLength(text), mtimeMs: this.now(), tail: tailAfter(before, text) }, true);
    this.noteAppend(k, text);
  }

  remove(path: string): void {
    const { k, e } = this.look(path, 'unlink', false);
    if (e.kind === 'dir') throw fsError('EISDIR', 'unlink', path);
    if (e.kind !== 'file' && e.kind !== 'stat') throw fsError('ENOENT', 'unlink', path);
    this.set(k, { kind: 'absent' }, true);
  }

  rename(from: string, to: string): void {
    const a = this.look(from, 'rename');
    if (a.e.kind !== 'file') throw fsError('ENOENT', 'rename', from);
    const b = this.look(to, 'rename');
    if (b.e.kind === 'dir') throw fsError('EISDIR', 'rename', to);
    this.set(b.k, { ...a.e, mtimeMs: this.now() }, true);
    this.set(a.k, { kind: 'absent' }, true);
  }
}
