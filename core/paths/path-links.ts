/**
 * Where a write really lands once symbolic links are followed. Every host's write tool opens the
 * path it was given (Hermes even resolves it first), and the kernel follows a link in any folder
 * of the path and in its last name, so `src/out/x.txt` with `src/out -> /elsewhere` writes
 * `/elsewhere/x.txt`. The guard judges that landing place as well as the path as written.
 *
 * Pure: what the file system holds comes from a probe the caller passes in (the controller reads
 * the disk at decision time; tests pass a table). A step the probe cannot read makes the landing
 * unknown, never "where the text says".
 */

/**
 * What the file system says about one absolute, `/`-separated path:
 * - `{ real }`: it exists; its real path (every link followed), `/`-separated;
 * - `{ dangling }`: it is a symbolic link whose target does not exist; the link's text (a write
 *   through it creates that target);
 * - `'missing'`: nothing is there (or a folder on the way is a file);
 * - `'unreadable'`: the probe could not tell (no permission, a link loop, another error).
 */
export type ProbeResult = { real: string } | { dangling: string } | 'missing' | 'unreadable';
export type PathProbe = (abs: string) => ProbeResult;

/** More links than this on one path is a loop (Linux gives up at 40 too). */
const MAX_HOPS = 40;

/** `/`, `C:/` (a UNC share root is never missing, so the walk stops there before) */
export function isRoot(p: string): boolean {
  return p === '/' || p === '' || /^[A-Za-z]:\/?$/.test(p);
}

/** The folder a `/`-separated absolute path stands in (a drive root keeps its slash). */
export function parentOf(p: string): string {
  const i = p.lastIndexOf('/');
  if (i <= 0) return '/';
  const parent = p.slice(0, i);
  return /^[A-Za-z]:$/.test(parent) ? `${parent}/` : parent;
}

function joinAll(dir: string, names: readonly string[]): string {
  if (names.length === 0) return dir;
  return (dir.endsWith('/') ? dir : `${dir}/`) + names.join('/');
}

/** `.` and `..` collapsed in a `/`-separated absolute path (a link's relative target joined to its folder). */
function collapse(p: string): string {
  const drive = /^[A-Za-z]:/.exec(p)?.[0] ?? '';
  const parts: string[] = [];
  for (const seg of p.slice(drive.length).split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `${drive}/${parts.join('/')}`;
}

function isAbsoluteText(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
}

/**
 * Where a write to `abs` lands: the real path of the deepest part of it that exists, with the
 * names below it appended; a dangling link on the way is followed to the target it would create.
 * null when the probe cannot read a step or the links loop.
 */
export function landingOf(abs: string, probe: PathProbe): string | null {
  let cur = abs;
  let tail: string[] = [];
  for (let hops = 0; hops <= MAX_HOPS; ) {
    const r = probe(cur);
    if (r === 'unreadable') return null;
    if (r === 'missing') {
      if (isRoot(cur)) return joinAll(cur, tail);
      const i = cur.lastIndexOf('/');
      tail = [cur.slice(i + 1), ...tail];
      cur = parentOf(cur);
      continue;
    }
    if ('real' in r) return joinAll(r.real, tail);
    hops += 1;
    const target = r.dangling.replace(/\\/g, '/');
    cur = collapse(isAbsoluteText(target) ? target : `${parentOf(cur)}/${target}`);
  }
  return null;
}

/** `p` is `dir` or lies below it (`/`-separated, case folded when `ci`). */
function under(p: string, dir: string, ci: boolean): boolean {
  const a = ci ? p.toLowerCase() : p;
  const d = ci ? dir.toLowerCase() : dir;
  return a === d || a.startsWith(d.endsWith('/') ? d : `${d}/`);
}

/**
 * A landing written back in the folder names the contract uses: when the working folder is
 * itself reached through a link (macOS `/tmp` is `/private/tmp`), a landing inside its real
 * place is the same file under the folder's own name.
 */
export function inFrame(landing: string, frames: readonly { text: string; real: string }[], ci = false): string {
  for (const f of frames) {
    if (f.text === f.real || !under(landing, f.real, ci)) continue;
    const rest = landing.slice(f.real.length).replace(/^\//, '');
    return rest === '' ? f.text : joinAll(f.text, rest.split('/'));
  }
  return landing;
}
