/**
 * Pieces every adapter that runs inside its host's own process needs (the OpenCode plugin,
 * the Pi extension), none of which knows a host:
 *
 * - KeyedQueue: serialises work per key (a session) and lets a later step wait until
 *   everything queued before it is done, so a tool decision never races the prompt that
 *   armed the contract;
 * - BoundedSet: "seen once" memory that cannot grow without limit in a long-lived process;
 * - InProcessHooks: the person's universal hooks, config loaded once per project folder for
 *   the life of the process, dispatched and folded with the guard's outcome;
 * - timing: the test instrument behind STOPLINE_TIMING_FILE (decision cost per call).
 */
import { appendFileSync } from 'node:fs';
import type { CanonicalEvent } from './canonical';
import { withPersonHooks } from './answer';
import type { Answer, PersonHooks } from './answer';
import { hasHooks, loadHooksConfigFromSystem } from './hooks';
import type { CombinedOutcome, Dialect, DispatchInput, HooksConfig } from './hooks';
import type { Outcome } from './outcome';

/** Runs tasks one after another per key; tasks of different keys run independently. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Queue `task` behind everything already queued for `key`. The task is chained
   * synchronously, so a caller that queues and then immediately asks `idle(key)` waits for it.
   * A failing task never blocks the tasks after it.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every task queued for `key` so far has settled (at once when none is). */
  idle(key: string): Promise<void> {
    return this.tails.get(key) ?? Promise.resolve();
  }

  /** Number of keys with work in flight (for tests and leak checks). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

/** A set that forgets its oldest entries beyond `limit`. */
export class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly limit = 1024) {}

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Adds `key`; returns false when it was already there. */
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    this.items.add(key);
    while (this.items.size > this.limit) {
      const oldest = this.items.values().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}

/** A Map that forgets its oldest entries beyond `limit`. */
export class BoundedMap<V> {
  private readonly items = new Map<string, V>();
  constructor(private readonly limit = 1024) {}

  get(key: string): V | undefined {
    return this.items.get(key);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  set(key: string, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
    while (this.items.size > this.limit) {
      const oldest = this.items.keys().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Test instrument, off unless STOPLINE_TIMING_FILE is set: one JSON line per decision with
 * the time the adapter spent inside the host's call (metadata only: artifact, hook, outcome
 * kind, ms). A failure to write is ignored: an instrument never changes an answer.
 */
export function recordTiming(env: Env, artifact: string, hook: string, startedMs: number, outcome: string): void {
  const file = env.STOPLINE_TIMING_FILE;
  if (!file) return;
  try {
    const ms = Math.round((performance.now() - startedMs) * 1000) / 1000;
    appendFileSync(file, JSON.stringify({ artifact, hook, ms, outcome }) + '\n');
  } catch {
    // the instrument must never change the answer
  }
}

/** What an in-process adapter hands to the hooks layer for one event. */
export type HookEventInput = Omit<DispatchInput, 'event' | 'hostFamily' | 'cwd'> & { cwd: string };

/**
 * The person's universal hooks inside a long-lived host process. The config is asked for on
 * every event; the loader keeps its parse while the files are unchanged (one stat per file), so
 * an edited stopline.json or imported hooks file counts on the next tool call without a restart.
 * Never throws: a broken config or a failing hook becomes a diagnostic line and the guard's
 * answer stands.
 */
export class InProcessHooks {
  /** project folder -> the load errors last reported there (each is said once, until it changes) */
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly env: Env,
    private readonly hostFamily: string,
    /** dialects the host runs natively (none for OpenCode and Pi) */
    private readonly skipDialects: readonly Dialect[] = [],
    private readonly load: (projectDir: string) => HooksConfig = (dir) => loadHooksConfigFromSystem(dir, { env, skipDialects }),
  ) {}

  /** The current config for a project folder (re-read by the loader only when a file changed). */
  configFor(projectDir: string): HooksConfig {
    return this.load(projectDir);
  }

  /** Load errors not yet reported for this folder: said once, and again only after they change. */
  private freshLoadErrors(projectDir: string, config: HooksConfig): string[] {
    const lines = config.diagnostics.filter((d) => d.level === 'error').map((d) => `hooks: ${d.message}`);
    const said = lines.join('\n');
    if ((this.reported.get(projectDir) ?? '') === said) return [];
    if (this.reported.size >= 256 && !this.reported.has(projectDir)) this.reported.clear();
    this.reported.set(projectDir, said);
    return lines;
  }

  /** Whether any hook is configured for this event in this project. */
  has(event: CanonicalEvent, projectDir: string): boolean {
    try {
      return hasHooks(this.configFor(projectDir), event);
    } catch {
      return false;
    }
  }

  /**
   * The person's hooks for `event`, for core/answer to dispatch and fold with the guard's outcome
   * (a guard deny always stands). Load errors are said once per folder, until they change.
   */
  personHooks(event: CanonicalEvent, projectDir: string, input: HookEventInput, signal?: AbortSignal): PersonHooks {
    return {
      config: () => this.configFor(projectDir),
      loadErrors: (config) => this.freshLoadErrors(projectDir, config),
      input: { ...input, event, hostFamily: this.hostFamily, projectDir },
      skipDialects: this.skipDialects,
      env: this.env,
      ...(signal ? { signal } : {}),
    };
  }

  /** Dispatch `event` and fold the result with the guard's outcome. Never throws. */
  run(event: CanonicalEvent, projectDir: string, input: HookEventInput, guard: Outcome, signal?: AbortSignal): Promise<Answer> {
    return withPersonHooks(guard, this.personHooks(event, projectDir, input, signal));
  }
}

/** Extra text a hook fold can carry besides the guard's message (tool:after feedback, system messages). */
export function hookExtras(o: Outcome | CombinedOutcome): { feedback?: string; messages: string[]; stop: boolean; stopReason?: string } {
  const c = o as Partial<CombinedOutcome>;
  const out: { feedback?: string; messages: string[]; stop: boolean; stopReason?: string } = { messages: Array.isArray(c.messages) ? c.messages : [], stop: c.stop === true };
  if (typeof c.feedback === 'string' && c.feedback !== '') out.feedback = c.feedback;
  if (typeof c.stopReason === 'string') out.stopReason = c.stopReason;
  return out;
}
