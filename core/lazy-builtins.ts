/**
 * Built-ins loaded on first use instead of at start-up.
 *
 * A command hook is a new process per tool call. Importing node:child_process makes node
 * compile it and the modules under it (net, dgram, streams) on every start, yet only a user
 * hook or a dashboard start ever spawns a process; node:crypto is the same story for ciphers. `createRequire` loads a built-in
 * synchronously on all of Node >= 20, Bun and Deno, so callers stay synchronous.
 */
import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');
type CryptoModule = typeof import('node:crypto');

let childProcess: ChildProcessModule | undefined;
let cryptoLoaded: CryptoModule | undefined;

function requireBuiltin<T>(name: string): T {
  // built-ins resolve from any base; the runtime's own path is absolute on every platform,
  // where import.meta.url is not a file URL in every loader (Pi's, for one)
  return createRequire(process.execPath)(name) as T;
}

/**
 * node:crypto, loaded the first time a cipher is needed (lineage records). Loading it costs a
 * hook start about +25 ms CPU under bun and +80 ms under deno; hashes and random ids use
 * core/digest.ts instead.
 */
export function cryptoModule(): CryptoModule {
  return (cryptoLoaded ??= requireBuiltin<CryptoModule>('node:crypto'));
}

/** node:child_process, loaded the first time something spawns. */
export function childProcessModule(): ChildProcessModule {
  return (childProcess ??= requireBuiltin<ChildProcessModule>('node:child_process'));
}
