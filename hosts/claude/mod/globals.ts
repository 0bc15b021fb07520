/**
 * The two Node globals the core touches, for the Claude Code mod, whose module has neither:
 * `process` (the environment, the working directory, a pid for lock tokens, the platform) and
 * `Buffer` (the evidence log reads its last byte into one). Imported first by the mod's entry,
 * so they exist before any core module is evaluated. The door fills `process` in at session
 * start from `$.env.get`, `$.process.hookEnv()` and the session's directory.
 */

interface ModProcess {
  env: Record<string, string | undefined>;
  pid: number;
  platform: string;
  argv: string[];
  execPath: string;
  exitCode: number | undefined;
  versions: Record<string, string>;
  cwd(): string;
  kill(pid: number, signal?: string | number): boolean;
}

let cwd = '/';

export const modProcess: ModProcess = {
  env: {},
  pid: 0,
  platform: 'linux',
  argv: [],
  execPath: '',
  exitCode: undefined,
  versions: {},
  cwd: () => cwd,
  // the only caller asks whether a lock holder is alive; a mod's locks never leave its memory
  kill: () => {
    const e = new Error('kill is not available inside a Claude Code mod') as Error & { code: string };
    e.code = 'ESRCH';
    throw e;
  },
};

export function setProcessCwd(dir: string): void {
  cwd = dir;
}

/** Bytes that print as text, as a Buffer does. */
class ModBytes extends Uint8Array {
  override toString(encoding?: string): string {
    if (encoding === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
    return new TextDecoder().decode(this);
  }
}

function bytesOf(values: ArrayLike<number>): ModBytes {
  const b = new ModBytes(values.length);
  b.set(values);
  return b;
}

const ModBuffer = {
  alloc: (size: number): ModBytes => new ModBytes(size),
  from: (value: string | ArrayLike<number>, encoding?: string): ModBytes => {
    if (typeof value !== 'string') return bytesOf(value);
    if (encoding === 'hex') return bytesOf((value.match(/../g) ?? []).map((h) => parseInt(h, 16)));
    return bytesOf(new TextEncoder().encode(value));
  },
  concat: (list: readonly Uint8Array[]): ModBytes => {
    const out = new ModBytes(list.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of list) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  },
  byteLength: (text: string): number => new TextEncoder().encode(text).length,
  isBuffer: (value: unknown): boolean => value instanceof Uint8Array,
};

const g = globalThis as Record<string, unknown>;
if (g.process === undefined) g.process = modProcess;
if (g.Buffer === undefined) g.Buffer = ModBuffer;
