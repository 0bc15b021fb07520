/**
 * Where a write lands, as the Claude Code mod can read it: the mod's side of the core's path
 * probe (core/paths/path-links.ts), which the command hook answers with realpath, lstat and readlink.
 *
 * A mod has no node:fs. What Claude Code 2.1.332 offers instead (docs/claude-mod.md, seen on the
 * real CLI): `$.fs.stat(path, { resolve: true })` answers `realPath`, every link followed (the
 * realpath of the path), `isLink` when the path itself is a link, and rejects `… failed: ENOENT`
 * (or ENOTDIR) when nothing is there; a link that leads nowhere (dangling, or a loop) answers
 * `{ kind: 'other', isLink: true }` without `realPath`, which is also how a look withheld by a
 * hook above comes back. Nothing on `$` reads a link's text, so for such a link the mod asks
 * `readlink` through `$.process.run` (a process, a few ms, only then); where that cannot answer
 * the path is unproven (`'unreadable'`), never "no link".
 *
 * The core's probe is synchronous and the door loads what it asks for between two runs of a
 * decision (./door.ts); `settleLanding` reads, ahead of the next run, every step the core's own
 * walk (`landingOf`) will take for a path, so one load usually answers a whole write.
 */
import { isRoot, landingOf, parentOf } from '../../../core/paths/path-links';
import type { ProbeResult } from '../../../core/paths/path-links';
import { errorCode } from './rejection';

/** @keep LinkHost the port through which the mod follows links with $.fs: the tests fake it */
export interface LinkHost {
  stat(path: string, options: { resolve: boolean }): Promise<{ kind: string; isLink?: boolean; realPath?: string }>;
  run(argv: readonly string[], init: { timeoutMs?: number }): Promise<{ exitCode: number; stdout: string }>;
}

/** How long `readlink` may take before the link counts as unreadable. */
const READLINK_MS = 3000;
/** Reads one walk may make: a path's depth plus the 40 links Linux follows, with room to spare. */
const SETTLE_STEPS = 128;

/** A path this session's machine can look up: absolute in its own form (a Windows payload on Linux is not). */
function local(abs: string, windows: boolean): boolean {
  return windows ? /^[A-Za-z]:\//.test(abs) || abs.startsWith('//') : abs.startsWith('/');
}

/**
 * What is at `abs` now, in the probe's words: `{ real }` (it exists; where it lands),
 * `{ dangling }` (a link that leads nowhere, and its text), `'missing'`, or `'unreadable'`.
 */
export async function lookUpLanding(host: LinkHost, abs: string, windows: boolean): Promise<ProbeResult> {
  if (!local(abs, windows)) return 'missing';
  let st: { kind: string; isLink?: boolean; realPath?: string };
  try {
    st = await host.stat(abs, { resolve: true });
  } catch (err) {
    const code = errorCode(err);
    // ENOENT: nothing there, not even a link (a dangling one answers); ENOTDIR: a file on the way
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable';
  }
  if (typeof st.realPath === 'string' && st.realPath !== '') return { real: windows ? st.realPath.replace(/\\/g, '/') : st.realPath };
  if (st.isLink !== true) return 'unreadable';
  const text = await readLink(host, abs, windows);
  return text === null ? 'unreadable' : { dangling: text };
}

/** A link's own text through `readlink` (no such program on Windows: null, the link unproven). */
async function readLink(host: LinkHost, abs: string, windows: boolean): Promise<string | null> {
  if (windows) return null;
  try {
    const r = await host.run(['readlink', '--', abs], { timeoutMs: READLINK_MS });
    if (r.exitCode !== 0) return null;
    const text = r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout;
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

const UNREAD = Symbol('unread');

/**
 * Read every step the core's walk takes for `abs` (`landingOf`, run over what is known so far,
 * stops at the first path not read yet), until the walk needs nothing more. A path read is read
 * with its folder beside it, in parallel: a new file's folder is the next step.
 */
export async function settleLanding(abs: string, known: (p: string) => ProbeResult | undefined, read: (p: string) => Promise<void>): Promise<void> {
  for (let step = 0; step < SETTLE_STEPS; step++) {
    const unread: { path?: string } = {};
    try {
      landingOf(abs, (p) => {
        const r = known(p);
        if (r !== undefined) return r;
        unread.path = p;
        throw UNREAD;
      });
    } catch (err) {
      if (err !== UNREAD) throw err;
    }
    if (unread.path === undefined) return;
    const p = unread.path;
    await Promise.all([read(p), ...(isRoot(p) ? [] : [read(parentOf(p))])]);
  }
}

/**
 * The paths no other path of the list lies below: the core's walk asks a path's folders after
 * it, so reading from the deepest reads the folders it needs on the way.
 */
export function deepest(paths: Iterable<string>): string[] {
  const all = [...new Set(paths)];
  return all.filter((p) => {
    const prefix = p.endsWith('/') ? p : `${p}/`;
    return !all.some((q) => q !== p && q.startsWith(prefix));
  });
}

/** A read that found a link on the way: the path lands somewhere its text does not say. */
export function leadsElsewhere(path: string, r: ProbeResult): boolean {
  return typeof r === 'object' && ('dangling' in r || r.real !== path);
}
