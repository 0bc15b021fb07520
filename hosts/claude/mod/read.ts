/**
 * The core's reader (core/state/read-port.ts) for the Claude Code mod: the person's config and
 * hooks files, the folders listed to find them and the transcript, answered from the door's
 * Volume (./volume.ts), which the door fills through `$.fs` before a decision. A path the volume
 * does not know is a miss (it reads as absent meanwhile; the door loads it and decides again).
 *
 * The mod's build resolves the Node reader (core/state/node-read.ts) to this module.
 */
import type { ReadPort } from '../../../core/state/read-port';
import { fsError } from './volume';
import type { Volume } from './volume';

let current: Volume | null = null;

/** The volume the reader answers from (the entry installs it once, at load). */
export function installReadVolume(v: Volume): void {
  current = v;
}

function vol(): Volume {
  if (!current) throw fsError('ENOSYS', 'volume', 'no volume installed');
  return current;
}

export const nodeRead: ReadPort = {
  text: (path) => vol().readFile(path),
  tail(path, bytes) {
    const all = new TextEncoder().encode(vol().readFile(path));
    return new TextDecoder().decode(all.subarray(Math.max(0, all.length - bytes)));
  },
  stat(path) {
    try {
      const s = vol().stat(path);
      return { kind: s.kind, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.mtimeMs, ino: 0 };
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw e;
    }
  },
  list: (dir) => vol().list(dir),
};
