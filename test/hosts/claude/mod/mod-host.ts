/**
 * A stand-in for Claude Code's mod loader, to run the built mod (dist/claude/hooks/
 * stopline-mod.mjs) the way Claude Code does without Claude Code: the bundle is evaluated in a
 * context of its own that has the web globals a mod has and none of Node's (no process, Buffer,
 * require), `register(on)` is called, and each hook is called with a `$` whose nouns work on
 * the real file system under the test's folders. Every `$` call is counted, so a test can say
 * which calls a decision made.
 *
 * What Claude Code does around the hooks (the model, the tools, the command hooks beneath) is
 * not here: `next(e)` answers what the test says the hooks beneath answered (nothing by default).
 */
import { lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { webcrypto } from 'node:crypto';

type Hook = (...args: unknown[]) => unknown;

interface Registration {
  event: string;
  matcher: Record<string, unknown> | undefined;
  hook: Hook;
  onError?: Hook;
}

export interface DollarCall {
  noun: string;
  args: unknown[];
}

export interface ModHostOptions {
  /** the variables `$.env.get` answers */
  env: Record<string, string>;
  /** what `$.process.hookEnv()` answers (CLAUDE_PID, CLAUDE_PLUGIN_DATA, CLAUDE_PROJECT_DIR, ...) */
  hookEnv: Record<string, string>;
  /** how long `$.fs.stat` and `$.fs.write` take (a slow disk, or Claude Code busy): 0 unless set */
  fsDelayMs?: number;
}

export interface HookResult {
  value: unknown;
  /** the `$` calls made from the hook's start until it returned */
  calls: DollarCall[];
  /** whether the hook called next(e) */
  calledNext: boolean;
}

/**
 * `$.fs.stat` as Claude Code 2.1.332 answers it (docs/claude-mod.md, seen on the real CLI): `..`
 * folded by spelling first; what the path leads to, `isLink` when it is itself a link; a link
 * that leads nowhere (dangling, a loop) is `other` with the link's own size and time and no
 * `realPath`; `realPath` (the realpath) only when asked; a missing path rejects with its errno.
 */
export function statAsClaudeCode(path: string, resolveReal: boolean): { kind: string; size: number; mtimeMs: number; isLink: boolean; realPath?: string } {
  const p = resolve(path);
  let own: ReturnType<typeof lstatSync>;
  try {
    own = lstatSync(p);
  } catch (e) {
    throw fsError(e, 'stat', path);
  }
  const isLink = own.isSymbolicLink();
  let s: ReturnType<typeof statSync> = own;
  if (isLink) {
    try {
      s = statSync(p);
    } catch {
      return { kind: 'other', size: own.size, mtimeMs: own.mtimeMs, isLink: true };
    }
  }
  const out = { kind: s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other', size: s.size, mtimeMs: s.mtimeMs, isLink };
  return resolveReal ? { ...out, realPath: realpathSync.native(p) } : out;
}

function fsError(err: unknown, what: string, path: string): Error {
  const code = (err as { code?: string }).code ?? 'EIO';
  return new Error(`stopline: $.fs.${what}(${path}) failed: ${code}`);
}

export class ModHost {
  readonly registrations: Registration[] = [];
  readonly calls: DollarCall[] = [];
  readonly envSet: Record<string, string | undefined> = {};
  readonly logs: { text: string; debug: boolean }[] = [];

  constructor(
    bundlePath: string,
    private readonly opts: ModHostOptions,
  ) {
    const code = readFileSync(bundlePath, 'utf8');
    const exported = /export\s*\{\s*([\w$]+)\s+as\s+register\s*\};?\s*$/.exec(code) ?? /export\s*\{\s*register\s*\};?\s*$/.exec(code);
    if (!exported) throw new Error('the mod does not end with `export { … as register }`');
    const body = code.slice(0, exported.index) + `\nglobalThis.__register = ${exported[1] ?? 'register'};\n`;
    const sandbox: Record<string, unknown> = {
      TextEncoder,
      TextDecoder,
      URL,
      AbortController,
      crypto: webcrypto,
      performance,
      setTimeout,
      clearTimeout,
      structuredClone,
      console,
      h: (type: unknown, props: unknown, ...children: unknown[]) => ({ type, props, children }),
    };
    const context = createContext(sandbox);
    runInContext(body, context, { filename: bundlePath });
    const register = sandbox.__register as (on: unknown) => void;
    register((event: string, a: unknown, b?: unknown) => {
      const r: Registration = typeof a === 'function' ? { event, matcher: undefined, hook: a as Hook } : { event, matcher: a as Record<string, unknown>, hook: b as Hook };
      this.registrations.push(r);
      return {
        catch: (handler: Hook) => {
          r.onError = handler;
        },
      };
    });
  }

  /** The stand-in disk's delay (ModHostOptions.fsDelayMs). */
  slowFs(): Promise<void> {
    const ms = this.opts.fsDelayMs ?? 0;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  /** A `$` for one hook call; every call is counted. */
  private dollar(): Record<string, unknown> {
    const note = (noun: string, args: unknown[]): void => void this.calls.push({ noun, args });
    const host = this;
    return {
      fs: {
        read: async (p: string) => {
          note('fs.read', [p]);
          try {
            return readFileSync(p, 'utf8');
          } catch (e) {
            throw fsError(e, 'read', p);
          }
        },
        write: async (p: string, text: string) => {
          note('fs.write', [p]);
          await host.slowFs();
          try {
            mkdirSync(dirname(p), { recursive: true, mode: 0o700 });
            writeFileSync(p, text, { mode: 0o600 });
          } catch (e) {
            throw fsError(e, 'write', p);
          }
        },
        list: async (p: string) => {
          note('fs.list', [p]);
          try {
            return readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, kind: d.isDirectory() ? 'dir' : d.isFile() ? 'file' : 'other', size: 0, mtimeMs: 0, isLink: d.isSymbolicLink() }));
          } catch (e) {
            throw fsError(e, 'list', p);
          }
        },
        stat: async (p: string, options?: { resolve: boolean }) => {
          note('fs.stat', options ? [p, options] : [p]);
          await host.slowFs();
          return statAsClaudeCode(p, options?.resolve === true);
        },
      },
      env: {
        get: async (name: string) => {
          note('env.get', [name]);
          return host.opts.env[name];
        },
        set: async (name: string, value: string | undefined) => {
          note('env.set', [name, value]);
          host.envSet[name] = value;
          return {};
        },
      },
      process: {
        hookEnv: async () => {
          note('process.hookEnv', []);
          return { ...host.opts.hookEnv };
        },
        run: async (argv: string[], init: { cwd?: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number }) => {
          note('process.run', [argv[0]]);
          const r = spawnSync(argv[0]!, argv.slice(1), { cwd: init.cwd, env: { ...process.env, ...init.env }, input: init.stdin, timeout: init.timeoutMs, encoding: 'utf8' });
          // a child that exits without reading its stdin is not a failure (EPIPE on the input)
          if (r.error && !((r.error as NodeJS.ErrnoException).code === 'EPIPE' && r.status !== null)) throw r.error;
          return { exitCode: r.status ?? 1, stdout: r.stdout, stderr: r.stderr, isStdoutTruncated: false, isStderrTruncated: false };
        },
      },
      http: {
        fetch: async (url: string, init: RequestInit) => {
          note('http.fetch', [url]);
          const r = await fetch(url, init);
          return { status: r.status, ok: r.ok, headers: {}, text: await r.text() };
        },
      },
      session: {
        version: async () => {
          note('session.version', []);
          return { version: '2.1.332', base: '2.1.332', builtAt: '2026-11-24T19:09:44Z' };
        },
      },
      ui: {
        log: (text: string, options?: { to?: string }) => {
          note('ui.log', [text]);
          host.logs.push({ text, debug: options?.to === 'debug' });
        },
        invalidate: (event: string) => note('ui.invalidate', [event]),
        resolve: () => ({ Text: 'Text', Box: 'Box' }),
      },
    };
  }

  private find(event: string): Registration {
    const r = this.registrations.find((x) => x.event === event);
    if (!r) throw new Error(`the mod does not hook ${event}`);
    return r;
  }

  /**
   * Raise one event the way Claude Code raises it: the hook, and when it throws, its `.catch`
   * handler. `beneath` is what the hooks beneath it answer when it calls next(e).
   */
  async raise(event: string, e: Record<string, unknown>, beneath: unknown = {}): Promise<HookResult> {
    const r = this.find(event);
    const start = this.calls.length;
    let calledNext = false;
    const next = Object.assign(
      async (x: unknown) => {
        calledNext = true;
        next.called = true;
        return event === 'tool.call' ? x : beneath;
      },
      { called: false },
    );
    let value: unknown;
    try {
      value = await r.hook(this.dollar(), e, next);
    } catch (err) {
      if (!r.onError) throw err;
      value = await r.onError(this.dollar(), e, next);
    }
    return { value, calls: this.calls.slice(start), calledNext };
  }

  /** Call a registration's `.catch` handler directly, as Claude Code does when the hook threw. */
  async raiseFailure(event: string, e: Record<string, unknown>, beneath: unknown = {}): Promise<unknown> {
    const r = this.find(event);
    if (!r.onError) throw new Error(`${event} has no .catch`);
    const next = Object.assign(async () => beneath, { called: false });
    return r.onError(this.dollar(), e, next);
  }

  /** What the band above the prompt draws now (null: nothing of stopline's). */
  async band(): Promise<string | null> {
    const r = this.registrations.find((x) => x.event === 'ui.render');
    if (!r) return null;
    const drawn = (await r.hook(this.dollar(), { component: 'AbovePrompt', props: {} }, async () => null)) as { children?: unknown[] } | null;
    return drawn && Array.isArray(drawn.children) ? String(drawn.children[0]) : null;
  }

  /** Let queued write-outs finish. */
  async settle(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  }
}
