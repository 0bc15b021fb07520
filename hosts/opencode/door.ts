/**
 * The OpenCode plugin at run time: one object per plugin load. It is the shared in-process
 * runtime (hosts/shared/in-process) plus OpenCode's jobs, each in its own file:
 *
 * - sessions.ts: the session tree (parents from events, else read through the SDK);
 * - sdk.ts: the SDK calls, bounded in time, and context injection;
 * - prompts.ts: which words are the person's, and the agent-switch policy;
 * - tools.ts: the decision before a tool and the context after it;
 * - compaction.ts: the person's hooks before a compaction.
 *
 * Which OpenCode event goes to which handler is the `handler` column of
 * core/registry/opencode.ts; rows marked `bus` arrive through the `event` hook, which OpenCode
 * does not await and whose throws it only logs, so it never throws and returns at once (the
 * work goes on the session's queue). Every other hook catches its own errors and applies the
 * configured fail mode (open by default).
 */
import type { Env, InProcessHooks } from '../../core/hooks/in-process';
import { pathVars } from '../../core/paths/self-paths';
import { opencodeRegistry } from '../../core/registry/opencode';
import type { OpenCodeHookName } from '../../core/registry/opencode';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
import type { CoreApi } from '../../core/answer/answer';
import { bindHandlers } from '../shared/in-process/handlers';
import type { Bound } from '../shared/in-process/handlers';
import { nodePorts } from '../shared/in-process/node';
import { InProcessRuntime, describe } from '../shared/in-process/runtime';
import { DENY_RESPONSE, labelFor, eventSessionId, messageInfo, personTextPart, sessionEndEvent, sessionInfo } from './adapter';
import { compacting } from './compaction';
import { OpenCodePrompts } from './prompts';
import { OpenCodeSdk } from './sdk';
import type { OpenCodeClient } from './sdk';
import { OpenCodeSessions } from './sessions';
import { OpenCodeTools } from './tools';
import { isRecord } from '../../core/check';

/**
 * @keep OpenCodeClient the OpenCode SDK client the door calls: the tests hand a fake one
 * @keep SdkResult an SDK call's result: the fake client returns them
 */
export type { OpenCodeClient, SdkResult } from './sdk';
/** @keep CoreApi the core the door is handed: the door tests hand a fake one */
export type { CoreApi } from '../../core/answer/answer';

export interface PluginInput {
  client: OpenCodeClient;
  directory?: string;
  worktree?: string;
}

interface DoorDeps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** the host that loaded the plugin: OpenCode (the default) or a fork that loads it unchanged */
  registry?: HostRegistry;
  /** bound for each SDK call (ms); default 5000 */
  sdkTimeoutMs?: number;
}

/** A bus event: what the `event` hook's input carries. */
type BusEvent = Record<string, unknown> & { type: string };

/** OpenCode's handlers, one per job; the registry's `handler` column names them. */
interface OpenCodeHandlers {
  /** session.created / session.updated: the parent; a new root runs the person's session:start hooks */
  'session-info'(event: BusEvent, row: EventEntry): void;
  /** message.updated: a message's role, before its parts arrive */
  'message-info'(event: BusEvent, row: EventEntry): void;
  /** message.part.updated: text that may be the person's */
  'person-text'(event: BusEvent, row: EventEntry): void;
  'turn-stop'(event: BusEvent, row: EventEntry): void;
  'session-end'(event: BusEvent, row: EventEntry): void;
  /** resolves to allow; a deny rejects with the stamp */
  'tool-before'(input: unknown, output: unknown): Promise<void>;
  'tool-after'(input: unknown, output: unknown): Promise<void>;
  compacting(input: unknown, output: unknown): Promise<void>;
}

type HookFn = (input: unknown, output: unknown) => Promise<void>;

/** The hook functions OpenCode calls (the keys of its `Hooks` object). */
export type OpenCodeHooks = { event(input: { event: unknown }): Promise<void> } & Readonly<Record<OpenCodeHookName, HookFn>>;

export class OpenCodeDoor {
  private readonly rt: InProcessRuntime;
  private readonly cwd: string | undefined;
  private readonly sdk: OpenCodeSdk;
  private readonly sessions: OpenCodeSessions;
  private readonly prompts: OpenCodePrompts;
  private readonly tools: OpenCodeTools;
  private readonly bound: Map<string, Bound<OpenCodeHandlers[keyof OpenCodeHandlers]>>;

  constructor(input: PluginInput, deps: DoorDeps) {
    this.cwd = input.directory || input.worktree || undefined;
    const registry = deps.registry ?? opencodeRegistry;
    this.rt = new InProcessRuntime({ registry, label: labelFor(registry), denyResponse: DENY_RESPONSE }, { ...nodePorts(deps.env, deps.log), core: deps.core, hooks: deps.hooks });
    this.sdk = new OpenCodeSdk(this.rt, input.client, deps.sdkTimeoutMs ?? 5000);
    this.sessions = new OpenCodeSessions(this.rt, this.sdk);
    this.prompts = new OpenCodePrompts(this.rt, this.sdk, this.sessions, this.cwd);
    this.tools = new OpenCodeTools(this.rt, this.sessions, this.cwd, pathVars(deps.env));
    this.bound = bindHandlers(registry, this.handlers());
  }

  private handlers(): OpenCodeHandlers {
    return {
      'session-info': (event, row) => {
        const info = sessionInfo(event);
        if (!info) return;
        this.sessions.learn(info);
        if (row.canonical === 'session:start' && info.parentID === null) this.rt.enqueue(info.id, 'event', () => this.prompts.rootCreated(info.id));
      },
      'message-info': (event) => {
        const m = messageInfo(event);
        if (m) this.prompts.learnRole(m.id, m.role);
      },
      'person-text': (event) => {
        const ref = personTextPart(event);
        if (ref) this.rt.enqueue(ref.sessionID, 'event', () => this.prompts.personPart(ref));
      },
      'turn-stop': (event) => {
        const id = eventSessionId(event);
        // OpenCode does not wait for the event hook: a hook's "keep going" cannot be honoured
        if (id) this.rt.enqueue(id, 'event', async () => void (await this.rt.observe('turn:stop', this.cwd, this.rt.hookInput(id, this.cwd, { stopHookActive: false }))));
      },
      'session-end': (event) => {
        const id = eventSessionId(event);
        if (id) this.rt.enqueue(id, 'event', () => this.onDeleted(id));
      },
      'tool-before': (input, output) => this.tools.before(input, output),
      'tool-after': (input, output) => this.tools.after(input, output),
      compacting: (input, output) => compacting(this.rt, this.cwd, input, output),
    };
  }

  hooks(): OpenCodeHooks {
    const hooks: Record<string, unknown> = { event: (input: { event: unknown }) => this.onEvent(input) };
    for (const [native, { row, handler }] of this.bound) if (!row.bus) hooks[native] = handler;
    return hooks as OpenCodeHooks;
  }

  /** The bus events this plugin answers (their rows), for the conformance test. */
  busEvents(): string[] {
    return [...this.bound.values()].filter((b) => b.row.bus).map((b) => b.row.native);
  }

  /** Resolves when all queued prompt work has settled (tests, and a clean shutdown). */
  drain(): Promise<void> {
    return this.rt.drain();
  }

  /** Never throws, returns at once: OpenCode does not await it. Real work goes on the session queue. */
  async onEvent(input: { event: unknown }): Promise<void> {
    try {
      const event = isRecord(input) ? input.event : undefined;
      if (!isRecord(event) || typeof event.type !== 'string') return;
      const bound = this.bound.get(event.type);
      if (bound?.row.bus) (bound.handler as (e: BusEvent, row: EventEntry) => void)(event as BusEvent, bound.row);
    } catch (err) {
      this.rt.say([`event not processed (${describe(err)})`]);
    }
  }

  /** An explicit delete (child first, then root): a root's session end, then the person's session:end hooks. */
  private async onDeleted(sessionId: string): Promise<void> {
    const parent = this.sessions.parentOf(sessionId);
    if (parent === null || parent === undefined) {
      const out = this.rt.decide(sessionEndEvent(sessionId, this.cwd, this.sessions.version, this.rt.registry.family), { cwd: this.cwd, canAsk: false });
      this.rt.say(out.diagnostics);
    }
    await this.rt.observe('session:end', this.cwd, this.rt.hookInput(sessionId, this.cwd, { reason: 'deleted' }));
    this.sessions.forget(sessionId);
    this.prompts.forget(sessionId);
    this.sdk.forget(sessionId);
    this.rt.takeKept(sessionId);
  }
}
