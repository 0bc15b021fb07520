/**
 * The resident evaluators a test file started: found by the socket they serve (Linux /proc) and
 * ended by pid, never by name, so another file's or another person's evaluator is left alone.
 */
import { afterAll } from 'vitest';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

/** Every evaluator process serving a socket under `dir`. */
export function evaluatorsUnder(dir: string): { pid: number; socket: string }[] {
  const out: { pid: number; socket: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--stopline-evaluator');
      if (at >= 0 && args[at + 1]?.startsWith(`${dir}/`)) out.push({ pid: Number(name), socket: args[at + 1]! });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Ends every evaluator under `dir` (one stopped by a test too). */
export function stopEvaluatorsUnder(dir: string): void {
  for (const e of evaluatorsUnder(dir)) {
    try {
      process.kill(e.pid, 'SIGCONT');
      process.kill(e.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/** After the file's tests: the evaluators serving under its temp root `root` ended, then `root` removed. */
export function cleanUpAfterAll(root: string): void {
  afterAll(() => {
    stopEvaluatorsUnder(root);
    rmSync(root, { recursive: true, force: true });
  });
}

/** Waits until `what` holds (an evaluator started, gone, serving), looking every 50 ms; past `ms` it throws. */
export async function until(what: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
