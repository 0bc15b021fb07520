/**
 * The few process services a command hook's start-up path needs (stdin, stdout/stderr, env,
 * cwd, exit, a timer, one Unix socket exchange), through each runtime's cheapest door.
 * Measured on the bench payloads (CPU medians of interleaved runs, docs/performance.md):
 *
 * - Deno: any `node:` module (or the `process` global) starts Deno's Node compatibility layer,
 *   +11 ms (node:path) to +30 ms (node:fs) on a ~20 ms floor, and the first `setTimeout` costs
 *   ~+7 ms; Deno's own APIs and `AbortSignal.timeout` cost nothing measurable.
 * - Bun: `process.stdin` as a stream costs ~+15 ms, `process.stdout.write` ~+13 ms, node:fs
 *   ~+3 ms, node:net ~+14 ms; `Bun.stdin.stream()`, `Bun.write`, `Bun.file().stat()` and
 *   `Bun.connect` nothing measurable.
 * - Node: `import process from 'node:process'` builds an ESM facade that reads every getter,
 *   so it creates the stdout/stderr/stdin streams; the global `process` and node:fs do not.
 *
 * So this module has no static import (an import is hoisted and paid on every runtime) and
 * loads node: modules only where they are the cheap door, when first needed.
 */

interface DenoConn {
  write(buf: Uint8Array): Promise<number>;
  read(buf: Uint8Array): Promise<number | null>;
  close(): void;
}
/** The part of the Deno namespace used here (typed locally: the project builds with node types only). */
interface DenoLike {
  stdin: { read(buf: Uint8Array): Promise<number | null> };
  stdout: { writeSync(buf: Uint8Array): number };
  stderr: { writeSync(buf: Uint8Array): number };
  env: { toObject(): Record<string, string> };
  args: string[];
  cwd(): string;
  exit(code: number): never;
  uid(): number | null;
  lstatSync(path: string): { isDirectory: boolean; isSymlink: boolean; uid: number | null; mode: number | null };
  connect(opts: { transport: 'unix'; path: string }): Promise<DenoConn>;
  writeTextFileSync(path: string, text: string, opts: { append?: boolean; mode?: number; createNew?: boolean }): void;
  readTextFileSync(path: string): string;
  readFileSync(path: string): Uint8Array;
  mkdirSync(path: string, opts: { mode: number }): void;
  renameSync(from: string, to: string): void;
  pid: number;
  build: { os: string };
}

interface BunSocket {
  write(data: string | Uint8Array): number;
  end(): void;
}
interface BunLike {
  stdin: { stream(): ReadableStream<Uint8Array> };
  stdout: unknown;
  stderr: unknown;
  write(to: unknown, data: string): Promise<number>;
  inflateSync(data: Uint8Array): Uint8Array;
  CryptoHasher: new (algorithm: 'sha256') => { update(data: string | Uint8Array): { digest(encoding: 'hex'): string } };
  file(path: string): { stat(): Promise<{ isDirectory(): boolean; uid: number; mode: number }> };
  connect(opts: {
    unix: string;
    socket: { open(s: BunSocket): void; data(s: BunSocket, d: Uint8Array): void; close(s: BunSocket): void; error(s: BunSocket, e: Error): void };
  }): Promise<BunSocket>;
}

export type RuntimeName = 'node' | 'bun' | 'deno';

/** Run `fn` after `ms`; the returned function cancels it. Never keeps the process alive. */
type Schedule = (ms: number, fn: () => void) => () => void;

export interface RuntimeIO {
  runtime: RuntimeName;
  /** 'linux', 'darwin', 'win32', … (node's names) */
  platform: string;
  env(): Record<string, string | undefined>;
  cwd(): string;
  /** the arguments after the script */
  args(): string[];
  /** the user id, or null where there is none (Windows) */
  uid(): number | null;
  /** the next chunk of stdin, or null at its end */
  readChunk(): Promise<Uint8Array | null>;
  /** write all of `text` to fd 1 or 2; resolved once it is written */
  write(fd: 1 | 2, text: string): Promise<void>;
  exit(code: number): never;
  later: Schedule;
  /** whether `path` is a folder only its owner, this user, can enter (mode 0700 or less; not a link where the runtime can tell) */
  privateDir(path: string): Promise<DirState>;
  /** append a line to a file (test instruments) */
  appendFile(path: string, text: string): Promise<void>;
  /** a whole file as UTF-8, or null when there is none */
  readText(path: string): Promise<string | null>;
  /** make a private folder (0700) if there is none; whether a private folder of this user is there now */
  ensurePrivateDir(path: string): Promise<boolean>;
  /** replace a file whole (written beside it, then renamed), mode 0600 */
  writeFileAtomic(path: string, text: string): Promise<void>;
  /** raw DEFLATE data inflated, as UTF-8 text (the two-part file's second part, evaluator/load.ts) */
  inflateRaw(bytes: Uint8Array): Promise<string>;
  /** SHA-256 of the text's UTF-8 bytes, lower-case hex (the check of the decision code before it is loaded) */
  sha256Hex(text: string): Promise<string>;
  /** SHA-256 of a file's bytes, lower-case hex, or null when there is none (hashed as read: no text decoded) */
  sha256File(path: string): Promise<string | null>;
  /**
   * Send `request` to the Unix socket at `path` and read until the other side closes.
   * `connectMs` bounds reaching it, `answerMs` the wait for the answer after sending.
   */
  exchange(path: string, request: string, connectMs: number, answerMs: number): Promise<Exchange>;
}

type DirState = 'private' | 'missing' | 'not-private';

/** How a socket exchange ended. */
type Exchange =
  /** the other side answered and closed */
  | { kind: 'answer'; text: string }
  /** nothing listens there (no socket, refused, not reached in time): nothing was sent */
  | { kind: 'unreachable'; why: string }
  /** sent, but the other side closed without a whole answer */
  | { kind: 'closed'; why: string }
  /** sent, and no answer within answerMs */
  | { kind: 'timeout' };

const g = globalThis as { Deno?: DenoLike; Bun?: BunLike; process?: NodeJS.Process };

/** Which runtime runs this file. */
function runtimeName(): RuntimeName {
  if (g.Deno && typeof g.Deno.stdin?.read === 'function') return 'deno';
  if (g.Bun) return 'bun';
  return 'node';
}

const encoder = new TextEncoder();

/**
 * SHA-256 of the decision code before it is loaded, each runtime's cheapest way (measured on the
 * ~540 KB part): Deno's Web Crypto (~1.5 ms; node:crypto would start the Node compatibility
 * layer), Bun's own hasher (~0.7 ms; its node:crypto costs ~8-38 ms to load), and node:crypto on
 * Node (~2 ms; most of loading it is shared with the random ids every decision takes).
 */
async function sha256Hex(text: string): Promise<string> {
  return hexOf(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

function hexOf(digest: ArrayBuffer): string {
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

function decode(chunks: readonly Uint8Array[]): string {
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** What `read` returns, or null when `missing` says its error is a file that is not there (any other error is thrown). */
function orMissing<T>(read: () => T, missing: (err: unknown) => boolean): T | null {
  try {
    return read();
  } catch (err) {
    if (missing(err)) return null;
    throw err;
  }
}
const denoMissing = (err: unknown): boolean => (err as Error).name === 'NotFound';
const nodeMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** RuntimeIO.ensurePrivateDir over a runtime's mkdir and privateDir. */
async function ensurePrivate(mkdir: () => unknown, privateDir: () => Promise<DirState>): Promise<boolean> {
  try {
    await mkdir();
  } catch {
    // there already (checked next), or not makeable (ditto)
  }
  return (await privateDir()) === 'private';
}

/** setTimeout, unref'd: a pending bound must not keep the process alive once everything else is done. */
const timerLater: Schedule = (ms, fn) => {
  const t = setTimeout(fn, ms);
  (t as { unref?: () => void }).unref?.();
  return () => clearTimeout(t);
};

/** Deno's first setTimeout costs ~+7 ms CPU; AbortSignal.timeout runs the same wait for nothing measurable. */
const signalLater: Schedule = (ms, fn) => {
  const signal = AbortSignal.timeout(ms);
  signal.addEventListener('abort', fn);
  return () => signal.removeEventListener('abort', fn);
};

/**
 * The two bounds of a socket exchange over a connection that `connect` opens: reaching the
 * socket within `connectMs`, the whole answer within `answerMs` after sending.
 */
interface Connection {
  send(text: string): void;
  close(): void;
}
function exchangeWith(later: Schedule, connect: (events: { opened(c: Connection): void; data(d: Uint8Array): void; ended(): void; failed(why: string): void }) => void) {
  return (request: string, connectMs: number, answerMs: number): Promise<Exchange> =>
    new Promise((resolve) => {
      const chunks: Uint8Array[] = [];
      let conn: Connection | undefined;
      let settled = false;
      const finish = (r: Exchange): void => {
        if (settled) return;
        settled = true;
        cancel();
        try {
          conn?.close();
        } catch {
          // already closed
        }
        resolve(r);
      };
      let cancel = later(connectMs, () => finish({ kind: 'unreachable', why: `not reached within ${connectMs} ms` }));
      try {
        connect({
          opened(c) {
            if (settled) return c.close();
            conn = c;
            cancel();
            cancel = later(answerMs, () => finish({ kind: 'timeout' }));
            c.send(request);
          },
          data: (d) => chunks.push(d),
          ended: () => finish(conn ? { kind: 'answer', text: decode(chunks) } : { kind: 'unreachable', why: 'closed' }),
          failed: (why) => finish(conn ? { kind: 'closed', why } : { kind: 'unreachable', why }),
        });
      } catch (err) {
        finish({ kind: 'unreachable', why: err instanceof Error ? err.message : String(err) });
      }
    });
}

function denoIO(deno: DenoLike): RuntimeIO {
  const buf = new Uint8Array(64 * 1024);
  const platform = deno.build.os === 'windows' ? 'win32' : deno.build.os;
  const later = signalLater;
  const privateDir = async (path: string): Promise<DirState> => {
    try {
      const st = deno.lstatSync(path);
      return st.isDirectory && !st.isSymlink && st.uid === deno.uid() && st.mode !== null && (st.mode & 0o077) === 0 ? 'private' : 'not-private';
    } catch (err) {
      return denoMissing(err) ? 'missing' : 'not-private';
    }
  };
  return {
    runtime: 'deno',
    platform,
    env: () => deno.env.toObject(),
    cwd: () => deno.cwd(),
    args: () => [...deno.args],
    uid: () => deno.uid(),
    async readChunk() {
      const n = await deno.stdin.read(buf);
      return n === null ? null : buf.slice(0, n);
    },
    async write(fd, text) {
      const out = fd === 1 ? deno.stdout : deno.stderr;
      let bytes = encoder.encode(text);
      while (bytes.byteLength > 0) bytes = bytes.subarray(out.writeSync(bytes));
    },
    exit: (code) => deno.exit(code),
    later,
    privateDir,
    appendFile: async (path, text) => deno.writeTextFileSync(path, text, { append: true }),
    readText: async (path) => orMissing(() => deno.readTextFileSync(path), denoMissing),
    ensurePrivateDir: (path) => ensurePrivate(() => deno.mkdirSync(path, { mode: 0o700 }), () => privateDir(path)),
    async writeFileAtomic(path, text) {
      // createNew: a name planted beforehand (a link to a file elsewhere) is refused, never followed
      const tmp = `${path}.${deno.pid}.${Date.now().toString(36)}.tmp`;
      deno.writeTextFileSync(tmp, text, { mode: 0o600, createNew: true });
      deno.renameSync(tmp, path);
    },
    // the web stream: node:zlib would start the Node compatibility layer
    inflateRaw: (bytes) => new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text(),
    sha256Hex,
    async sha256File(path) {
      const bytes = orMissing(() => deno.readFileSync(path), denoMissing);
      return bytes === null ? null : hexOf(await globalThis.crypto.subtle.digest('SHA-256', bytes));
    },
    exchange: (path, request, connectMs, answerMs) =>
      exchangeWith(later, (ev) => {
        deno.connect({ transport: 'unix', path }).then(
          (c) => {
            let open = true;
            ev.opened({
              send: (text) => {
                void (async () => {
                  try {
                    let bytes = encoder.encode(text);
                    while (bytes.byteLength > 0) bytes = bytes.subarray(await c.write(bytes));
                    const rb = new Uint8Array(64 * 1024);
                    for (;;) {
                      const n = await c.read(rb);
                      if (n === null) break;
                      ev.data(rb.slice(0, n));
                    }
                    ev.ended();
                  } catch (err) {
                    if (open) ev.failed((err as Error).name || String(err));
                  }
                })();
              },
              close: () => {
                open = false;
                c.close();
              },
            });
          },
          (err: Error) => ev.failed(err.name || String(err)),
        );
      })(request, connectMs, answerMs),
  };
}

type NodeFs = typeof import('node:fs');
type NodeCrypto = typeof import('node:crypto');
type NodeNet = typeof import('node:net');
type NodeZlib = typeof import('node:zlib');

/**
 * A built-in module without the ESM facade: `import('node:fs')` makes Node read every export
 * of the module once (node:fs's ReadStream getter loads the whole streams stack), while
 * `process.getBuiltinModule` (Node >= 20.16 / 22.3, Bun) hands over the module object as is.
 * Measured: the floor script reading stdin through it costs node 3-7 % less CPU.
 */
async function builtin<T>(id: 'node:fs' | 'node:net' | 'node:zlib' | 'node:crypto'): Promise<T> {
  const get = (g.process as (NodeJS.Process & { getBuiltinModule?: (id: string) => unknown }) | undefined)?.getBuiltinModule;
  const mod = get?.call(g.process, id) as T | undefined;
  return mod ?? ((await (id === 'node:fs' ? import('node:fs') : id === 'node:net' ? import('node:net') : id === 'node:zlib' ? import('node:zlib') : import('node:crypto'))) as T);
}

/** SHA-256 through node:crypto (Node). */
async function nodeSha256Hex(text: string): Promise<string> {
  return (await builtin<NodeCrypto>('node:crypto')).createHash('sha256').update(text, 'utf8').digest('hex');
}

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

function writeAllSync(fs: NodeFs, fd: number, text: string): void {
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
}

function nodeStat(fs: NodeFs, path: string, uid: number | undefined): DirState {
  try {
    const st = fs.lstatSync(path);
    return st.isDirectory() && !st.isSymbolicLink() && st.uid === uid && (st.mode & 0o077) === 0 ? 'private' : 'not-private';
  } catch (err) {
    return nodeMissing(err) ? 'missing' : 'not-private';
  }
}

/** Cold-path file helpers both Node and Bun take from node:fs. */
function fsHelpers(fs: () => Promise<NodeFs>, privateDir: (path: string) => Promise<DirState>): Pick<RuntimeIO, 'appendFile' | 'readText' | 'ensurePrivateDir' | 'writeFileAtomic'> {
  return {
    appendFile: async (path, text) => (await fs()).appendFileSync(path, text),
    async readText(path) {
      const f = await fs();
      return orMissing(() => f.readFileSync(path, 'utf8'), nodeMissing);
    },
    ensurePrivateDir: (path) => ensurePrivate(async () => (await fs()).mkdirSync(path, { mode: 0o700 }), () => privateDir(path)),
    async writeFileAtomic(path, text) {
      const f = await fs();
      // 'wx': a name planted beforehand (a link to a file elsewhere) is refused, never followed
      const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
      f.writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
      f.renameSync(tmp, path);
    },
  };
}

/** The parts Node and Bun share: the global process. */
function processBasics(proc: NodeJS.Process): Pick<RuntimeIO, 'platform' | 'env' | 'cwd' | 'args' | 'uid' | 'exit' | 'later'> {
  return {
    platform: proc.platform,
    env: () => proc.env,
    cwd: () => proc.cwd(),
    args: () => proc.argv.slice(2),
    uid: () => (typeof proc.getuid === 'function' ? proc.getuid() : null),
    exit: (code) => proc.exit(code),
    later: timerLater,
  };
}

/** Node: node:fs (loaded with node itself), the stdin stream, node:net on first use. */
async function nodeIO(): Promise<RuntimeIO> {
  const proc = g.process as NodeJS.Process;
  const fs = await builtin<NodeFs>('node:fs');
  // made on the first read: the evaluator, which runs the same script, never reads stdin.
  // The stdin stream, because a read of fd 0 through node:fs blocks a thread-pool thread that
  // Node waits for at exit: a host that never closes stdin would keep the hook alive.
  let reader: (() => Promise<Uint8Array | null>) | undefined;
  const privateDir = async (path: string): Promise<DirState> => nodeStat(fs, path, proc.getuid?.());
  return {
    runtime: 'node',
    ...processBasics(proc),
    readChunk: () => (reader ??= streamReader(proc.stdin))(),
    write: async (fd, text) => writeAllSync(fs, fd, text),
    privateDir,
    ...fsHelpers(async () => fs, privateDir),
    inflateRaw: async (bytes) => (await builtin<NodeZlib>('node:zlib')).inflateRawSync(bytes).toString('utf8'),
    sha256Hex: nodeSha256Hex,
    async sha256File(path) {
      const bytes = orMissing(() => fs.readFileSync(path), nodeMissing);
      return bytes === null ? null : (await builtin<NodeCrypto>('node:crypto')).createHash('sha256').update(bytes).digest('hex');
    },
    async exchange(path, request, connectMs, answerMs) {
      const net = await builtin<NodeNet>('node:net');
      return exchangeWith(timerLater, (ev) => {
        const sock = net.createConnection(path);
        sock.on('connect', () => ev.opened({ send: (t) => sock.write(t), close: () => sock.destroy() }));
        sock.on('data', (d: Uint8Array) => ev.data(d));
        sock.on('end', () => ev.ended());
        sock.on('close', () => ev.ended());
        sock.on('error', (err: NodeJS.ErrnoException) => ev.failed(err.code ?? err.message));
      })(request, connectMs, answerMs);
    },
  };
}

/** Bun: its own stdin, write, stat and socket APIs; node:fs only off the usual path. */
function bunIO(bun: BunLike): RuntimeIO {
  const proc = g.process as NodeJS.Process;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const fs = (): Promise<NodeFs> => builtin<NodeFs>('node:fs');
  const privateDir = async (path: string): Promise<DirState> => {
    // stat follows a link: what counts is that the folder reached is this user's own and closed
    try {
      const st = await bun.file(path).stat();
      return st.isDirectory() && st.uid === proc.getuid?.() && (st.mode & 0o077) === 0 ? 'private' : 'not-private';
    } catch (err) {
      return nodeMissing(err) ? 'missing' : 'not-private';
    }
  };
  return {
    runtime: 'bun',
    ...processBasics(proc),
    async readChunk() {
      const r = await (reader ??= bun.stdin.stream().getReader()).read();
      return r.done ? null : r.value;
    },
    async write(fd, text) {
      await bun.write(fd === 1 ? bun.stdout : bun.stderr, text);
    },
    privateDir,
    ...fsHelpers(fs, privateDir),
    inflateRaw: async (bytes) => new TextDecoder().decode(bun.inflateSync(bytes)),
    sha256Hex: async (text) => new bun.CryptoHasher('sha256').update(text).digest('hex'),
    async sha256File(path) {
      const f = await fs();
      const bytes = orMissing(() => f.readFileSync(path), nodeMissing);
      return bytes === null ? null : new bun.CryptoHasher('sha256').update(bytes).digest('hex');
    },
    exchange: (path, request, connectMs, answerMs) =>
      exchangeWith(timerLater, (ev) => {
        bun
          .connect({
            unix: path,
            socket: {
              open: (s) => ev.opened({ send: (t) => void s.write(t), close: () => s.end() }),
              data: (_s, d) => ev.data(new Uint8Array(d)),
              close: () => ev.ended(),
              error: (_s, e) => ev.failed(e.message),
            },
          })
          .catch((e: NodeJS.ErrnoException) => ev.failed(e.code ?? e.message));
      })(request, connectMs, answerMs),
  };
}

let current: Promise<RuntimeIO> | undefined;

/** This process's I/O, set up once. */
export function runtimeIO(): Promise<RuntimeIO> {
  if (!current) {
    const name = runtimeName();
    current = name === 'deno' ? Promise.resolve(denoIO(g.Deno as DenoLike)) : name === 'bun' ? Promise.resolve(bunIO(g.Bun as BunLike)) : nodeIO();
  }
  return current;
}
