/**
 * The same plan as a macOS sandbox-exec (Seatbelt) profile, and the command that runs under it.
 * Pure text. Written from the documented profile language, tested as text here, and not yet run
 * on a Mac: the probe (core/confine/probe.ts) does not confine on macOS until it has been.
 *
 * Seatbelt takes the last rule that matches, so the profile says, in this order: everything is
 * allowed (reads, network, processes); writes are denied everywhere (unless the contract has no
 * files=); then one rule per mount of the plan in the plan's order (a deeper place later, so it
 * wins as a deeper mount does); the protected paths that do not exist yet denied too (a path rule
 * needs no file to hang on, unlike a mount); sockets of stopline's and of daemons cannot be
 * connected to. The devices a shell writes to stay writable.
 */
import { shellQuote } from './bwrap';
import type { ConfinePlan } from './plan';

/** A string in the profile language: backslashes and double quotes escaped. */
function sbString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * @keep seatbeltProfile the macOS profile, generated and read as text by the tests until it is verified on a
 *   Mac (core/confine/probe.ts says so)
 */
export function seatbeltProfile(plan: ConfinePlan): string {
  const lines = ['(version 1)', '(allow default)'];
  if (plan.root === 'ro') lines.push('(deny file-write* (subpath "/"))');
  // the mounts' own order (shallow first): a deeper rule comes later and wins, as a deeper mount does
  for (const m of plan.mounts) lines.push(`(${m.kind === 'rw' ? 'allow' : 'deny'} file-write* (subpath ${sbString(m.path)}))`);
  if (plan.unguarded.length) lines.push(`(deny file-write* ${plan.unguarded.map((p) => `(subpath ${sbString(p)})`).join(' ')})`);
  const sockets = plan.mounts.filter((m) => m.kind === 'hide' || m.kind === 'block');
  if (sockets.length) lines.push(`(deny network-outbound ${sockets.map((m) => `(remote unix-socket (subpath ${sbString(m.path)}))`).join(' ')})`);
  lines.push('(allow file-write* (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper") (regex #"^/dev/tty") (regex #"^/dev/fd/"))');
  return lines.join('\n') + '\n';
}

/**
 * The text a host's shell runs in place of `command` on macOS.
 * @keep seatbeltCommand the command that runs under the seatbelt profile, read as text by the tests for the
 *   same reason
 */
export function seatbeltCommand(plan: ConfinePlan, command: string, bash = '/bin/bash'): string {
  return ['/usr/bin/sandbox-exec', '-p', seatbeltProfile(plan), bash, '-c', command].map(shellQuote).join(' ');
}
