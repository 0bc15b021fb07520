/**
 * How a host turns a tool's path argument into the file it really writes. Each host's tool
 * table (core/registry/<host>.ts) names, per tool, the steps its own code applies before it
 * touches the disk; this module runs those steps so the contract judges the host's path, not
 * the string the model wrote. The facts, with how each was seen, are in docs/hosts/<host>.md.
 *
 * Pure: no file system, no process state. The caller gives the folder relative paths are
 * joined with (the event cwd, or a tool's own workdir) and the home `~` expands to.
 *
 * What the steps do not cover stays unproven, never "inside" or "outside" by guess: a prefix
 * or URL scheme the host's steps do not handle, a `~name` form, a `file:` URL whose host part
 * or escapes the host would refuse or read differently.
 */
import { isWindowsAbsolute } from './paths';

/**
 * One normalisation a host applies, in its order:
 * - `trim`: surrounding white space removed;
 * - `unicode-spaces`: no-break and other Unicode spaces (U+00A0, U+2000-U+200A, U+202F,
 *   U+205F, U+3000) become a plain space;
 * - `strip-at`: one leading `@` removed (the mention form the model copies from the prompt);
 * - `expand-home`: `~` and `~/…` (and `~\…` on a Windows cwd) become the home folder;
 * - `file-url`: a `file://` URL becomes the path it names (percent escapes decoded);
 * - `msys-drive`: on a Windows cwd, `/c/…` (Git Bash form) becomes `C:\…`;
 * - `nfc`: the path is put in Unicode NFC form;
 * - `expand-user-home`: `~name/…` becomes that user's home (Python's expanduser), which the
 *   guard does not know, so such a path is unproven;
 * - `literal`: whatever is left is a plain name (a remaining `@x`, `~x` or `x:` is a file or
 *   folder of that name in the base), seen in the host's code. Without it those forms are
 *   unproven: the guard has not seen what the host does with them.
 */
type PathStep = 'trim' | 'unicode-spaces' | 'strip-at' | 'expand-home' | 'file-url' | 'msys-drive' | 'nfc' | 'expand-user-home' | 'literal';

export interface PathResolver {
  /** the host's own steps, in the order its code applies them; then relative paths join the base */
  steps: readonly PathStep[];
  /**
   * What a relative path is joined with:
   * - `cwd` (the default): the event's working folder;
   * - `host`: the folder the host itself names for this call, when its adapter passes one (Hermes:
   *   the live terminal folder after a `cd`, which its file tools and its terminal both use; the
   *   shim reads it from Hermes). Without it the event's working folder stands in, which is
   *   where the host starts before any `cd`.
   */
  base?: 'cwd' | 'host';
}

/**
 * A host whose versions resolve differently: each entry holds from `since` on (dotted numbers).
 * @keep VersionedPathResolver the resolver type whose rows change with the host's version: the tests write
 *   one
 */
export interface VersionedPathResolver {
  versions: readonly { since: string; resolver: PathResolver }[];
}

export type PathResolverColumn = PathResolver | VersionedPathResolver;

interface PlaceContext {
  /** the event's working folder (absolute), when known */
  base?: string;
  /** the folder the host names for this call (absolute), for a resolver whose base is `host` */
  hostBase?: string;
  home?: string;
  /** the host version the adapter saw at run time, when it can know it */
  hostVersion?: string;
}

/**
 * Where the host will write: one path, or for a versioned host whose version is not known
 * every path its versions would write (each must be allowed). `unproven` says why not.
 * Paths are absolute when the base is known, else as written (relative, `/`-separated).
 */
type Placed = { paths: string[] } | { unproven: string };

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
/** `scheme:` of two or more characters (one letter and a colon is a Windows drive) */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]+):/;
const MSYS = /^\/([A-Za-z])(?:\/(.*))?$/;

function isVersioned(c: PathResolverColumn): c is VersionedPathResolver {
  return Array.isArray((c as VersionedPathResolver).versions);
}

function numbers(v: string): number[] | null {
  const m = /^v?(\d+(?:\.\d+)*)/.exec(v.trim());
  return m ? m[1]!.split('.').map(Number) : null;
}

function atLeast(v: number[], since: number[]): boolean {
  for (let i = 0; i < Math.max(v.length, since.length); i++) {
    const a = v[i] ?? 0;
    const b = since[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** The resolvers that may apply: the one for a known version, else all of them. */
export function resolversFor(column: PathResolverColumn, hostVersion?: string): PathResolver[] {
  if (!isVersioned(column)) return [column];
  const v = hostVersion ? numbers(hostVersion) : null;
  if (v) {
    let best: { since: number[]; resolver: PathResolver } | null = null;
    for (const e of column.versions) {
      const s = numbers(e.since);
      if (s && atLeast(v, s) && (!best || atLeast(s, best.since))) best = { since: s, resolver: e.resolver };
    }
    if (best) return [best.resolver];
  }
  return column.versions.map((e) => e.resolver);
}

/** Place one raw tool path the way the host will; see `Placed`. */
export function placeToolPath(raw: string, column: PathResolverColumn, ctx: PlaceContext = {}): Placed {
  const out: string[] = [];
  for (const r of resolversFor(column, ctx.hostVersion)) {
    const one = applyResolver(raw, r, ctx);
    if ('unproven' in one) return one;
    if (!out.includes(one.path)) out.push(one.path);
  }
  return { paths: out };
}

function windowsBase(ctx: PlaceContext): boolean {
  return ctx.base !== undefined && isWindowsAbsolute(ctx.base);
}

/** The folder a relative path joins for this resolver: the host's own when it names one. */
function joinBase(r: PathResolver, ctx: PlaceContext): string | undefined {
  return r.base === 'host' && ctx.hostBase ? ctx.hostBase : ctx.base;
}

function applyResolver(raw: string, r: PathResolver, ctx: PlaceContext): { path: string } | { unproven: string } {
  if (raw.includes('\0')) return { unproven: 'the path holds a NUL byte' };
  const base = joinBase(r, ctx);
  let p = raw;
  const win = windowsBase(ctx);
  const has = (s: PathStep) => r.steps.includes(s);
  for (const step of r.steps) {
    switch (step) {
      case 'trim':
        p = p.trim();
        break;
      case 'unicode-spaces':
        p = p.replace(UNICODE_SPACES, ' ');
        break;
      case 'strip-at':
        if (p.startsWith('@')) p = p.slice(1);
        break;
      case 'expand-home': {
        if (p === '~' || p.startsWith('~/') || (win && p.startsWith('~\\'))) {
          if (!ctx.home) return { unproven: '`~` names a home folder the guard was not told' };
          p = p === '~' ? ctx.home : joinWith(ctx.home, p.slice(2));
        }
        break;
      }
      case 'file-url': {
        if (!p.startsWith('file://')) break;
        const f = fileUrlPath(p, win);
        if (f === null) return { unproven: 'a file: URL whose host part or escapes the guard cannot read as the host would' };
        p = f;
        break;
      }
      case 'msys-drive': {
        const m = win ? MSYS.exec(p) : null;
        if (m) p = `${m[1]!.toUpperCase()}:\\${(m[2] ?? '').replace(/\//g, '\\')}`;
        break;
      }
      case 'nfc':
        p = p.normalize('NFC');
        break;
      case 'expand-user-home':
        if (p.startsWith('~')) return { unproven: "`~name` is that user's home, which the guard does not know" };
        break;
      case 'literal':
        break;
    }
  }
  if (p.trim() === '') return { unproven: 'the path is empty' };
  if (!has('literal')) {
    // forms some host reads specially, and nothing says what this one does with them
    if (p.startsWith('@')) return { unproven: 'a leading `@` this host is not known to read' };
    if (p.startsWith('~')) return { unproven: 'a leading `~` this host is not known to read' };
    const scheme = SCHEME.exec(p);
    if (scheme) return { unproven: `a \`${scheme[1]}:\` URL or prefix this host is not known to read` };
  }
  if (isAbsolute(p, win) || base === undefined) return { path: p };
  return { path: joinWith(base, p) };
}

function isAbsolute(p: string, win: boolean): boolean {
  return p.startsWith('/') || isWindowsAbsolute(p) || (win && p.startsWith('\\'));
}

function joinWith(dir: string, rest: string): string {
  if (rest === '') return dir;
  return /[\\/]$/.test(dir) ? dir + rest : dir + (isWindowsAbsolute(dir) ? '\\' : '/') + rest;
}

/**
 * The path of a `file://` URL as Node's fileURLToPath gives it on the host's platform, or
 * null where that call throws or the guard would have to guess (a host part other than
 * localhost, an escaped `/` or NUL, a backslash, a Windows URL without a drive).
 */
function fileUrlPath(url: string, win: boolean): string | null {
  const m = /^file:\/\/([^/?#]*)(\/[^?#]*)?(?:[?#].*)?$/.exec(url);
  if (!m) return null;
  const host = m[1]!;
  const path = m[2] ?? '/';
  if (host !== '' && host.toLowerCase() !== 'localhost') return null;
  if (path.includes('\\') || /%(2f|5c|00)/i.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (!win) return decoded;
  const drive = /^\/([A-Za-z]):(\/.*)?$/.exec(decoded);
  return drive ? `${drive[1]}:${(drive[2] ?? '/').replace(/\//g, '\\')}` : null;
}
