/**
 * An in-memory OpenCode v2 around a plugin's `setup(ctx)`, shaped as the v2 source runs a
 * Promise plugin (test/fixtures/opencode2/README.md): each domain's `hook(name, fn)` keeps the
 * callback, and a trigger hands every callback the same mutable event object in order, awaiting
 * each, and returns the event as the host then reads it; a rejection stops the call (for
 * execute.before the tool does not run). `session.get` answers from a session table, the event
 * stream is a queue the test pushes to. Runs under Node (vitest) and Bun (the artifact test).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES_V2 = join(__dirname, '..', '..', 'fixtures', 'opencode2');

/** A fixture's event with `{{project}}` replaced; a fresh copy each time. */
export function v2Event(name: string, project = '/project'): Record<string, unknown> {
  const text = readFileSync(join(FIXTURES_V2, name), 'utf8').replaceAll('{{project}}', project);
  const doc = JSON.parse(text) as Record<string, unknown>;
  return (doc.event ?? doc.record) as Record<string, unknown>;
}

type Callback = (event: unknown) => Promise<void> | void;

export class FakeV2 {
  /** `domain.name` -> callbacks in registration order */
  readonly hooks = new Map<string, Callback[]>();
  readonly sessions = new Map<string, Record<string, unknown>>();
  /** calls the plugin made (`session.get`, `event.subscribe`, ...) */
  readonly calls: string[] = [];
  /** domains this OpenCode does not have (an early v2 without `permission`) */
  readonly without: Set<string>;
  private readonly pending: unknown[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  subscribed = false;

  constructor(
    readonly project: string,
    opts: { without?: string[] } = {},
  ) {
    this.without = new Set(opts.without ?? []);
  }

  addSession(id: string, parentID?: string): void {
    this.sessions.set(id, { id, ...(parentID ? { parentID } : {}), agent: parentID ? 'explore' : 'build', location: { directory: this.project } });
  }

  private domain(name: string) {
    return {
      hook: async (hook: string, callback: Callback) => {
        const key = `${name}.${hook}`;
        this.hooks.set(key, [...(this.hooks.get(key) ?? []), callback]);
        return { dispose: () => void this.hooks.set(key, (this.hooks.get(key) ?? []).filter((c) => c !== callback)) };
      },
    };
  }

  /** The context v2 hands to `setup`. */
  context(): Record<string, unknown> {
    const ctx: Record<string, unknown> = {
      tool: this.domain('tool'),
      session: {
        ...this.domain('session'),
        get: async ({ sessionID }: { sessionID: string }) => {
          this.calls.push('session.get');
          const s = this.sessions.get(sessionID);
          if (!s) throw new Error(`Session not found: ${sessionID}`);
          return structuredClone(s);
        },
      },
      permission: this.domain('permission'),
      event: {
        subscribe: (options?: { signal?: AbortSignal }) => {
          this.calls.push('event.subscribe');
          this.subscribed = true;
          return this.stream(options?.signal);
        },
      },
      location: { directory: this.project },
      options: {},
    };
    for (const d of this.without) delete ctx[d];
    return ctx;
  }

  private stream(signal?: AbortSignal): AsyncIterable<unknown> {
    signal?.addEventListener('abort', () => {
      this.closed = true;
      this.wake?.();
    });
    return {
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<unknown>> => {
          while (this.pending.length === 0 && !this.closed) await new Promise<void>((r) => (this.wake = r));
          if (this.pending.length === 0) return { done: true, value: undefined };
          return { done: false, value: this.pending.shift() };
        },
        return: async (): Promise<IteratorResult<unknown>> => {
          this.closed = true;
          return { done: true, value: undefined };
        },
      }),
    };
  }

  /** A bus event, as ctx.event.subscribe() yields it. */
  publish(event: unknown): void {
    this.pending.push(event);
    this.wake?.();
  }

  /** The host calling `domain.name`: every callback with the same event; a rejection propagates. */
  async trigger<E>(key: string, event: E): Promise<E> {
    for (const callback of this.hooks.get(key) ?? []) await callback(event);
    return event;
  }

  has(key: string): boolean {
    return (this.hooks.get(key) ?? []).length > 0;
  }
}
