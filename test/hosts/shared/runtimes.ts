/**
 * How the spawned-process tests start a shipped script under each runtime a person may use:
 * node (this one), and the pinned bun and deno from node_modules/.bin.
 */
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');

export const RUNTIMES: Readonly<Record<string, readonly string[]>> = {
  node: [process.execPath],
  bun: [join(REPO, 'node_modules', '.bin', 'bun')],
  deno: [join(REPO, 'node_modules', '.bin', 'deno'), 'run', '-A'],
};
