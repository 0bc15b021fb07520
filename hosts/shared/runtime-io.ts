/**
 * The few process services a command hook's start-up path needs (stdin, stdout/stderr, env,
 * cwd, exit), through each runtime's cheapest door. Measured on the bench payloads (CPU
 * medians, docs/performance.md):
 *
 * - Deno: any `node:` module (or the `process` global) starts Deno's Node compatibility layer,
 *   +11 ms (node:path) to +30 ms (node:fs) on a 20 ms floor; Deno's own APIs cost nothing.
 * - Bun: `process.stdin` as a stream costs ~+15 ms; `Bun.stdin.stream()` ~+1.5 ms.
 * - Node: `import process from 'node:process'` builds an ESM facade that reads every getter,
 *   so it creates the stdout/stderr/stdin streams; the global `process` and node:fs do not.
 *
 * So this module has no static import (an import is hoisted and paid on every runtime) and
 * touches node: modules only on Node and Bun, loaded when first needed.
 */

/** The part of the Deno namespace used here (typed locally: the project builds with node types only). */
interface DenoLike {
  stdin: { read(buf: Uint8Array): Promise<number | null> };
  stdout: { writeSync(buf: Uint8Array): number };
  stderr: { writeSync(buf: Uint8Array): number };
  env: { toObject(): Record<string, string> };
  cwd(): string;
  exit(code: number): never;
  build: { os: string };
}

interface BunLike {
  stdin: { stream(): ReadableStream<Uint8Array> };
}

export type RuntimeName = 'node' | 'bun' | 'deno';

export interface RuntimeIO {
  runtime: RuntimeName;
  /** 'linux', 'darwin', 'win32', … (node's names) */
  platform: string;
  env(): Record<string, string | undefined>;
  cwd(): string;
  /** the next chunk of stdin, or null at its end */
  readChunk(): Promise<Uint8Array | null>;
  /** write all of `text` to fd 1 or 2 (synchronous, so an exit right after loses nothing) */
  write(fd: 1 | 2, text: string): void;
  exit(code: number): never;
}

const g = globalThis as { Deno?: DenoLike; Bun?: BunLike; process?: NodeJS.Process };

/** Which runtime runs this file. */
export function runtimeName(): RuntimeName {
  if (g.Deno && typeof g.Deno.stdin?.read === 'function') return 'deno';
  if (g.Bun) return 'bun';
  return 'node';
}

const encoder = new TextEncoder();

function denoIO(deno: DenoLike): RuntimeIO {
  const buf = new Uint8Array(64 * 1024);
  const platform = deno.build.os === 'windows' ? 'win32' : deno.build.os;
  return {
    runtime: 'deno',
    platform,
    env: () => deno.env.toObject(),
    cwd: () => deno.cwd(),
    async readChunk() {
      const n = await deno.stdin.read(buf);
      return n === null ? null : buf.slice(0, n);
    },
    write(fd, text) {
      const out = fd === 1 ? deno.stdout : deno.stderr;
      let bytes = encoder.encode(text);
      while (bytes.byteLength > 0) bytes = bytes.subarray(out.writeSync(bytes));
    },
    exit: (code) => deno.exit(code),
  };
}

type NodeFs = typeof import('node:fs');

/** A pull reader over a Node readable stream: the next chunk, or null at its end. */
export function streamReader(stream: NodeJS.ReadableStream): () => Promise<Uint8Array | null> {
  const ready: (Uint8Array | null)[] = [];
  let failure: unknown;
  let waiting: { resolve(c: Uint8Array | null): void; reject(e: unknown): void } | undefined;
  const push = (c: Uint8Array | null): void => {
    if (waiting) {
      const w = waiting;
      waiting = undefined;
      w.resolve(c);
    } else ready.push(c);
  };
  stream.on('data', (c: Uint8Array | string) => push(typeof c === 'string' ? encoder.encode(c) : c));
  stream.on('end', () => push(null));
  stream.on('error', (e: unknown) => {
    failure = e;
    if (waiting) waiting.reject(e);
  });
  return () => {
    if (ready.length) return Promise.resolve(ready.shift() as Uint8Array | null);
    if (failure !== undefined) return Promise.reject(failure);
    return new Promise((resolve, reject) => (waiting = { resolve, reject }));
  };
}

/** Node and Bun: node:fs on fds 1 and 2; stdin through Bun's own reader where there is one. */
async function nodeIO(runtime: 'node' | 'bun'): Promise<RuntimeIO> {
  const proc = g.process as NodeJS.Process;
  const fs: NodeFs = await import('node:fs');
  let readChunk: () => Promise<Uint8Array | null>;
  if (runtime === 'bun' && g.Bun) {
    const reader = g.Bun.stdin.stream().getReader();
    readChunk = async () => {
      const r = await reader.read();
      return r.done ? null : r.value;
    };
  } else {
    // Node: the stdin stream (a pipe is polled by the event loop). A read of fd 0 through node:fs
    // would block a thread-pool thread, and Node waits for that thread at exit: a host that never
    // closes stdin would keep the hook alive past its answer.
    readChunk = streamReader(proc.stdin);
  }
  return {
    runtime,
    platform: proc.platform,
    env: () => proc.env,
    cwd: () => proc.cwd(),
    readChunk,
    write(fd, text) {
      let bytes = encoder.encode(text);
      while (bytes.byteLength > 0) {
        try {
          bytes = bytes.subarray(fs.writeSync(fd, bytes));
        } catch (err) {
          // a non-blocking pipe that is full: wait for the reader, then go on
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
        }
      }
    },
    exit: (code) => proc.exit(code),
  };
}

let current: Promise<RuntimeIO> | undefined;

/** This process's I/O, set up once. */
export function runtimeIO(): Promise<RuntimeIO> {
  if (!current) {
    const name = runtimeName();
    current = name === 'deno' ? Promise.resolve(denoIO(g.Deno as DenoLike)) : nodeIO(name);
  }
  return current;
}
