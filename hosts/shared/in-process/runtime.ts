/**
 * The runtime every in-process door shares (the OpenCode plugin, the Pi extension, and any door
 * that runs inside its host's own process). A door is its host's table (core/registry), a typed
 * handler map (./handlers.ts) and the translation in and out (hosts/<host>/adapter.ts); this
 * runtime holds the rest, once:
 *
 * - the answer: the guard's event and the person's hooks for its canonical event, on the one
 *   answer path (core/answer/answer.ts) with this door's ports, as a hook process answers;
 * - the fail mode on an error, with the diagnostic lines said once, prefixed with the door's label;
 * - the before/after handoff: a watch note decided before a tool reaches the model after it;
 * - context waiting for the host's next chance to give it to the model;
 * - the per-session queue, so a tool decision never races the prompt that armed the contract;
 * - timing (the STOPLINE_TIMING_FILE instrument) and the dashboard autostart, through ports.
 *
 * It imports no Node built-in, directly or through what it imports (a test keeps it so): the
 * clock, timers, log, folder, timing file and dashboard are ports (./ports.ts).
 */
import type { CanonicalEvent } from '../../../core/canonical';
import type { SessionTree } from '../../../core/answer/controller';
import type { HookEventInput } from '../../../core/hooks/in-process';
import { answer, errorMessage, failAnswer, labelLines } from '../../../core/answer/answer';
import type { Answer, ToolCall } from '../../../core/answer/answer';
import type { Outcome, Rewrite } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import type { ControlEvent } from '../../../core/protocol';
import { toolHookInput } from '../../../core/registry/hook-input';
import { findToolEntry } from '../../../core/registry/lookup';
import type { EventEntry, HostRegistry } from '../../../core/registry/types';
import { BoundedMap, KeyedQueue } from './bounded';
import type { DoorUi, Env, NoticeLevel, RuntimePorts } from './ports';

interface DoorSpec {
  /** the host's table: its tool rows give the person's hooks their input, its event rows the handlers */
  registry: HostRegistry;
  /** prefix of every line this door writes, e.g. `stopline (pi)` */
  label: string;
  /** how a deny reaches the host, as the evidence records it */
  denyResponse: string;
  /** how many sessions may have context waiting at once (default 1024) */
  pendingLimit?: number;
}

/** Where one answer happens: the project folder the host named (if any) and whether a person can answer an ask. */
interface AnswerPlace {
  cwd: string | undefined;
  canAsk: boolean;
  /** where the session sits when the event cannot say it (OpenCode: an unreadable parent chain) */
  tree?: SessionTree;
}

/** One tool call as the person's hooks receive it. */
interface ToolCallRef {
  tool: string;
  callId: string;
  args: unknown;
}

/** Which event an answer is for: its row (the handler's), the canonical event the person's hooks run for, the tool call. */
interface AnswerOn {
  row: EventEntry;
  /** default: the row's own canonical event */
  canonical?: CanonicalEvent;
  call?: ToolCall;
}

/** What happens to a tool call once it was answered: blocked with this outcome, run with another command, or run as it is. */
type BeforeTool = { block: Outcome } | { rewrite: Rewrite } | null;

/** The message of an error, without a stack. */
export const describe = errorMessage;

/** Every context text of an answer, guard first. */
export function contextTexts(o: Answer): string[] {
  if (Array.isArray(o.contexts)) return o.contexts.filter((t) => t.trim() !== '');
  return o.kind === 'context' && o.message ? [o.message] : [];
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export class InProcessRuntime {
  readonly env: Env;
  readonly label: string;
  readonly registry: HostRegistry;
  /** per-session work (prompt processing); a tool decision waits for its session's queue */
  private readonly queue = new KeyedQueue();
  /** `${session}\0${call}` -> the watch note decided before a tool ran */
  private readonly beforeNotes = new BoundedMap<string>(1024);
  /** session -> context texts waiting for the host's next chance to hand them to the model */
  private readonly waiting: BoundedMap<string[]>;

  constructor(
    private readonly spec: DoorSpec,
    private readonly ports: RuntimePorts,
  ) {
    this.env = ports.env;
    this.label = spec.label;
    this.registry = spec.registry;
    this.waiting = new BoundedMap<string[]>(spec.pendingLimit ?? 1024);
  }

  get core(): RuntimePorts['core'] {
    return this.ports.core;
  }

  // ------------------------------------------------------------------ reporting

  /** Log lines under the door's label. Never throws. */
  say(lines: readonly string[] | undefined): void {
    for (const l of labelLines(this.label, lines)) {
      try {
        this.ports.log(l);
      } catch {
        // a broken log must not break a decision
      }
    }
  }

  /** A notice for the person; a UI that fails does not change the decision. */
  notify(ui: DoorUi, text: string, level: NoticeLevel = 'info'): void {
    try {
      ui.notify(text, level);
    } catch {
      // notifications are a courtesy; the decision stands without them
    }
  }

  /** Ask the person; no UI, no answer in time, or a failing dialog is a "no". */
  async approved(ui: DoorUi, title: string, body: string): Promise<boolean> {
    if (!ui.available) return false;
    try {
      return (await ui.confirm(title, body)) === true;
    } catch (err) {
      this.say([`approval dialog failed, counted as no (${describe(err)})`]);
      return false;
    }
  }

  /**
   * The fail mode's answer to an error (core/answer/answer.ts `failAnswer`: the core reads
   * STOPLINE_FAIL_OPEN and the config), for the row's event when it is given. When even that
   * fails the door fails open: it cannot know that the person asked for closed.
   */
  failure(err: unknown, cwd: string | undefined, row: Pick<EventEntry, 'control'> | null = null): Answer {
    return failAnswer(this.ports.core, err, { env: this.env, ...(cwd ? { cwd } : {}) }, row);
  }

  /** The row of the handler that answers an event (the `handler` column); a door names only its own. */
  row(handler: string): EventEntry {
    const row = this.registry.events.find((e) => e.handler === handler);
    if (!row) throw new Error(`${this.registry.displayName} has no event row with the handler "${handler}"`);
    return row;
  }

  /** Run a handler whose failure can only be a diagnostic (nothing to block there). Never throws. */
  async safely<T>(name: string, fn: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.say([`${name} not processed (${describe(err)})`]);
      return undefined;
    }
  }

  // ------------------------------------------------------------------ answers

  /** The project folder: the one the host named, else the process's. */
  dir(cwd: string | undefined): string {
    return cwd ?? this.ports.cwd();
  }

  private options(place: AnswerPlace) {
    return { env: this.env, ...(place.cwd ? { cwd: place.cwd } : {}), canAsk: place.canAsk, denyResponse: this.spec.denyResponse, ...(place.tree ? { tree: place.tree } : {}) };
  }

  /** The guard alone (an event the person's hooks do not see, such as a session end). */
  decide(event: ControlEvent, place: AnswerPlace): Outcome {
    return this.ports.core.handleEvent(event, this.options(place));
  }

  /**
   * The guard on `event` (null: none) and the person's hooks for the event's canonical one, on
   * the one answer path (core/answer/answer.ts) with this door's ports: the row's gates apply as in a
   * hook process. A core that throws is the caller's error to handle.
   */
  async answer(event: ControlEvent | null, on: AnswerOn, input: HookEventInput, place: AnswerPlace): Promise<Answer> {
    const canonical = on.canonical ?? on.row.canonical;
    const hooks = canonical ? this.ports.hooks.port(canonical, this.dir(place.cwd), input) : undefined;
    return answer(event, { ...this.options(place), row: on.row, ...(on.call ? { call: on.call } : {}) }, { core: this.ports.core, ...(hooks ? { hooks } : {}) });
  }

  /** What the person's hooks receive for one event. */
  hookInput(sessionId: string, cwd: string | undefined, extra: Partial<HookEventInput> = {}): HookEventInput {
    return { sessionId, cwd: this.dir(cwd), ...extra };
  }

  /** A tool call for the person's hooks: the host's name and input, and Claude's (from the tool row). */
  toolHookInput(base: HookEventInput, call: ToolCallRef, extra: Partial<HookEventInput> = {}): HookEventInput {
    const entry = findToolEntry(this.registry, call.tool);
    const canonicalInput = toolHookInput(this.registry, call.tool, call.args);
    return {
      ...base,
      toolName: call.tool,
      ...(entry?.canonical ? { canonicalToolName: entry.canonical } : {}),
      ...(call.callId ? { toolUseId: call.callId } : {}),
      rawInput: call.args,
      ...(canonicalInput ? { canonicalInput } : {}),
      ...extra,
    };
  }

  /**
   * The person's hooks on an event the guard does not answer, when some are configured: their
   * lines are said, their context texts returned (the door decides where they can go).
   */
  async observe(canonical: CanonicalEvent, cwd: string | undefined, input: HookEventInput): Promise<string[]> {
    if (!this.ports.hooks.has(canonical, this.dir(cwd))) return [];
    const out = await answer(null, { env: this.env, row: OBSERVED }, { core: this.ports.core, hooks: this.ports.hooks.port(canonical, this.dir(cwd), input) });
    this.say(out.diagnostics);
    return contextTexts(out);
  }

  /** Whether the person configured hooks for this event (skip work nobody reads). */
  hasHooks(canonical: CanonicalEvent, cwd: string | undefined): boolean {
    return this.ports.hooks.has(canonical, this.dir(cwd));
  }

  // ------------------------------------------------------------------ before / after a tool

  /**
   * The answer before a tool runs, the same on every door: the lines said, the hooks' messages
   * shown, a watch note kept for after the tool, and on any error the fail mode. Returns the
   * outcome that blocks (a deny, or an ask nobody approved), the command to run in place of the
   * model's (the door puts it into the host's arguments), or null. Timed as `hook`.
   */
  async beforeTool(hook: string, place: { cwd: string | undefined; ui: DoorUi; row: EventEntry; tell?: (text: string) => void }, run: () => Promise<{ answer: Answer; sessionId: string; callId: string }>): Promise<BeforeTool> {
    const started = this.ports.clock.now();
    let result: BeforeTool = null;
    let kind = 'none';
    try {
      const { answer: out, sessionId, callId } = await run();
      kind = out.kind;
      this.say(out.diagnostics);
      for (const m of out.messages ?? []) (place.tell ?? ((t: string) => this.notify(place.ui, t)))(m);
      if (out.kind === 'deny') result = { block: out };
      else if (out.kind === 'ask') result = (await this.approved(place.ui, 'stopline: allow this action?', stampOf(out))) ? null : { block: out };
      else if (out.kind === 'rewrite' && out.rewrite) result = { rewrite: out.rewrite };
      if ((out.kind === 'context' || out.kind === 'rewrite') && out.message) this.beforeNotes.set(noteKey(sessionId, callId), out.message);
    } catch (err) {
      const out = this.failure(err, place.cwd, place.row);
      kind = `fail-${out.kind}`;
      this.say(out.diagnostics);
      if (out.kind === 'deny' || out.kind === 'ask') result = { block: out };
    }
    this.timed(hook, started, kind);
    return result;
  }

  /**
   * What the model reads after a tool ran: the watch note decided before it (unless the
   * after-check says it again), the context of the answer, a hook's feedback.
   */
  afterTexts(sessionId: string, callId: string, out: Answer): string[] {
    const before = this.beforeNotes.take(noteKey(sessionId, callId));
    const texts = contextTexts(out);
    if (before && !(out.guard?.kind === 'context' && out.guard.message)) texts.unshift(before);
    if (out.feedback) texts.push(out.feedback);
    return texts;
  }

  // ------------------------------------------------------------------ context that waits

  /** Keep context for the session's next chance to reach the model (blank texts are dropped). */
  keep(sessionId: string, texts: readonly string[]): void {
    const kept = texts.filter((t) => t.trim() !== '');
    if (!kept.length) return;
    this.waiting.set(sessionId, [...(this.waiting.get(sessionId) ?? []), ...kept]);
  }

  /** The waiting context, handed over once. */
  takeKept(sessionId: string): string[] {
    return this.waiting.take(sessionId) ?? [];
  }

  // ------------------------------------------------------------------ queue, time, companions

  /** Queue work for a session; its failure is said, never thrown. */
  enqueue(sessionId: string, what: string, task: () => Promise<void>): void {
    void this.queue.run(sessionId, task).catch((err: unknown) => this.say([`${what} not processed (${describe(err)})`]));
  }

  /** Resolves when the session's queued work so far has settled. */
  idle(sessionId: string): Promise<void> {
    return this.queue.idle(sessionId);
  }

  /** Resolves when all queued work has settled (tests, and a clean shutdown). */
  drain(): Promise<void> {
    return this.queue.settled();
  }

  now(): number {
    return this.ports.clock.now();
  }

  /** One timing record for a call that started at `started` (this.now()); a failing sink is ignored. */
  timed(hook: string, started: number, outcome: string): void {
    const sink = this.ports.timing;
    if (!sink) return;
    try {
      sink({ artifact: this.label, hook, ms: Math.round((this.ports.clock.now() - started) * 1000) / 1000, outcome });
    } catch {
      // the instrument must never change the answer
    }
  }

  /** `call()` bounded by `ms`: a TimeoutError naming `what` when it does not settle in time. */
  async within<T>(what: string, ms: number, call: () => Promise<T>): Promise<T> {
    let handle: unknown;
    const timeout = new Promise<never>((_, reject) => {
      handle = this.ports.timers.set(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([call(), timeout]);
    } finally {
      this.ports.timers.clear(handle);
    }
  }

  /** A session started: the dashboard companion, best effort. */
  sessionStarted(): void {
    try {
      this.ports.dashboard?.();
    } catch {
      // a companion is never a blocker
    }
  }
}

/** The row of an event only the person's hooks see (nothing of it can block: their contexts are what counts). */
const OBSERVED: Pick<EventEntry, 'control' | 'blockable'> = { control: null, blockable: false };

function noteKey(sessionId: string, callId: string): string {
  return `${sessionId}\0${callId}`;
}
