/**
 * Built-ins loaded on first use instead of at start-up.
 *
 * A command hook is a new process per tool call. Importing node:child_process makes node
 * compile it and the modules under it (net, dgram, streams) on every start, yet only a user
 * hook or a dashboard start ever spawns a process. `createRequire` loads a built-in
 * synchronously on all of Node >= 20, Bun and Deno, so callers stay synchronous.
 */
import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');

let childProcess: ChildProcessModule | undefined;

/** node:child_process, loaded the first time something spawns. */
export function childProcessModule(): ChildProcessModule {
  // built-ins resolve from any base; the runtime's own path is absolute on every platform,
  // where import.meta.url is not a file URL in every loader (Pi's, for one)
  return (childProcess ??= createRequire(process.execPath)('node:child_process') as ChildProcessModule);
}
