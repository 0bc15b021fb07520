/**
 * node:path for the Claude Code mod: a module running inside Claude Code may import no Node
 * built-in, so the mod's build points `node:path` here. The core judges POSIX and Windows paths
 * on every platform (core/paths/paths.ts), so both flavours are here with Node's results for the
 * functions the core calls (join, resolve, relative, normalize, dirname, basename, isAbsolute);
 * test/hosts/claude/mod/path.test.ts compares them with node:path over generated paths.
 *
 * The top-level functions follow the platform the mod runs on (`setPathPlatform`, from the
 * session's working directory), as node:path's do.
 */

interface PathFlavour {
  sep: string;
  delimiter: string;
  isAbsolute(p: string): boolean;
  normalize(p: string): string;
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  relative(from: string, to: string): string;
  dirname(p: string): string;
  basename(p: string, ext?: string): string;
}

/** The working directory `resolve` starts from (the session's). */
let cwdOf: () => string = () => '/';

export function setPathCwd(cwd: () => string): void {
  cwdOf = cwd;
}

/**
 * Collapse `.` and `..` in a list of segments. Above the root (`allowAboveRoot` false) a `..`
 * is dropped; in a relative path it is kept.
 */
function collapse(segments: readonly string[], allowAboveRoot: boolean): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (allowAboveRoot) out.push('..');
      continue;
    }
    out.push(s);
  }
  return out;
}

function stripExt(base: string, ext: string | undefined): string {
  if (ext === undefined || ext === '' || ext.length >= base.length) return base === ext ? '' : base;
  return base.endsWith(ext) ? base.slice(0, base.length - ext.length) : base;
}

// ------------------------------------------------------------------------------------ posix

const posixIsAbsolute = (p: string): boolean => p.startsWith('/');

function posixNormalize(p: string): string {
  if (p === '') return '.';
  const absolute = p.startsWith('/');
  const trailing = p.endsWith('/');
  let body = collapse(p.split('/'), !absolute).join('/');
  if (body === '' && !absolute) body = '.';
  if (body !== '' && trailing) body += '/';
  return absolute ? `/${body}` : body;
}

function posixJoin(...parts: string[]): string {
  const kept = parts.filter((x) => x !== '');
  return kept.length === 0 ? '.' : posixNormalize(kept.join('/'));
}

function posixResolve(...parts: string[]): string {
  let path = '';
  let absolute = false;
  for (let i = parts.length - 1; i >= -1 && !absolute; i--) {
    const part = i >= 0 ? parts[i]! : cwdOf();
    if (part === '') continue;
    path = path === '' ? part : `${part}/${path}`;
    absolute = part.startsWith('/');
  }
  const body = collapse(path.split('/'), !absolute).join('/');
  if (absolute) return `/${body}`;
  return body === '' ? '.' : body;
}

function posixRelative(from: string, to: string): string {
  if (from === to) return '';
  const a = posixResolve(from).split('/').filter((s) => s !== '');
  const b = posixResolve(to).split('/').filter((s) => s !== '');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

function posixDirname(p: string): string {
  if (p === '') return '.';
  const absolute = p.startsWith('/');
  // the last separator that follows a non-separator, trailing separators aside
  let end = -1;
  let sawName = false;
  for (let i = p.length - 1; i >= 1; i--) {
    if (p[i] === '/') {
      if (sawName) {
        end = i;
        break;
      }
    } else sawName = true;
  }
  if (end === -1) return absolute ? '/' : '.';
  if (absolute && end === 1) return '//';
  return p.slice(0, end);
}

function posixBasename(p: string, ext?: string): string {
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  if (end === 0) return '';
  const start = p.lastIndexOf('/', end - 1) + 1;
  return stripExt(p.slice(start, end), ext);
}

export const posix: PathFlavour = {
  sep: '/',
  delimiter: ':',
  isAbsolute: posixIsAbsolute,
  normalize: posixNormalize,
  join: posixJoin,
  resolve: posixResolve,
  relative: posixRelative,
  dirname: posixDirname,
  basename: posixBasename,
};

// ------------------------------------------------------------------------------------ win32

const isSep = (c: string | undefined): boolean => c === '/' || c === '\\';
const isLetter = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);

interface Win32Root {
  /** `C:`, `\\server\share`, `\\?\x`, or '' (no device) */
  device: string;
  /** the path is absolute (a separator after the device, or a UNC root) */
  absolute: boolean;
  /** where the part after the root starts */
  rest: number;
}

/** The root of a Windows path as Node reads it: a UNC share, a drive, or a leading separator. */
function win32Root(p: string): Win32Root {
  if (p.length === 0) return { device: '', absolute: false, rest: 0 };
  if (isSep(p[0])) {
    if (!isSep(p[1])) return { device: '', absolute: true, rest: 1 };
    // `\\server\share` (or `\\?\…`, `\\.\…`): two names after the double separator
    let i = 2;
    const serverStart = i;
    while (i < p.length && !isSep(p[i])) i++;
    if (i < p.length && i !== serverStart) {
      const server = p.slice(serverStart, i);
      while (i < p.length && isSep(p[i])) i++;
      const shareStart = i;
      while (i < p.length && !isSep(p[i])) i++;
      if (i === p.length) return { device: `\\\\${server}\\${p.slice(shareStart)}`, absolute: true, rest: p.length };
      // the root takes the separator after the share (`dirname` answers it whole)
      if (i !== shareStart) return { device: `\\\\${server}\\${p.slice(shareStart, i)}`, absolute: true, rest: i + 1 };
    }
    return { device: '', absolute: true, rest: 1 };
  }
  if (isLetter(p[0]) && p[1] === ':') {
    if (isSep(p[2])) return { device: p.slice(0, 2), absolute: true, rest: 3 };
    return { device: p.slice(0, 2), absolute: false, rest: 2 };
  }
  return { device: '', absolute: false, rest: 0 };
}

function win32IsAbsolute(p: string): boolean {
  if (p.length === 0) return false;
  if (isSep(p[0])) return true;
  return isLetter(p[0]) && p[1] === ':' && isSep(p[2]);
}

function win32Normalize(p: string): string {
  if (p === '') return '.';
  const root = win32Root(p);
  const isUnc = root.device.startsWith('\\\\');
  const rest = p.slice(root.rest);
  let tail = collapse(rest.split(/[\\/]+/), !root.absolute).join('\\');
  const trailing = isSep(p[p.length - 1]) && rest !== '';
  if (tail === '' && !root.absolute) tail = '.';
  if (tail !== '' && trailing) tail += '\\';
  if (isUnc) return root.device + '\\' + tail;
  // a relative result that Windows could read as a drive (`b:` first, or a name ending in a colon
  // anywhere) gets `.\` in front, as node:path does since the drive-letter fix
  if (root.device === '' && !root.absolute && readsAsDrive(p, tail)) return `.\\${tail}`;
  return root.device + (root.absolute ? '\\' : '') + tail;
}

function readsAsDrive(original: string, tail: string): boolean {
  if (!original.includes(':')) return false;
  if (isLetter(tail[0]) && tail[1] === ':') return true;
  for (let i = original.indexOf(':'); i !== -1; i = original.indexOf(':', i + 1)) {
    if (i === original.length - 1 || isSep(original[i + 1])) return true;
  }
  return false;
}

function win32Join(...parts: string[]): string {
  const kept = parts.filter((x) => x !== '');
  if (kept.length === 0) return '.';
  let joined = kept.join('\\');
  // Node keeps a UNC root only when the first part starts with exactly the double separator and
  // a name: `\\\\server` joined with `share` is `\\\\server\\share`; otherwise extra leading
  // separators collapse to one
  const first = kept[0]!;
  let needsReplace = true;
  let slashCount = 0;
  if (isSep(first[0])) {
    slashCount++;
    if (first.length > 1 && isSep(first[1])) {
      slashCount++;
      if (first.length > 2) {
        if (isSep(first[2])) slashCount++;
        else needsReplace = false;
      }
    }
  }
  if (needsReplace) {
    while (slashCount < joined.length && isSep(joined[slashCount])) slashCount++;
    if (slashCount >= 2) joined = `\\${joined.slice(slashCount)}`;
  }
  return win32Normalize(joined);
}

function win32Resolve(...parts: string[]): string {
  let device = '';
  let tail = '';
  let absolute = false;
  for (let i = parts.length - 1; i >= -1; i--) {
    let part: string;
    if (i >= 0) part = parts[i]!;
    else if (device === '') part = cwdOf();
    else {
      // a drive-relative path resolves against that drive's own working directory, which only
      // the process knows; the session's is used when it is on that drive, else the drive root
      const cwd = cwdOf();
      part = cwd.slice(0, 2).toLowerCase() === device.toLowerCase() ? cwd : `${device}\\`;
    }
    if (part === '') continue;
    const root = win32Root(part);
    if (root.device !== '' && device !== '' && root.device.toLowerCase() !== device.toLowerCase()) continue;
    if (device === '') device = root.device;
    if (!absolute) {
      const rest = part.slice(root.rest);
      tail = tail === '' ? rest : `${rest}\\${tail}`;
      absolute = root.absolute;
    }
    if (absolute && device !== '') break;
  }
  const body = collapse(tail.split(/[\\/]+/), !absolute).join('\\');
  if (absolute) return `${device}\\${body}`;
  return `${device}${body}` || '.';
}

function win32Relative(from: string, to: string): string {
  if (from === to) return '';
  const a = win32Resolve(from);
  const b = win32Resolve(to);
  if (a.toLowerCase() === b.toLowerCase()) return '';
  const ra = win32Root(a);
  const rb = win32Root(b);
  if (ra.device.toLowerCase() !== rb.device.toLowerCase()) return b;
  const sa = a.slice(ra.rest).split('\\').filter((s) => s !== '');
  const sb = b.slice(rb.rest).split('\\').filter((s) => s !== '');
  let common = 0;
  while (common < sa.length && common < sb.length && sa[common]!.toLowerCase() === sb[common]!.toLowerCase()) common++;
  return [...sa.slice(common).map(() => '..'), ...sb.slice(common)].join('\\');
}

function win32Dirname(p: string): string {
  if (p === '') return '.';
  const root = win32Root(p);
  const rootText = p.slice(0, root.rest);
  let end = -1;
  let sawName = false;
  for (let i = p.length - 1; i >= root.rest; i--) {
    if (isSep(p[i])) {
      if (sawName) {
        end = i;
        break;
      }
    } else sawName = true;
  }
  if (end === -1) return rootText === '' ? '.' : rootText;
  return p.slice(0, end);
}

function win32Basename(p: string, ext?: string): string {
  const root = win32Root(p);
  const start = root.device !== '' && !root.device.startsWith('\\\\') ? 2 : 0;
  let end = p.length;
  while (end > start && isSep(p[end - 1])) end--;
  if (end <= start) return '';
  let i = end - 1;
  while (i >= start && !isSep(p[i])) i--;
  return stripExt(p.slice(i + 1, end), ext);
}

export const win32: PathFlavour = {
  sep: '\\',
  delimiter: ';',
  isAbsolute: win32IsAbsolute,
  normalize: win32Normalize,
  join: win32Join,
  resolve: win32Resolve,
  relative: win32Relative,
  dirname: win32Dirname,
  basename: win32Basename,
};

// ------------------------------------------------------------------------ the platform's own

let own: PathFlavour = posix;

/** The flavour the top-level functions use: Windows when the session runs there. */
export function setPathPlatform(platform: string): void {
  own = platform === 'win32' ? win32 : posix;
}

export const join = (...parts: string[]): string => own.join(...parts);
export const resolve = (...parts: string[]): string => own.resolve(...parts);
export const relative = (from: string, to: string): string => own.relative(from, to);
/**
 * @keepUntested normalize the mod's node:path offers node:path's functions by name, for the bundled packages
 *   as well as the core
 */
export const normalize = (p: string): string => own.normalize(p);
export const dirname = (p: string): string => own.dirname(p);
export const basename = (p: string, ext?: string): string => own.basename(p, ext);
export const isAbsolute = (p: string): boolean => own.isAbsolute(p);
// read once by the core at load; the mod loads before it knows its platform, so these are
// getters on the default export and plain values here (POSIX, the platform Claude Code's mods
// were verified on)
export const sep = '/';
export const delimiter = ':';

export default { posix, win32, join, resolve, relative, normalize, dirname, basename, isAbsolute, sep, delimiter };
