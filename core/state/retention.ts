/**
 * Retention: session state and evidence of sessions nobody touched for `retentionDays` are
 * removed when a new session starts, so the data folder does not grow forever (the anchor
 * guard's logs did), and so are confined commands' launcher scripts nobody used for as long
 * (core/confine/launcher.ts: a script in use is written again at least daily). Only files
 * stopline names itself are considered.
 */
import { join } from 'node:path';
import { LAUNCHER_DIR } from '../confine/launcher';
import { nodeStore } from './node-store';
import type { Store } from './store';

// moved-aside damaged state files (session.ts) age out with the rest of the session's files
const OWN = /^[0-9a-f]{32}(\.json|\.jsonl|\.1\.jsonl|\.json\.corrupt-[0-9TZ]+(-\d+)?)$/;
// a launcher script, or the temp file of a write that was cut off before its rename
const LAUNCHER_FILE = /^[0-9a-f]{40}\.sh(\.\d+\.[0-9a-f]+\.tmp)?$/;

/** The folders retention prunes, and the names in each that are its own (a door that reads its files ahead reads their ages too). */
export const PRUNED: readonly { sub: string; own: RegExp }[] = [
  { sub: 'sessions', own: OWN },
  { sub: 'runtime', own: OWN },
  { sub: LAUNCHER_DIR, own: LAUNCHER_FILE },
];

export const DEFAULT_RETENTION_DAYS = 30;

export function pruneOldSessions(dataDir: string, retentionDays: number, now: number, keepKey?: string, io: Store = nodeStore): number {
  const cutoff = now - retentionDays * 86_400_000;
  let removed = 0;
  for (const { sub, own } of PRUNED) removed += pruneFolder(io, join(dataDir, sub), (name) => (own.test(name) && !(keepKey && name.startsWith(keepKey)) ? cutoff : undefined));
  return removed;
}

/**
 * Remove the entries of a folder last changed before the cutoff its name is given (undefined:
 * kept, and its age is not read). Returns how many; a folder that cannot be listed has none.
 */
export function pruneFolder(io: Store, dir: string, cutoffFor: (name: string) => number | undefined): number {
  let names: string[];
  try {
    names = io.list(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const cutoff = cutoffFor(name);
    if (cutoff === undefined) continue;
    const p = join(dir, name);
    try {
      // lstat: a link's own age; unlinking removes the link, never what it points to
      const e = io.entry(p);
      if (e && e.mtimeMs < cutoff) {
        io.remove(p);
        removed++;
      }
    } catch {
      /* removed by another process meanwhile */
    }
  }
  return removed;
}
