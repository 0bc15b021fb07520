/**
 * Collects segments from the shell / PowerShell walkers and combines them:
 *   any write  -> write (paths unproven when any segment is unknown or has an unproven target)
 *   else any unknown, or a write only to a tool's own state outside the project -> unknown (paths unproven)
 *   else read (no paths).
 * Also resolves raw targets against the folder the command is in at that point.
 */
import { isWindowsAbsolute, normalizeTarget } from '../paths/paths';
import type { Hazard, Mutability } from '../protocol';
import { addedLines, changeFromContent, dependencyIntentFromChange, hashIntentFromLines, manifestKind, type Change } from './intents';
import { MAX_SEGMENTS } from './limits';
import type { AnalysisSegment, ShellAnalysis } from './types';
import type { PatchFile } from './patch';

export interface Base {
  cwd?: string | undefined;
  home?: string | undefined;
  /** environment values `$NAME` targets may use (see words.ts trustedWordEnv) */
  vars?: Readonly<Record<string, string>> | undefined;
  /**
   * Names of `home`/`vars` the command sets only inside subshells or command substitutions of
   * `source` (at those offsets): kept for the words after them, not known inside them.
   */
  apart?: { source: string; at: ReadonlyMap<string, readonly number[]> } | undefined;
  /** the folder a temp name goes to by default ($TMPDIR, else /tmp); null or absent when only the run knows */
  tmpdir?: string | null | undefined;
}

/** Devices and pseudo-files that are not a write to the project. */
const NOT_A_FILE = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/\d+|random|urandom)$|^(nul|con|\$null)$/i;

export function isNullDevice(raw: string): boolean {
  return NOT_A_FILE.test(raw.trim());
}

export function isAbsoluteLike(raw: string): boolean {
  return raw.startsWith('/') || isWindowsAbsolute(raw) || raw === '~' || raw.startsWith('~/') || raw.startsWith('~\\');
}

export function joinDir(dir: string, raw: string): string {
  if (dir === '') return raw;
  return /[\\/]$/.test(dir) ? dir + raw : dir + '/' + raw;
}

/**
 * Place a raw target. `dir` is where the command runs: '' = the action cwd, a path
 * (absolute, or relative to the action cwd), or null = not known (after `cd "$X"`).
 */
export function resolvePath(raw: string, dir: string | null, base: Base): string | null {
  if (raw === '') return null;
  let p = raw;
  if (!isAbsoluteLike(p)) {
    if (dir === null) return null;
    p = joinDir(dir, p);
  }
  const n = normalizeTarget(p, base.cwd, { home: base.home });
  // a folder really named `~` under the cwd stays absolute, so it is never read as the home
  return n.rel.startsWith('~') && n.abs ? n.abs : n.rel;
}

/** At most this many hazards are kept per action; the floor needs one to stop it. */
const MAX_HAZARDS = 64;
const MAX_READS = 32;

export class Collector {
  readonly segments: AnalysisSegment[] = [];
  /** what the floor judges (core/floor/), deduplicated */
  readonly hazards: Hazard[] = [];
  /** placed paths the command reads (for the person's own secret paths), at most MAX_READS */
  readonly reads: string[] = [];
  /** placed paths a one-liner's code spells, at most MAX_READS (self-protection checks them) */
  readonly codeNames: string[] = [];
  private truncated = false;
  /** names earlier segments made links (ln) */
  private readonly linked: string[] = [];
  constructor(readonly base: Base) {}

  read(path: string): void {
    if (this.reads.length < MAX_READS && !this.reads.includes(path)) this.reads.push(path);
  }

  codeName(path: string): void {
    if (this.codeNames.length < MAX_READS && !this.codeNames.includes(path)) this.codeNames.push(path);
  }

  hazard(h: Hazard): void {
    if (this.hazards.length >= MAX_HAZARDS) return;
    const key = JSON.stringify(h);
    if (this.hazards.some((x) => JSON.stringify(x) === key)) return;
    this.hazards.push(h);
  }

  add(seg: AnalysisSegment): void {
    // a write through a link an earlier segment made lands where the link leads, which the disk
    // the decision reads does not hold yet: its target is unproven (the link's own segment is not)
    if (seg.mutability === 'write' && seg.pathsProven && this.linked.length && seg.paths.some((p) => this.linked.some((l) => p === l || p.startsWith(l.endsWith('/') ? l : l + '/')))) {
      seg = { ...seg, pathsProven: false, why: `${seg.why} (through a link made earlier in this command)` };
    }
    for (const l of seg.links ?? []) if (!this.linked.includes(l)) this.linked.push(l);
    if (this.segments.length >= MAX_SEGMENTS) {
      if (!this.truncated) {
        this.truncated = true;
        this.segments.push({ program: '(limit)', mutability: 'unknown', paths: [], pathsProven: false, why: `more than ${MAX_SEGMENTS} segments; the rest is not analysed` });
      }
      return;
    }
    this.segments.push(seg);
  }

  unknown(program: string, why: string): void {
    this.add({ program, mutability: 'unknown', paths: [], pathsProven: false, why });
  }

  result(): ShellAnalysis {
    const r = combineSegments(this.segments);
    if (this.hazards.length) r.hazards = this.hazards;
    if (this.reads.length) r.reads = this.reads;
    if (this.codeNames.length) r.codeNames = this.codeNames;
    return r;
  }
}

export function combineSegments(segments: AnalysisSegment[]): ShellAnalysis {
  let write = false;
  let unknown = false;
  let proven = true;
  let dep = false;
  let hash = false;
  const paths: string[] = [];
  const seen = new Set<string>();
  const unknownReasons: string[] = [];
  // targets only written when missing, unless another segment writes them anyway
  const ifMissing = new Set<string>();
  const always = new Set<string>();
  for (const s of segments) {
    if (s.dependencyIntent) dep = true;
    if (s.hashIntent) hash = true;
    if (s.mutability === 'write' && s.toolState && s.paths.length === 0) {
      // only the tool's own state outside the project: unproven, as an unknown is (never a read)
      unknown = true;
      unknownReasons.push(`${s.program}: ${s.why} (its own state outside the project)`);
    } else if (s.mutability === 'write') {
      write = true;
      if (!s.pathsProven) proven = false;
      for (const p of s.paths) (s.onlyIfMissing ? ifMissing : always).add(p);
      for (const p of s.paths) if (!seen.has(p)) {
        seen.add(p);
        paths.push(p);
      }
    } else if (s.mutability === 'unknown') {
      unknown = true;
      unknownReasons.push(`${s.program}: ${s.why}`);
    }
  }
  let mutability: Mutability = 'read';
  let affectedPaths: string[] | null = [];
  if (write) {
    mutability = 'write';
    affectedPaths = unknown || !proven ? null : paths;
  } else if (unknown) {
    mutability = 'unknown';
    affectedPaths = null;
  }
  const r: ShellAnalysis = { mutability, affectedPaths, dependencyIntent: dep, hashIntent: hash, delegationCount: 0, segments, unknownReasons };
  const opens = affectedPaths?.filter((p) => ifMissing.has(p) && !always.has(p));
  if (opens?.length) r.opens = opens;
  return r;
}

/** Intents of writing `content` (or unknown content) into a resolved path. */
export function contentIntents(path: string, content: string | undefined, append: boolean): { dep: boolean; hash: boolean } {
  if (content === undefined) return { dep: manifestKind(path) !== null, hash: false };
  const change: Change = append ? { ...changeFromContent(content), wholeFile: false } : changeFromContent(content);
  return { dep: dependencyIntentFromChange(path, change), hash: hashIntentFromLines(path, addedLines(change)) };
}

/**
 * Segments for the files of a parsed patch. `place` is the host's own reading of a header
 * path (core/paths/path-resolve.ts through the tool's registry row): the paths it writes, or null
 * when that cannot be proven; without it a header is placed against `dir` as written.
 */
export function patchSegments(
  program: string,
  files: PatchFile[],
  problems: string[],
  dir: string | null,
  base: Base,
  why: string,
  place?: (raw: string) => string[] | null,
): AnalysisSegment[] {
  if (files.length === 0) {
    return [{ program, mutability: 'write', paths: [], pathsProven: false, why: `${why}; no file headers could be read${problems.length ? ' (' + problems.join('; ') + ')' : ''}` }];
  }
  const out: AnalysisSegment[] = [];
  for (const f of files) {
    const raws = f.moveTo ? [f.path, f.moveTo] : [f.path];
    const paths: string[] = [];
    let proven = problems.length === 0;
    for (const r of raws) {
      const placed = place ? place(r) : [resolvePath(r, dir, base)].filter((p): p is string => p !== null);
      if (placed === null || placed.length === 0) proven = false;
      else for (const p of placed) if (!paths.includes(p)) paths.push(p);
    }
    const added = addedLines(f.change);
    let dep = false;
    let hash = false;
    if (f.op !== 'delete') {
      for (const target of f.moveTo ? [f.moveTo, f.path] : [f.path]) {
        dep = dep || dependencyIntentFromChange(target, f.change);
        hash = hash || hashIntentFromLines(target, added);
      }
    }
    const verb = f.op === 'add' ? 'adds' : f.op === 'delete' ? 'deletes' : f.moveTo ? 'moves and updates' : 'updates';
    out.push({ program, mutability: 'write', paths, pathsProven: proven, why: `${why}: ${verb} ${raws.join(' -> ')}`, dependencyIntent: dep || undefined, hashIntent: hash || undefined });
  }
  return out;
}
