/**
 * A file tree in memory for the plan's DiskPort: folders, files (with a hard-link count),
 * sockets and symbolic links, resolved the way realpath does.
 */
import { posix } from 'node:path';
import type { DiskEntry, DiskPort } from '../../../core/confine/plan';

export type Node = 'dir' | 'file' | 'socket' | { link: string } | { file: number };

export function fakeDisk(tree: Record<string, Node>): DiskPort & { listed: string[] } {
  const nodes = new Map<string, Node>(Object.entries(tree).map(([p, n]) => [posix.normalize(p), n]));
  // every ancestor of a listed path is a folder
  for (const p of [...nodes.keys()]) {
    for (let d = posix.dirname(p); d !== '/'; d = posix.dirname(d)) if (!nodes.has(d)) nodes.set(d, 'dir');
  }
  nodes.set('/', 'dir');
  const resolve = (path: string, hops = 0): string | null => {
    if (hops > 20) return null;
    const segs = posix.normalize(path).split('/').filter(Boolean);
    let at = '/';
    for (let i = 0; i < segs.length; i++) {
      const next = posix.join(at, segs[i]!);
      const n = nodes.get(next);
      if (n === undefined) return null;
      if (typeof n === 'object' && 'link' in n) {
        const target = posix.isAbsolute(n.link) ? n.link : posix.join(at, n.link);
        const rest = segs.slice(i + 1).join('/');
        return resolve(rest ? posix.join(target, rest) : target, hops + 1);
      }
      at = next;
    }
    return at;
  };
  const listed: string[] = [];
  return {
    listed,
    real(path): DiskEntry | null {
      const r = resolve(path);
      if (r === null) return null;
      const n = nodes.get(r)!;
      if (n === 'dir' || n === 'socket') return { path: r, kind: n };
      if (n === 'file') return { path: r, kind: 'file', links: 1 };
      if (typeof n === 'object' && 'file' in n) return { path: r, kind: 'file', links: n.file };
      return null;
    },
    list(dir) {
      const r = resolve(dir);
      if (r === null || nodes.get(r) !== 'dir') return null;
      listed.push(r);
      const prefix = r === '/' ? '/' : r + '/';
      return [...nodes.keys()].filter((p) => p !== r && p.startsWith(prefix) && !p.slice(prefix.length).includes('/')).map((p) => p.slice(prefix.length));
    },
  };
}
