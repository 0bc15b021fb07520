/**
 * Path normalisation and the files= glob matcher, shared by the analysis layer (which
 * extracts targets) and the contract (which judges them). POSIX and Windows forms are
 * handled on every platform: a hook on Linux may judge a Windows payload and vice versa.
 */
import { posix, win32 } from 'node:path';

type PathStyle = 'posix' | 'win32';

export interface NormalizedPath {
  /** relative to cwd, `/`-separated; for targets outside cwd this is the absolute form */
  rel: string;
  /** absolute form (`/`-separated for win32 too), or null when it cannot be resolved (e.g. `~` with no home) */
  abs: string | null;
  /** the target escapes cwd (or cannot be placed under it) */
  outside: boolean;
  style: PathStyle;
}

const DRIVE = /^[A-Za-z]:([\\/]|$)/;
const UNC = /^(\\\\|\/\/)[^\\/]+[\\/][^\\/]+/;

export function isWindowsAbsolute(p: string): boolean {
  return DRIVE.test(p) || UNC.test(p);
}

function detectStyle(p: string | undefined): PathStyle {
  if (!p) return 'posix';
  return isWindowsAbsolute(p) ? 'win32' : 'posix';
}

function toSlashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/** Collapse `.`, `..` and repeated separators; keeps a leading `..` for relative paths. */
function collapse(p: string, style: PathStyle): string {
  if (style === 'win32') return toSlashes(win32.normalize(p));
  return posix.normalize(p);
}

function stripTrailingSlash(p: string): string {
  if (p.length > 1 && p.endsWith('/') && !/^[A-Za-z]:\/$/.test(p)) return p.slice(0, -1);
  return p;
}

/**
 * Place a raw path from a tool call relative to the action's cwd.
 * `~` and `~/x` expand with `home` when given; otherwise they stay unresolved and count as outside.
 */
export function normalizeTarget(raw: string, cwd?: string, opts: { home?: string } = {}): NormalizedPath {
  let p = raw.trim();
  const cwdStyle = detectStyle(cwd);
  if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) {
    if (!opts.home) return { rel: toSlashes(p), abs: null, outside: true, style: cwdStyle };
    p = opts.home + p.slice(1);
  }
  const style: PathStyle = isWindowsAbsolute(p) || (cwdStyle === 'win32' && !p.startsWith('/')) ? 'win32' : 'posix';
  // On a POSIX cwd a backslash in a relative path is almost always a Windows separator from the model.
  if (style === 'posix') p = toSlashes(p);

  const lib = style === 'win32' ? win32 : posix;
  const absolute = style === 'win32' ? isWindowsAbsolute(p) : p.startsWith('/');

  if (!cwd || (style === 'win32') !== (cwdStyle === 'win32')) {
    // No cwd, or a Windows target under a POSIX cwd (or the reverse): it cannot be placed under cwd.
    if (absolute) {
      const abs = stripTrailingSlash(collapse(p, style));
      return { rel: abs, abs, outside: true, style };
    }
    const rel = stripTrailingSlash(collapse(p, style));
    const outside = rel === '..' || rel.startsWith('../');
    return { rel: rel === '' ? '.' : rel, abs: null, outside, style };
  }

  const abs = stripTrailingSlash(toSlashes(lib.resolve(cwd, p)));
  const relRaw = toSlashes(lib.relative(cwd, abs));
  const rel = relRaw === '' ? '.' : relRaw;
  const outside = rel === '..' || rel.startsWith('../') || isWindowsAbsolute(rel) || rel.startsWith('/');
  return { rel: outside ? abs : rel, abs, outside, style };
}

/**
 * normalizeTarget for an allow-list or protected-path entry. The same few entries (the
 * contract's files=, stopline's own paths) are placed against the same folder on every decision
 * of a resident door; placing is pure path arithmetic, so a result is kept per (entry, cwd,
 * home) and handed out frozen.
 */
const placedEntries = new Map<string, Readonly<NormalizedPath>>();

function normalizeEntry(entry: string, cwd: string | undefined, opts: { home?: string }): Readonly<NormalizedPath> {
  const key = `${cwd ?? ''}\0${opts.home ?? '\0'}\0${entry}`;
  const known = placedEntries.get(key);
  if (known) return known;
  const placed = Object.freeze(normalizeTarget(entry, cwd, opts));
  if (placedEntries.size >= 1024) placedEntries.clear();
  placedEntries.set(key, placed);
  return placed;
}

/**
 * More alternatives than this from one files= entry is refused (nested braces multiply).
 * @keep MAX_BRACE_ALTERNATIVES the brace-expansion bound: the tests expect the message that names it
 */
export const MAX_BRACE_ALTERNATIVES = 256;

type BraceExpansion = { ok: true; alternatives: string[] } | { ok: false; error: string };

/**
 * Expand `{a,b}` alternatives in one files= entry, nested groups included, the way shells and
 * `.gitignore`-style glob libraries do: `src/{a,b}.ts` -> `src/a.ts`, `src/b.ts`;
 * `*.{ts,tsx}` -> `*.ts`, `*.tsx`; `a{,.test}.ts` -> `a.ts`, `a.test.ts`. A group needs a
 * comma at its own level: `{a}`, `{}` and ranges like `{1..3}` are refused, as is an unclosed `{`
 * or a stray `}`, so no entry is ever kept that silently matches nothing.
 */
export function expandBraces(entry: string): BraceExpansion {
  // find the first top-level group; recurse on its alternatives and on what follows
  let depth = 0;
  let open = -1;
  for (let i = 0; i < entry.length; i++) {
    const c = entry[i];
    if (c === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (c === '}') {
      if (depth === 0) return { ok: false, error: `"}" at position ${i + 1} closes no "{"` };
      depth -= 1;
      if (depth === 0) return expandGroup(entry, open, i);
    }
  }
  if (depth > 0) return { ok: false, error: `"{" at position ${open + 1} is never closed` };
  return { ok: true, alternatives: [entry] };
}

function expandGroup(entry: string, open: number, close: number): BraceExpansion {
  const head = entry.slice(0, open);
  const body = entry.slice(open + 1, close);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  if (parts.length < 2) return { ok: false, error: `"{${body}}" has no comma; write alternatives as {a,b} (ranges like {1..3} are not supported)` };
  const tails = expandBraces(entry.slice(close + 1));
  if (!tails.ok) return tails;
  const out: string[] = [];
  for (const part of parts) {
    const inner = expandBraces(part);
    if (!inner.ok) return inner;
    for (const a of inner.alternatives) {
      for (const t of tails.alternatives) {
        out.push(head + a + t);
        if (out.length > MAX_BRACE_ALTERNATIVES) return { ok: false, error: `braces expand to more than ${MAX_BRACE_ALTERNATIVES} alternatives` };
      }
    }
  }
  return { ok: true, alternatives: out };
}

/** files= entries with their braces expanded; an entry that does not expand is dropped (it matches nothing). */
export function expandFilesEntries(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const x = expandBraces(e);
    if (x.ok) out.push(...x.alternatives);
  }
  return out;
}

/** Compile one files= entry (a glob) into a RegExp over `/`-separated paths. */
export function globToRegExp(glob: string, caseInsensitive: boolean): RegExp {
  let src = '';
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atSegStart = i === 0 || glob[i - 1] === '/';
        const next = glob[i + 2];
        if (atSegStart && next === '/') {
          src += '(?:.*/)?';
          i += 3;
          continue;
        }
        if (atSegStart && next === undefined) {
          src += '.*';
          i += 2;
          continue;
        }
        src += '.*';
        i += 2;
        continue;
      }
      src += '[^/]*';
    } else if (c === '?') {
      src += '[^/]';
    } else if ('\\^$.|+()[]{}'.includes(c)) {
      src += '\\' + c;
    } else {
      src += c;
    }
    i += 1;
  }
  // `dir/**` also matches `dir` itself
  if (glob.endsWith('/**')) src = src.replace(/\/\.\*$/, '(?:/.*)?');
  return new RegExp('^' + src + '$', caseInsensitive ? 'i' : '');
}

/**
 * Does the files= allow-list cover this target? Entries are normalised the same way as
 * targets (relative to the same cwd; absolute entries honoured). A target that escapes
 * cwd is only covered by an entry that is itself outside (absolute or `..`).
 */
export function allowListCovers(entries: readonly string[], target: NormalizedPath, cwd?: string, opts: { home?: string } = {}): boolean {
  const ci = target.style === 'win32';
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const hasGlob = /[*?]/.test(entry);
    // normalise the non-glob prefix only; glob characters survive normalisation unchanged
    const e = normalizeEntry(entry, cwd, opts);
    if (target.outside !== e.outside) {
      // compare absolute forms when both are known
      if (!(target.abs && e.abs)) continue;
      const re = hasGlob ? globToRegExp(e.abs, ci) : null;
      if (re ? re.test(target.abs) : eq(e.abs, target.abs, ci)) return true;
      continue;
    }
    const subject = target.outside ? (target.abs ?? target.rel) : target.rel;
    const pattern = target.outside ? (e.abs ?? e.rel) : e.rel;
    if (hasGlob) {
      if (globToRegExp(pattern, ci).test(subject)) return true;
    } else if (eq(pattern, subject, ci) || pattern === '.') {
      // a bare directory entry (or `.`) covers everything below it
      return true;
    } else if (startsWithDir(subject, pattern, ci)) {
      return true;
    }
  }
  return false;
}

/**
 * The first of `entries` that lies strictly inside the folder `target` names, if any. Moving,
 * removing or overwriting a folder takes everything below it along (`rm -rf ~` reaches
 * `~/.claude/settings.json`). A target whose absolute place is unknown contains nothing
 * provable here.
 */
export function entryInsideTarget(target: NormalizedPath, entries: readonly string[], cwd: string | undefined, opts: { home?: string } = {}): string | undefined {
  if (target.abs === null) return undefined;
  const ci = target.style === 'win32';
  const dir = ci ? target.abs.toLowerCase() : target.abs;
  const prefix = dir.endsWith('/') ? dir : dir + '/';
  for (const entry of entries) {
    const e = normalizeEntry(entry, cwd, opts);
    if (e.abs === null || e.style !== target.style) continue;
    const inner = ci ? e.abs.toLowerCase() : e.abs;
    if (inner !== dir && inner.startsWith(prefix)) return entry;
  }
  return undefined;
}

function eq(a: string, b: string, ci: boolean): boolean {
  return ci ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function startsWithDir(subject: string, dir: string, ci: boolean): boolean {
  const s = ci ? subject.toLowerCase() : subject;
  const d = ci ? dir.toLowerCase() : dir;
  return s.startsWith(d.endsWith('/') ? d : d + '/');
}
