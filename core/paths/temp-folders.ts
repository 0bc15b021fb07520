/**
 * Temp folders: scratch space every agent may use. The floor lets deletes there through and the
 * contract takes writes there as scratch; both ask these two questions of the same table.
 */

/** The system's temp folders (macOS keeps /tmp and /var/tmp under /private). */
export const SYSTEM_TEMP: readonly string[] = ['/tmp', '/var/tmp', '/private/tmp', '/private/var/tmp', '/dev/shm'];

function under(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/**
 * Whether a temp folder the environment names ($TMPDIR) can be taken as scratch space: the
 * person's or the host's choice, unless it names `/`, a top-level folder (`TMPDIR=/Users`, `/etc`),
 * HOME or a folder holding it, or a folder holding the project: those hold far more than scratch.
 * A Windows path counts when its last folder is named temp or tmp.
 */
export function tempChoice(t: string, home: string | undefined, root: string | undefined): boolean {
  if (!t.startsWith('/')) return /[\\/]te?mp$/i.test(t.replace(/[\\/]+$/, ''));
  if (/^\/[^/]*$/.test(t)) return false;
  if (home && under(home, t)) return false;
  return !(root && under(root, t));
}
