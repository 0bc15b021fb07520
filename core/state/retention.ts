/**
 * Retention: session state and evidence of sessions nobody touched for `retentionDays` are
 * removed when a new session starts, so the data folder does not grow forever (the anchor
 * guard's logs did). Only files stopline names itself are considered.
 */
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

// moved-aside damaged state files (session.ts) age out with the rest of the session's files
const OWN = /^[0-9a-f]{32}(\.json|\.jsonl|\.1\.jsonl|\.json\.corrupt-[0-9TZ]+(-\d+)?)$/;

export const DEFAULT_RETENTION_DAYS = 30;

export function pruneOldSessions(dataDir: string, retentionDays: number, now: number, keepKey?: string): number {
  const cutoff = now - retentionDays * 86_400_000;
  let removed = 0;
  for (const sub of ['sessions', 'runtime']) {
    const dir = join(dataDir, sub);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!OWN.test(name) || (keepKey && name.startsWith(keepKey))) continue;
      const p = join(dir, name);
      try {
        // lstat: a link's own age; unlinking removes the link, never what it points to
        if (lstatSync(p).mtimeMs < cutoff) {
          unlinkSync(p);
          removed++;
        }
      } catch {
        /* removed by another process meanwhile */
      }
    }
  }
  return removed;
}
