/**
 * Which JavaScript runtime the installed hooks run under, and the exact command line.
 * Hooks start a process per event, so start-up time is the cost a person feels: the
 * default is the fastest runtime found on PATH (bun, then deno, then node; measured at
 * ≈76 / 117 / 275 ms per call). The runtime is written as an absolute
 * path, because a hook host with a different PATH that cannot find `node` runs nothing
 * and, on most hosts, lets the action through.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export const RUNTIMES = ['bun', 'deno', 'node'] as const;
export type Runtime = (typeof RUNTIMES)[number];

export function isRuntime(s: string): s is Runtime {
  return (RUNTIMES as readonly string[]).includes(s);
}

export interface RuntimeChoice {
  runtime: Runtime;
  /** absolute path of the executable */
  path: string;
  /** one sentence for the person: why this one */
  reason: string;
}

export class RuntimeError extends Error {}

/** First executable named `name` on PATH (no shell, no realpath: the path people see). */
export function findOnPath(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * `--runtime` wins over STOPLINE_RUNTIME, which wins over the fastest one found. A named
 * runtime that is not on PATH is an error, not a silent fallback: the person asked for it.
 */
export function chooseRuntime(flag: string | undefined, env: NodeJS.ProcessEnv): RuntimeChoice {
  const fromEnv = env.STOPLINE_RUNTIME?.trim() || undefined;
  const named = flag ?? fromEnv;
  const source = flag !== undefined ? '--runtime' : 'STOPLINE_RUNTIME';
  if (named !== undefined) {
    if (!isRuntime(named)) throw new RuntimeError(`${source}=${named} is not a runtime stopline runs on; use one of: ${RUNTIMES.join(', ')}`);
    const path = findOnPath(named, env.PATH);
    if (!path) throw new RuntimeError(`${named} (chosen by ${source}) is not on PATH; install it or choose another runtime (${RUNTIMES.join(', ')})`);
    return { runtime: named, path, reason: `chosen by ${source}` };
  }
  for (const runtime of RUNTIMES) {
    const path = findOnPath(runtime, env.PATH);
    if (path) return { runtime, path, reason: `the fastest runtime found on PATH (order: ${RUNTIMES.join(', ')})` };
  }
  throw new RuntimeError(`none of ${RUNTIMES.join(', ')} is on PATH; install one (Node.js 20 or newer, Bun, or Deno 2) and run the install again`);
}

/** POSIX single-quoting: safe for whichever of /bin/sh and /bin/bash a host runs its hooks with. */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The hook command line. Deno needs its permissions granted up front (a prompt would hang
 * a hook), and must not pick up the user's project deno.json or write a lock file there.
 */
export function hookCommand(choice: Pick<RuntimeChoice, 'runtime' | 'path'>, script: string): string {
  const runtime = shellQuote(choice.path);
  const target = shellQuote(script);
  switch (choice.runtime) {
    case 'deno':
      return `${runtime} run -A --no-config --no-lock --quiet ${target}`;
    case 'bun':
    case 'node':
      return `${runtime} ${target}`;
  }
}
