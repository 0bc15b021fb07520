/**
 * The file-system side of core/paths/path-links.ts: what is at a path right now, read when a decision
 * is made (the controller passes it to decide()). One probe per decision, answers kept for its
 * length, so a decision sees one consistent picture and asks the disk once per path.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import type { PathProbe, ProbeResult } from './path-links';

const WINDOWS = process.platform === 'win32';

/** A path this machine can look up: absolute in its own form (a Windows payload judged on Linux is not). */
function local(abs: string): boolean {
  return WINDOWS ? /^[A-Za-z]:\//.test(abs) || abs.startsWith('//') : abs.startsWith('/');
}

function slashes(p: string): string {
  return WINDOWS ? p.replace(/\\/g, '/') : p;
}

function lookUp(abs: string): ProbeResult {
  if (!local(abs)) return 'missing';
  try {
    return { real: slashes(realpathSync.native(abs)) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return 'unreadable';
  }
  // absent, or a link whose target is absent (a write through it creates the target)
  try {
    if (!lstatSync(abs).isSymbolicLink()) return 'missing';
    return { dangling: readlinkSync(abs) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable';
  }
}

export function fsProbe(): PathProbe {
  const seen = new Map<string, ProbeResult>();
  return (abs) => {
    let r = seen.get(abs);
    if (r === undefined) {
      r = lookUp(abs);
      seen.set(abs, r);
    }
    return r;
  };
}
