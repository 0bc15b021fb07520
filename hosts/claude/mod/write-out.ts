/**
 * One file of the mod's write-out, through `$.fs.write`.
 *
 * `$.fs.write` follows a symbolic link (docs/claude-mod.md): a link planted in stopline's data
 * folder in place of a state or evidence file would have the write land wherever it points. The
 * command hook never writes through one (it opens its log with O_NOFOLLOW, and replaces its state
 * file by a rename, which replaces a link instead of following it). So before each write the
 * path is looked at with `$.fs.stat`, which says `isLink` when the path itself is a link (one
 * that leads nowhere, and a look a hook above withheld, answer `isLink` too), and a link is
 * refused with ELOOP, the error O_NOFOLLOW gives. The door answers a refused write as any failed
 * write: with the person's fail mode until a write-out succeeds.
 *
 * The look and the write are two calls: a link made between them is written through (the
 * command hook's open is one call). Nothing on `$` writes without following links.
 */
import { errorCode } from './rejection';

export interface WriteOutHost {
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
  stat(path: string): Promise<{ kind: string; isLink?: boolean }>;
}

/** A file to write: its whole text, or (for a file another process appends to as well) what was added here. */
interface WriteOutItem {
  path: string;
  whole: string;
  /** set when another process may append to the file too: written as what is on disk plus this */
  appended?: string;
}

/** A refused write, in the words of a `$.fs` rejection (`… failed: ELOOP`), so errorCode reads it. */
class LinkRefused extends Error {
  constructor(path: string) {
    super(`stopline: ${path} is a symbolic link; not written through: ELOOP`);
    this.name = 'LinkRefused';
  }
}

/**
 * Whether nothing but a plain path is there: true when the path is absent or not a link;
 * throws LinkRefused for a link, and the rejection itself when the look failed otherwise
 * (a look that cannot be made proves nothing).
 */
async function notALink(host: WriteOutHost, path: string): Promise<void> {
  let st: { kind: string; isLink?: boolean };
  try {
    st = await host.stat(path);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  if (st.isLink === true) throw new LinkRefused(path);
}

/** Write one file, refusing a symbolic link in its place. Rejects with what failed. */
export async function writeOutFile(host: WriteOutHost, item: WriteOutItem): Promise<void> {
  await notALink(host, item.path);
  if (item.appended === undefined) {
    await host.write(item.path, item.whole);
    return;
  }
  // another process may append here too: what is on disk now, plus what was added here
  let disk = '';
  try {
    disk = await host.read(item.path);
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
  const sep = disk !== '' && !disk.endsWith('\n') ? '\n' : '';
  await host.write(item.path, disk + sep + item.appended);
}
