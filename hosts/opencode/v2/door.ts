/**
 * The OpenCode v2 plugin at run time: one object per `setup(ctx)`. Like the 1.x door it is the
 * shared in-process runtime (hosts/shared/in-process) plus OpenCode's jobs; only the way events
 * arrive and answers leave is v2's:
 *
 * - every handler is registered through its context domain, `ctx.<domain>.hook(<name>)`, as the
 *   rows of core/registry/opencode2.ts name them; rows marked `bus` come from ctx.event.subscribe();
 * - the person's prompt reaches `session.hook("prompt")` before the session admits it; the
 *   contract it arms is the root session's standing context, put into the system parts of every
 *   model request of the root and of its subagent sessions (`session.hook("context")`);
 * - before a tool: a deny rejects; a confined command is written into `event.input`; an ask is
 *   kept for the call and given to the host's own permission prompt (`permission.hook("evaluate")`)
 *   when the tool asks the host for permission, otherwise it is a deny;
 * - after a tool: watch notes and the person's hooks' context are added to the result's content.
 *
 * Only execute.before may reject (the one hook v2 declares a failure for); every other handler
 * catches its own errors.
 */
import type { Env, InProcessHooks } from '../../../core/hooks/in-process';
import type { HookEventInput } from '../../../core/hooks/in-process';
import type { CoreApi } from '../../../core/answer/answer';
import type { SessionTree } from '../../../core/answer/controller';
import { pathVars } from '../../../core/paths/self-paths';
import { opencode2Registry } from '../../../core/registry/opencode2';
import { launchesSubagents } from '../../../core/registry/hook-input';
import { findToolEntry } from '../../../core/registry/lookup';
import type { EventEntry } from '../../../core/registry/types';
import { BoundedMap, BoundedSet } from '../../shared/in-process/bounded';
import { bindHandlers } from '../../shared/in-process/handlers';
import type { Bound } from '../../shared/in-process/handlers';
import { nodePorts } from '../../shared/in-process/node';
import type { DoorUi } from '../../shared/in-process/ports';
import { InProcessRuntime, contextTexts, describe } from '../../shared/in-process/runtime';
import { DENY_RESPONSE, isChild, promptEvent, sessionEndEvent, subagentStartEvent } from '../adapter';
import type { Ancestry, ToolCallInput } from '../adapter';
import { OpenCodeSessions } from '../sessions';
import {
  LABEL_V2,
  appendToResult,
  applyRewrite,
  busSessionId,
  callOf,
  denyErrorV2,
  permissionCallId,
  permissionEvaluate,
  sessionContext,
  sessionPrompt,
  sessionRecord,
  subagentSessionId,
  systemParts,
  toolAfter,
  toolBefore,
  toolCallV2,
  toolEventV2,
} from './adapter';
import type { V2Context, V2HookDomain, V2Registration } from './api';
import { isRecord } from '../../../core/check';

interface DoorV2Deps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** bound for each ctx call (ms); default 5000 */
  callTimeoutMs?: number;
}

/** The v2 handlers, one per job; the registry's `handler` column names them. */
interface OpenCodeV2Handlers {
  /** resolves to allow (a confined command written into the event); a deny rejects with the stamp */
  'tool-before'(event: unknown): Promise<void>;
  'tool-after'(event: unknown): Promise<void>;
  /** the person's words (root) or a parent's task (child) */
  prompt(event: unknown): Promise<void>;
  /** the standing contract and waiting context into the request's system parts */
  context(event: unknown): Promise<void>;
  compaction(event: unknown): Promise<void>;
  /** an ask kept for a tool call becomes the host's own permission prompt */
  permission(event: unknown): Promise<void>;
  'session-end'(event: unknown, row: EventEntry): void;
  'turn-stop'(event: unknown, row: EventEntry): void;
}

/** Reasons whose context is the contract itself: it stands for every request until replaced. */
const CONTRACT_REASONS: ReadonlySet<string> = new Set(['CONTRACT_CONTEXT', 'DIRECTIVE_APPLIED', 'CORRECTION_APPLIED']);

export class OpenCodeV2Door {
  private readonly rt: InProcessRuntime;
  private readonly cwd: string | undefined;
  private readonly sessions: OpenCodeSessions;
  private readonly bound: Map<string, Bound<OpenCodeV2Handlers[keyof OpenCodeV2Handlers]>>;
  private readonly paths: { home: string | undefined; vars: Record<string, string> };
  private readonly timeoutMs: number;
  /** root session -> the contract text every request of the root and its children carries */
  private readonly standing = new BoundedMap<string>(1024);
  /** `${session}\0${call}` -> the stamp of an ask waiting for the host's permission prompt */
  private readonly asks = new BoundedMap<string>(1024);
  /** root sessions whose first prompt this process has seen (the person's session:start hooks ran) */
  private readonly rootsSeen = new BoundedSet(2048);
  /** child sessions that got subagent:start */
  private readonly childrenStarted = new BoundedSet(2048);
  /** false until `permission.hook("evaluate")` is registered: then no ask can reach a person */
  private canAskHost = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly ctx: V2Context,
    deps: DoorV2Deps,
  ) {
    const dir = ctx.location?.directory;
    this.cwd = typeof dir === 'string' && dir !== '' ? dir : undefined;
    this.timeoutMs = deps.callTimeoutMs ?? 5000;
    this.rt = new InProcessRuntime({ registry: opencode2Registry, label: LABEL_V2, denyResponse: DENY_RESPONSE }, { ...nodePorts(deps.env, deps.log), core: deps.core, hooks: deps.hooks });
    this.sessions = new OpenCodeSessions(this.rt, { session: (id) => this.readSession(id) });
    const home = deps.env.HOME && deps.env.HOME.trim() !== '' ? deps.env.HOME : undefined;
    this.paths = { home, vars: pathVars(deps.env) };
    this.bound = bindHandlers(opencode2Registry, this.handlers());
  }

  private handlers(): OpenCodeV2Handlers {
    return {
      'tool-before': (event) => this.beforeTool(event),
      'tool-after': (event) => this.afterTool(event),
      prompt: (event) => this.onPrompt(event),
      context: (event) => this.onContext(event),
      compaction: (event) => this.onCompaction(event),
      permission: (event) => this.onPermission(event),
      'session-end': (event) => {
        const id = busSessionId(event);
        if (id) this.rt.enqueue(id, 'session end', () => this.onDeleted(id));
      },
      'turn-stop': (event) => {
        const id = busSessionId(event);
        if (id) this.rt.enqueue(id, 'turn stop', async () => void (await this.rt.observe('turn:stop', this.cwd, this.rt.hookInput(id, this.cwd, { stopHookActive: false }))));
      },
    };
  }

  /**
   * Registers every handler with the host and starts reading the bus. Resolves when the host
   * has every registration; a domain the host lacks, or a hook it refuses, is said once and
   * skipped (without the permission domain an ask is a deny). Only a refused execute.before
   * rejects: then the entry falls back to the fail mode.
   */
  async register(): Promise<V2Registration[]> {
    const registrations: V2Registration[] = [];
    let bus = false;
    for (const [native, { row, handler }] of this.bound) {
      if (row.bus) {
        bus = true;
        continue;
      }
      const dot = native.indexOf('.');
      const domain = (this.ctx as unknown as Record<string, unknown>)[native.slice(0, dot)] as V2HookDomain | undefined;
      if (!domain || typeof domain.hook !== 'function') {
        this.rt.say([`${native} not registered: this OpenCode has no ${native.slice(0, dot)} hooks`]);
        continue;
      }
      try {
        registrations.push(await domain.hook(native.slice(dot + 1), handler as (event: unknown) => Promise<void>));
      } catch (err) {
        // without the decision before a tool there is no guard: the entry's fail mode takes over
        if (row.handler === 'tool-before') throw err;
        this.rt.say([`${native} not registered (${describe(err)})`]);
        continue;
      }
      if (row.handler === 'permission') this.canAskHost = true;
    }
    if (bus) this.listen();
    return registrations;
  }

  /** The cleanup setup returns: stop reading the bus and let queued work settle. */
  async dispose(): Promise<void> {
    this.stop.abort();
    await this.rt.drain();
  }

  /** Resolves when all queued work has settled (tests). */
  drain(): Promise<void> {
    return this.rt.drain();
  }

  // ------------------------------------------------------------------ the bus

  private listen(): void {
    const subscribe = this.ctx.event?.subscribe;
    if (typeof subscribe !== 'function') {
      this.rt.say(['session end and turn stop not seen: this OpenCode has no event stream']);
      return;
    }
    void (async () => {
      for await (const event of subscribe.call(this.ctx.event, { signal: this.stop.signal })) {
        if (this.stop.signal.aborted) break;
        this.onBusEvent(event);
      }
    })().catch((err: unknown) => {
      if (!this.stop.signal.aborted) this.rt.say([`event stream ended (${describe(err)}); session end and turn stop are no longer seen`]);
    });
  }

  /** Never throws: the stream must go on. */
  onBusEvent(event: unknown): void {
    try {
      if (!isRecord(event) || typeof event.type !== 'string') return;
      const bound = this.bound.get(event.type);
      if (bound?.row.bus) (bound.handler as (e: unknown, row: EventEntry) => void)(event, bound.row);
    } catch (err) {
      this.rt.say([`event not processed (${describe(err)})`]);
    }
  }

  // ------------------------------------------------------------------ sessions

  private async readSession(id: string): Promise<unknown> {
    const get = this.ctx.session.get;
    if (typeof get !== 'function') throw new Error('ctx.session.get is missing');
    const record = sessionRecord(await this.rt.within('ctx.session.get', this.timeoutMs, () => get.call(this.ctx.session, { sessionID: id })));
    if (!record) throw new Error('ctx.session.get returned no session');
    return record;
  }

  private hookInput(ancestry: Ancestry, call: ToolCallInput, args: unknown, extra: Partial<HookEventInput> = {}): HookEventInput {
    const base = this.rt.hookInput(ancestry.rootId, this.cwd, isChild(ancestry) ? { agentId: ancestry.sessionId } : {});
    return this.rt.toolHookInput(base, { tool: call.tool, callId: call.callID, args }, extra);
  }

  private eventCtx(ancestry: Ancestry, agent: string | undefined, canAsk: boolean) {
    return { ancestry, cwd: this.cwd, env: this.rt.env, vars: this.paths.vars, canAsk, ...(agent ? { agent } : {}) };
  }

  // ------------------------------------------------------------------ tools

  /**
   * Decide before a tool runs. A deny rejects with the stamp; a confined command replaces the
   * model's in `event.input`; an ask waits for the host's permission prompt when the tool asks
   * the host for one (and this OpenCode lets a plugin set the answer), else it is a deny.
   */
  async beforeTool(raw: unknown): Promise<void> {
    // set once the call is known to reach the host's permission prompt: then the runtime's
    // "ask the person" hands the stamp over to that prompt, which asks after this hook returns
    const hostAsk: { key?: string } = {};
    const ui: DoorUi = {
      get available() {
        return hostAsk.key !== undefined;
      },
      notify: (text) => this.rt.say([text]),
      confirm: async (_title, stamp) => {
        if (hostAsk.key === undefined) return false;
        this.asks.set(hostAsk.key, stamp);
        return true;
      },
    };
    let callKey: string | undefined;
    let event: ReturnType<typeof toolBefore> | undefined;
    const row = this.rt.row('tool-before');
    const decided = await this.rt.beforeTool('tool.execute.before', { cwd: this.cwd, ui, row, tell: (m) => this.rt.say([m]) }, async () => {
      event = toolBefore(raw);
      const call = callOf(event);
      const entry = findToolEntry(opencode2Registry, call.tool);
      callKey = `${call.sessionID}\0${call.callID}`;
      const canAsk = this.canAskHost && !!entry?.hostPermission && call.callID !== '';
      if (canAsk) hostAsk.key = callKey;
      const ancestry = await this.sessions.ancestry(call.sessionID);
      // the prompt that armed the contract must be processed before anything is decided
      await this.rt.idle(call.sessionID);
      if (ancestry.rootId !== call.sessionID) await this.rt.idle(ancestry.rootId);
      const tree: SessionTree | undefined = ancestry.certain ? undefined : { kind: 'unreadable', why: `the parent chain of session ${call.sessionID.slice(0, 12)}… could not be read` };
      const args = event.input;
      const ctx = this.eventCtx(ancestry, event.agent, canAsk);
      const answer = await this.rt.answer(toolEventV2('action.before', call, args, ctx), { row, call: toolCallV2(row, call, args, ctx) }, this.hookInput(ancestry, call, args), { cwd: this.cwd, canAsk, ...(tree ? { tree } : {}) });
      return { answer, sessionId: call.sessionID, callId: call.callID };
    });
    if (decided && 'block' in decided) {
      if (callKey) this.asks.take(callKey);
      throw denyErrorV2(decided.block);
    }
    // the guard lets this call go only confined: a call whose command cannot be placed does not go
    if (decided && 'rewrite' in decided && (!event || !applyRewrite(event, decided.rewrite))) {
      if (callKey) this.asks.take(callKey);
      throw denyErrorV2({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
    }
  }

  /** After a tool ran (completed or failed): evidence, and context added to what the model reads. */
  async afterTool(raw: unknown): Promise<void> {
    const started = this.rt.now();
    let kind = 'none';
    try {
      const event = toolAfter(raw);
      const call = callOf(event);
      // an ask the tool never put to the host is dropped with the call
      this.asks.take(`${call.sessionID}\0${call.callID}`);
      const ancestry = await this.sessions.ancestry(call.sessionID);
      const failed = event.status !== 'completed';
      const guardEvent = ancestry.certain && !failed ? toolEventV2('action.after', call, event.input, this.eventCtx(ancestry, event.agent, false)) : null;
      const response = failed ? event.error : event.result?.output ?? event.result?.content;
      const out = await this.rt.answer(guardEvent, { row: this.rt.row('tool-after') }, this.hookInput(ancestry, call, event.input, { toolResponse: response, toolFailed: failed }), { cwd: this.cwd, canAsk: false });
      kind = out.kind;
      this.rt.say(out.diagnostics);
      const texts = this.rt.afterTexts(call.sessionID, call.callID, out);
      if (launchesSubagents(findToolEntry(opencode2Registry, call.tool))) texts.push(...(await this.subagentEnd(ancestry, call, event)));
      if (!appendToResult(event, texts)) this.rt.keep(call.sessionID, texts);
    } catch (err) {
      // nothing to stop after the tool ran; the fail mode's answer is a diagnostic
      const out = this.rt.failure(err, this.cwd);
      kind = `fail-${out.kind}`;
      this.rt.say(out.diagnostics);
    }
    this.rt.timed('tool.execute.after', started, kind);
  }

  private async subagentEnd(ancestry: Ancestry, call: ToolCallInput, event: { input: unknown } & Parameters<typeof subagentSessionId>[0]): Promise<string[]> {
    if (!this.rt.hasHooks('subagent:end', this.cwd)) return [];
    const agentType = isRecord(event.input) && typeof event.input.agent === 'string' ? event.input.agent : undefined;
    const agentId = subagentSessionId(event);
    return this.rt.observe('subagent:end', this.cwd, this.rt.hookInput(ancestry.rootId, this.cwd, { ...(agentType ? { agentType } : {}), ...(agentId ? { agentId } : {}), stopHookActive: false, toolUseId: call.callID }));
  }

  /** A permission the host evaluates for a call stopline kept an ask for: the person is asked, with the stamp. */
  async onPermission(raw: unknown): Promise<void> {
    await this.rt.safely('permission.evaluate', () => {
      const event = permissionEvaluate(raw);
      if (!event) return;
      const callId = permissionCallId(event);
      if (!callId) return;
      const stamp = this.asks.take(`${event.sessionID}\0${callId}`);
      // a configured deny stays a deny; anything else becomes the person's question
      if (stamp === undefined || event.effect === 'deny') return;
      event.effect = 'ask';
      event.message = stamp;
    });
  }

  // ------------------------------------------------------------------ prompts and context

  /** The prompt before admission: processed on the session's queue, awaited, never thrown. */
  async onPrompt(raw: unknown): Promise<void> {
    const event = sessionPrompt(raw);
    if (!event) return;
    const { sessionID } = event;
    const text = event.prompt.text;
    const agent = isRecord(raw) && typeof raw.agent === 'string' ? raw.agent : undefined;
    this.rt.enqueue(sessionID, 'prompt', () => this.promptOf(sessionID, text, agent));
    await this.rt.safely('prompt', () => this.rt.idle(sessionID));
  }

  private async promptOf(sessionID: string, text: string, agent: string | undefined): Promise<void> {
    const ancestry = await this.sessions.ancestry(sessionID);
    const ctx = { cwd: this.cwd, ...(agent ? { agent } : {}) };
    if (isChild(ancestry)) {
      // no known root: nothing to share, and never authority
      if (!ancestry.certain || !this.childrenStarted.add(sessionID)) return;
      const out = await this.rt.answer(subagentStartEvent(ancestry, ctx), { row: this.rt.row('prompt'), canonical: 'subagent:start' }, this.rt.hookInput(ancestry.rootId, this.cwd, { agentId: sessionID, ...(agent ? { agentType: agent } : {}) }), { cwd: this.cwd, canAsk: false });
      this.rt.say(out.diagnostics);
      // the contract itself comes from the root at every request; the hooks' context once
      this.rt.keep(sessionID, contextTexts(out).filter((t) => t !== out.guard?.message));
      return;
    }
    const root = ancestry.rootId;
    if (this.rootsSeen.add(root)) {
      this.rt.sessionStarted();
      this.rt.keep(root, await this.rt.observe('session:start', this.cwd, this.rt.hookInput(root, this.cwd, { source: 'startup' })));
    }
    const out = await this.rt.answer(promptEvent(ancestry, text, ctx), { row: this.rt.row('prompt') }, this.rt.hookInput(root, this.cwd, { prompt: text }), { cwd: this.cwd, canAsk: false });
    this.rt.say(out.diagnostics);
    if (out.notice) this.rt.say([out.notice]);
    for (const m of out.messages ?? []) this.rt.say([m]);
    const guard = out.guard;
    const contract = guard?.kind === 'context' && guard.message && guard.reasonCode && CONTRACT_REASONS.has(guard.reasonCode) ? guard.message : undefined;
    if (contract) this.standing.set(root, contract);
    // the session has already taken the prompt (this hook cannot refuse it): a refusal is told
    const once = contextTexts(out).filter((t) => t !== contract);
    if (out.kind === 'deny' || out.kind === 'ask') once.unshift(`A hook configured by the person refused this prompt: ${out.message ?? 'blocked by a hook'}`);
    this.rt.keep(root, once);
  }

  /** Before a model request: the root's contract (also in its subagent sessions) and the waiting context. */
  async onContext(raw: unknown): Promise<void> {
    await this.rt.safely('context', async () => {
      const event = sessionContext(raw);
      if (!event) return;
      const ancestry = await this.sessions.ancestry(event.sessionID);
      const standing = ancestry.certain ? this.standing.get(ancestry.rootId) : undefined;
      event.system.push(...systemParts([...(standing ? [standing] : []), ...this.rt.takeKept(event.sessionID)]));
    });
  }

  /** compact:before for the person's hooks: their context goes into the compaction request. */
  async onCompaction(raw: unknown): Promise<void> {
    await this.rt.safely('compaction', async () => {
      const event = sessionContext(raw);
      if (!event || !this.rt.hasHooks('compact:before', this.cwd)) return;
      const texts = await this.rt.observe('compact:before', this.cwd, this.rt.hookInput(event.sessionID, this.cwd, { trigger: 'auto' }));
      event.system.push(...systemParts(texts));
    });
  }

  /** A deleted session: a root's session end, then the person's session:end hooks. */
  private async onDeleted(sessionId: string): Promise<void> {
    const parent = this.sessions.parentOf(sessionId);
    if (parent === null || parent === undefined) {
      const out = this.rt.decide(sessionEndEvent(sessionId, this.cwd), { cwd: this.cwd, canAsk: false });
      this.rt.say(out.diagnostics);
      this.standing.delete(sessionId);
    }
    await this.rt.observe('session:end', this.cwd, this.rt.hookInput(sessionId, this.cwd, { reason: 'deleted' }));
    this.sessions.forget(sessionId);
    this.rt.takeKept(sessionId);
  }
}
