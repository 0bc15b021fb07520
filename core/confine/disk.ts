/**
 * The real disk behind the plan's DiskPort (core/confine/plan.ts): real paths and kinds, folder
 * listings. Every answer is kept for the length of one plan, so a plan sees one picture.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import type { DiskEntry, DiskPort } from './plan';

export function realDisk(): DiskPort {
  const reals = new Map<string, DiskEntry | null>();
  const lists = new Map<string, readonly string[] | null>();
  return {
    real(path) {
      let r = reals.get(path);
      if (r === undefined) {
        r = lookUp(path);
        reals.set(path, r);
      }
      return r;
    },
    list(dir) {
      let r = lists.get(dir);
      if (r === undefined) {
        try {
          r = readdirSync(dir);
        } catch {
          r = null;
        }
        lists.set(dir, r);
      }
      return r;
    },
  };
}

function lookUp(path: string): DiskEntry | null {
  if (!path.startsWith('/')) return null;
  try {
    const real = realpathSync.native(path);
    const st = statSync(real);
    const kind = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : st.isSocket() ? 'socket' : 'other';
    return kind === 'file' ? { path: real, kind, links: st.nlink } : { path: real, kind };
  } catch {
    return null;
  }
}
