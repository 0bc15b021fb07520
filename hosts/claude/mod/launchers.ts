/**
 * The launcher scripts of confined commands (core/confine/launcher.ts) in the Claude Code mod.
 *
 * The core writes a launcher through its Store before it records the call and hands back the
 * short form that names it; in a command hook that write is on disk when it returns. The mod's
 * Store answers from memory and writes out after the answer, too late for a script Claude Code
 * runs next, and the record would claim a script that may never be written. So launcher paths
 * do not go to the volume: the Store here answers them from what this decision found on disk.
 * A script the core asks to write that is not on disk as it wants goes on the decision's list;
 * the door puts it in place with `$.fs` (a link in place of the script or of its folder is
 * refused) and decides again, and the core then finds it there, or meets the error that kept it
 * off disk and hands back the sandbox inline, recording what happened.
 *
 * What is on disk is read at each decision that may confine, for the scripts this process handed
 * back lately: the core rewrites a script whose text differs (planted by someone else) or that
 * is old, as it does everywhere, so a script in use costs a read per call and no write, and the
 * decision runs once.
 */
import { posix } from 'node:path';
import { LAUNCHER_DIR } from '../../../core/confine/launcher';
import type { Store } from '../../../core/state/store';
import { errorCode } from './rejection';
import { writeOutFile } from './write-out';
import type { WriteOutHost } from './write-out';

const SCRIPT = new RegExp(`/${LAUNCHER_DIR}/[0-9a-f]{40}\\.sh$`);
const FOLDER = new RegExp(`/${LAUNCHER_DIR}$`);
/** Scripts handed back lately that are read ahead (one per contract and rule set in use). */
const RECENT = 8;

interface LauncherHost extends WriteOutHost {
  stat(path: string): Promise<{ kind: string; mtimeMs: number; isLink?: boolean }>;
  now(): number;
}

/** What the look at a launcher's folder found: refused when it is a link or not a folder. */
async function folderOk(host: LauncherHost, script: string, absentOk: boolean): Promise<void> {
  let st: { kind: string; isLink?: boolean } | null;
  try {
    st = await host.stat(posix.dirname(script));
  } catch (err) {
    if (!absentOk || errorCode(err) !== 'ENOENT') throw err;
    st = null;
  }
  if (st && (st.isLink === true || st.kind !== 'dir')) throw new Error('the launcher folder is a link or not a folder: ELOOP');
}

export class Launchers {
  /** each launcher path as this decision found or left it on disk, or the error that kept it off */
  private readonly onDisk = new Map<string, { text: string; mtimeMs: number } | Error>();
  /** scripts the core wrote in the run in progress that are not on disk as it wants */
  readonly wanted = new Map<string, string>();
  private readonly recent: string[] = [];

  /** A new decision: what an earlier one saw on disk may have changed. */
  fresh(): void {
    this.onDisk.clear();
    this.wanted.clear();
  }

  /** The core's Store, with launcher paths answered from what this decision found on disk. */
  store(base: Store): Store {
    const found = (p: string) => {
      const d = this.onDisk.get(p);
      return d instanceof Error ? undefined : d;
    };
    return {
      ...base,
      // the folder is looked at when a script is put in place ($.fs.write makes it, 0700)
      ensureDir: (dir) => (FOLDER.test(dir) ? undefined : base.ensureDir(dir)),
      // nor can $.fs remove a script: the retention pass of a command hook prunes them
      list: (dir) => (FOLDER.test(dir) ? [] : base.list(dir)),
      entry: (p) => (FOLDER.test(p) ? { kind: 'other', mtimeMs: 0 } : SCRIPT.test(p) ? (found(p) ? { kind: 'file', mtimeMs: found(p)!.mtimeMs } : null) : base.entry(p)),
      read: (p) => (SCRIPT.test(p) ? (found(p)?.text ?? null) : base.read(p)),
      write: (p, text) => {
        if (!SCRIPT.test(p)) return base.write(p, text);
        const d = this.onDisk.get(p);
        if (d instanceof Error) throw d;
        this.wanted.set(p, text);
      },
    };
  }

  /** Read what is on disk at the scripts handed back lately; a link there, or at their folder, leaves it unknown (written again). */
  async readAhead(host: LauncherHost): Promise<void> {
    await Promise.all(
      this.recent.map(async (script) => {
        try {
          const [, st, text] = await Promise.all([folderOk(host, script, false), host.stat(script), host.read(script)]);
          if (st.isLink !== true && st.kind === 'file') this.onDisk.set(script, { text, mtimeMs: st.mtimeMs });
        } catch {
          // unknown: the core writes it and it is put in place
        }
      }),
    );
  }

  /** Put the wanted scripts in place, each within `within`; what failed is kept for the core to meet. */
  async place(host: LauncherHost, within: (call: () => Promise<void>) => Promise<void>): Promise<void> {
    const wanted = [...this.wanted];
    this.wanted.clear();
    await Promise.all(
      wanted.map(async ([script, text]) => {
        try {
          await within(async () => {
            await folderOk(host, script, true);
            await writeOutFile(host, { path: script, whole: text });
          });
          this.onDisk.set(script, { text, mtimeMs: host.now() });
          if (!this.recent.includes(script)) this.recent.unshift(script);
          this.recent.length = Math.min(this.recent.length, RECENT);
        } catch (err) {
          this.onDisk.set(script, Object.assign(new Error(`the launcher script was not written: ${errorCode(err)}`), { code: errorCode(err) }));
        }
      }),
    );
  }
}
