/**
 * Starting a resident evaluator: a hook that found none decides in its own process and leaves
 * one behind for the next event. Best effort, and never in the way of the answer: every failure
 * means only that the next event decides in its own process again.
 *
 * A burst of hooks starts one evaluator: the first writes an exclusive start stamp beside the
 * socket; the others see it and start none (a stamp older than START_STAMP_MS is a start that
 * failed, and is taken over). The evaluator removes the stamp once it listens, and a second one
 * that starts anyway leaves as soon as it finds the first listening.
 */
import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { childProcessModule } from '../../../core/lazy-builtins';
import type { RuntimeName } from '../runtime-io';
import { claimStartStamp } from '../start-stamp';
import { EVALUATOR_FLAG, startStampPath } from './where';

const START_STAMP_MS = 10_000;

/**
 * The socket folder exists, is a folder (not a link), belongs to this user and nobody else may
 * enter it. Made (0700) when missing. False when it is someone else's or open to others.
 */
export function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  try {
    const st = lstatSync(dir);
    return st.isDirectory() && !st.isSymbolicLink() && st.uid === process.getuid?.() && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}


export interface StartOptions {
  socket: string;
  /** the hook script itself */
  script: string;
  runtime: RuntimeName;
  env: Readonly<Record<string, string | undefined>>;
}

/** The command line that runs `script` as an evaluator under the runtime running this hook. */
function evaluatorCommand(o: StartOptions): { file: string; args: string[] } {
  const args = [o.script, EVALUATOR_FLAG, o.socket];
  // Deno takes its permissions up front; a hook that may spawn this already holds them all
  return o.runtime === 'deno' ? { file: process.execPath, args: ['run', '-A', ...args] } : { file: process.execPath, args };
}

/** Start an evaluator for `socket` unless one is starting. Returns whether one was started. */
export function startEvaluator(o: StartOptions, now = Date.now()): boolean {
  try {
    const dir = o.socket.slice(0, o.socket.lastIndexOf('/'));
    if (!ensurePrivateDir(dir)) return false;
    const stamp = startStampPath(o.socket);
    if (!claimStartStamp(stamp, START_STAMP_MS, now)) return false;
    const command = evaluatorCommand(o);
    // cwd '/': a long-lived process must not hold the folder of the session that started it
    const child = childProcessModule().spawn(command.file, command.args, { detached: true, stdio: 'ignore', cwd: '/', env: { ...o.env }, windowsHide: true });
    child.on('error', () => {
      try {
        unlinkSync(stamp);
      } catch {
        // gone already
      }
    });
    child.unref();
    return true;
  } catch {
    return false;
  }
}
