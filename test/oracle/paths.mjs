/**
 * Where a command really wrote versus where the analysis said it writes (task: a files= lock or
 * self-protection judges the analysis's affectedPaths, so a path named wrongly lets a write
 * through). Pure functions over the sandbox diff (sandbox.mjs diffSnapshots) and the analysis.
 *
 * Sandbox layout (sandbox.mjs): <box>/repo is the cwd, <box>/home is HOME, <box>/tmp is TMPDIR,
 * and the machine's /tmp, /var/tmp, /dev/shm are mounted from <box>/escape/{tmp,var-tmp,shm}.
 */
import { posix } from 'node:path';

const ESCAPES = [
  ['escape/tmp', '/tmp'],
  ['escape/var-tmp', '/var/tmp'],
  ['escape/shm', '/dev/shm'],
];

/** A diff line (`+p`, `-p`, `~p (what)`) -> { path (relative to the box), what } */
export function parseChange(line) {
  const m = /^([+~-])([\s\S]*?)(?: \(([^)]*)\))?$/.exec(line);
  if (!m) return null;
  return { op: m[1], path: m[2] === '.' ? '' : m[2], what: m[3] ?? null };
}

/** The absolute path a box-relative path stands for, when the analysis ran with `template` as the box. */
export function boxToAbsolute(rel, template) {
  for (const [inBox, real] of ESCAPES) {
    if (rel === inBox) return real;
    if (rel.startsWith(inBox + '/')) return real + rel.slice(inBox.length);
  }
  return rel === '' ? template : posix.join(template, rel);
}

function under(path, folder) {
  return path === folder || path.startsWith(folder.endsWith('/') ? folder : folder + '/');
}

/**
 * Files a program keeps for itself under HOME whatever it is asked to do, which the analysis does
 * not name (a policy the lead confirms: docs/residual-risks.md): npm writes a debug log and an
 * update-check stamp on every run.
 */
export const OWN_STATE = [/^home\/\.npm\/_logs(\/|$)/, /^home\/\.npm\/_update-notifier-last-checked$/, /^home\/\.npm$/];

/** A path the analysis names, relative to `cwd` or absolute, as an absolute path. */
const placedAt = (p, cwd) => (p.startsWith('/') ? posix.normalize(p) : posix.join(cwd, p));

/**
 * The entries the run made for the analysis's new entries (a segment's newEntry: a new name
 * directly in `folder` that starts with `prefix`, picked at run time): each claims one created
 * entry of its folder with such a name, and only one.
 */
function claimedEntries(abs, entries, cwd) {
  const claimed = [];
  for (const e of entries) {
    const folder = placedAt(e.folder, cwd);
    const hit = abs.find((c) => c.op === '+' && c.abs !== folder && posix.dirname(c.abs) === folder && posix.basename(c.abs).startsWith(e.prefix) && !claimed.includes(c.abs));
    if (hit) claimed.push(hit.abs);
  }
  return claimed;
}

/**
 * The observed changes no affected path covers. `affected` = analysis affectedPaths (relative
 * to cwd, or absolute); `cwd` the folder they are relative to; `entries` the new entries named
 * at run time the analysis placed by their folder (a change at or below the one each claims is
 * covered). A folder whose only change is its mtime, with a changed entry below it, is the trace
 * of that entry (not a change of its own). Changes inside `.git` are the repository's own
 * bookkeeping of a git command and are left out when `gitMetadata` is true.
 */
export function uncovered(changes, affected, { template, cwd, gitMetadata = false, entries = [] }) {
  const parsed = changes.map(parseChange).filter(Boolean);
  const abs = parsed.map((c) => ({ ...c, abs: boxToAbsolute(c.path, template) }));
  const named = [...affected.map((p) => placedAt(p, cwd)), ...claimedEntries(abs, entries, cwd)];
  const gitDir = posix.join(cwd, '.git');
  const out = [];
  for (const c of abs) {
    if (c.op === '~' && c.what === 'mtime' && abs.some((o) => o !== c && under(o.abs, c.abs) && o.abs !== c.abs)) continue;
    if (gitMetadata && under(c.abs, gitDir)) continue;
    if (OWN_STATE.some((r) => r.test(c.path))) continue;
    if (named.some((n) => under(c.abs, n))) continue;
    // a folder created or removed on the way to a named path (mkdir -p a/b, git rm of a folder's
    // last file, install -D) is implied by that path
    if ((c.op === '+' || c.op === '-') && named.some((n) => n !== c.abs && under(n, c.abs))) continue;
    out.push(c);
  }
  return out;
}
