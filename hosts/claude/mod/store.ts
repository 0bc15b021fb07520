/**
 * The core's Store (core/state/store.ts) for the Claude Code mod: session state, lineage records
 * and evidence logs kept in the door's Volume (./volume.ts), which the door fills through `$.fs`
 * before a decision and writes out after it.
 *
 * The port stays synchronous and the door keeps its load-and-decide-again round: `$.fs` answers
 * only asynchronously, and the same decision also reads the person's config and hooks files
 * through the core's reader (./read.ts, over the same volume); a path the volume does not know is
 * a miss either way.
 * What the Store removes is the imitation of descriptors underneath: an append is one entry
 * change, and the lock is the door's queue (one decision at a time in this process, and lock
 * files never left memory before either).
 *
 * The mod's build resolves the Node store (core/state/node-store.ts) to this module, so a core
 * call that is not handed a Store keeps its files in the volume too, never in a descriptor.
 */
import { NotAFileError } from '../../../core/state/store';
import type { Store } from '../../../core/state/store';
import { fsError } from './volume';
import type { Volume } from './volume';

/** A Store over a volume. */
export function volumeStore(volume: () => Volume): Store {
  return {
    read(path) {
      const e = volume().ownFile(path);
      if (e === null || typeof e === 'string') return e;
      throw new NotAFileError(path, e.notAFile);
    },
    write: (path, text) => volume().write(path, text),
    append: (path, line, rotate) => volume().appendLine(path, line, rotate),
    ensureDir: (dir) => volume().mkdir(dir),
    list: (dir) => volume().list(dir),
    entry(path) {
      try {
        const st = volume().stat(path);
        return { kind: st.kind === 'file' ? 'file' : 'other', mtimeMs: st.mtimeMs };
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return null;
        throw e;
      }
    },
    remove: (path) => volume().remove(path),
    rename: (from, to) => volume().rename(from, to),
    // $.fs.write makes every file 0600 in 0700 folders: there is no looser mode to tighten
    chmod: () => {},
    lock: (_path, fn) => fn(),
  };
}

let current: Volume | null = null;

/** The volume the build's stand-in for the Node store keeps its files in (the entry installs it once). */
export function installStoreVolume(v: Volume): void {
  current = v;
}

export const nodeStore: Store = volumeStore(() => {
  if (!current) throw fsError('ENOSYS', 'volume', 'no volume installed');
  return current;
});
