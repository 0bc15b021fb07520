/**
 * The OpenCode plugin at run time: one object per plugin load, holding what a long-lived host
 * process needs to remember (session parents, message roles, the last agent per root session,
 * what was injected) and turning OpenCode's calls into core decisions.
 *
 * Rules it keeps (issue 6; facts from ../../../shared/hosts/opencode.md):
 * - only the person's words in a root session arm or change a contract: user text is read
 *   back through the SDK, synthetic/ignored parts and everything this plugin injects never
 *   count, a child session's prompt is the parent's task, and a session whose ancestry cannot
 *   be read never speaks for the person;
 * - work is serialised per session, and `tool.execute.before` waits until the prompt that
 *   came before it has been processed, so the decision sees the contract the person set;
 * - a deny is an Error whose message is the stamp; context goes in with
 *   `client.session.prompt({noReply: true})`, always with the person's agent and model (an
 *   injection without them would switch the session to the default agent: seen on 1.18.33);
 * - the `event` hook is not awaited by OpenCode and a throw there is only logged, so it never
 *   throws and returns at once; every other hook catches its own errors and applies the
 *   configured fail mode (open by default).
 */
import type { CanonicalEvent } from '../../core/canonical';
import type { Outcome } from '../../core/outcome';
import type { ControlEvent } from '../../core/protocol';
import { pathVars } from '../../core/self-paths';
import { answer } from '../../core/answer';
import type { Answer, AnswerCaps, CoreApi } from '../../core/answer';
import type { SessionTree } from '../../core/controller';
import { BoundedMap, BoundedSet, KeyedQueue, hookExtras, recordTiming } from '../../core/inprocess';
import type { Env, HookEventInput, InProcessHooks } from '../../core/inprocess';
import { autostartDashboard } from '../shared/dashboard';
import { contextTexts } from '../shared/in-process';
import { isStoplineCommand } from '../../core/prompt-intent';
import { launchesSubagents } from '../../core/registry/hook-input';
import { findToolEntry } from '../../core/registry/lookup';
import { opencodeRegistry } from '../../core/registry/opencode';
import {
  DENY_RESPONSE,
  LABEL,
  MAX_ANCESTRY_DEPTH,
  agentEditTable,
  appendToToolOutput,
  canonicalInput,
  contextParts,
  denyError,
  eventSessionId,
  hostInfo,
  isChild,
  isObj,
  messageInfo,
  previousUserAgent,
  personTextPart,
  promptEvent,
  sessionEndEvent,
  sessionInfo,
  stampOf,
  subagentStartEvent,
  toolCallInput,
  toolEvent,
  userMessage,
} from './adapter';
import type { Lineage, TextPartRef, ToolCallInput, UserMessage } from './adapter';

/** The parts of OpenCode's v1 SDK client this plugin calls (all in-process). */
export interface OpenCodeClient {
  session: {
    message(opts: { path: { id: string; messageID: string } }): Promise<SdkResult>;
    get(opts: { path: { id: string } }): Promise<SdkResult>;
    messages(opts: { path: { id: string } }): Promise<SdkResult>;
    prompt(opts: { path: { id: string }; body: Record<string, unknown> }): Promise<SdkResult>;
  };
  app: { agents(opts?: unknown): Promise<SdkResult> };
}

export interface SdkResult {
  data?: unknown;
  error?: unknown;
}

export interface PluginInput {
  client: OpenCodeClient;
  directory?: string;
  worktree?: string;
}

/** The core entries this door calls (core/answer's CoreApi; the agent switch is OpenCode's own event). */
export type { CoreApi } from '../../core/answer';

export interface GuardDeps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** bound for each SDK call (ms); default 5000 */
  sdkTimeoutMs?: number;
}

/** The hook functions OpenCode calls (the keys of its `Hooks` object). */
export interface OpenCodeHooks {
  event(input: { event: unknown }): Promise<void>;
  'tool.execute.before'(input: unknown, output: unknown): Promise<void>;
  'tool.execute.after'(input: unknown, output: unknown): Promise<void>;
  'experimental.session.compacting'(input: unknown, output: unknown): Promise<void>;
}

class SdkError extends Error {
  override name = 'SdkError';
}

export class OpenCodeGuard {
  private readonly env: Env;
  private readonly cwd: string | undefined;
  private readonly home: string | undefined;
  /** the protected-folder variables of this process's environment (shell targets like `$CODEX_HOME/x`) */
  private readonly vars: Record<string, string>;
  private readonly log: (line: string) => void;
  private readonly sdkTimeoutMs: number;
  /** session id -> parent id (null: a root); learnt from events, else read through the SDK */
  private readonly parents = new BoundedMap<string | null>(4096);
  /** message id -> role, from message.updated (saves a read for every assistant part) */
  private readonly roles = new BoundedMap<string>(4096);
  /** user messages already processed (a message has several parts and several updates) */
  private readonly seenMessages = new BoundedSet(2048);
  /** root session -> agent of the person's last message (an explicit switch changes it) */
  private readonly lastAgent = new BoundedMap<string>(1024);
  /** session -> last text injected there (never inject the same context twice in a row) */
  private readonly lastInjected = new BoundedMap<string>(1024);
  /** root session -> context from session:start hooks, waiting for the first prompt's agent */
  private readonly pendingStart = new BoundedMap<string[]>(1024);
  /** `${session}\0${call}` -> watch context decided before a tool ran */
  private readonly beforeContext = new BoundedMap<string>(1024);
  /** child sessions that got the contract at their first prompt */
  private readonly childrenStarted = new BoundedSet(2048);
  private readonly queue = new KeyedQueue();
  private agents: Promise<Map<string, boolean>> | null = null;
  private version: string | undefined;

  constructor(
    private readonly input: PluginInput,
    private readonly deps: GuardDeps,
  ) {
    // passed to the core as it is, not copied per call: the core only reads it (a copy of
    // process.env per tool call was a measurable share of an in-process decision)
    this.env = deps.env;
    this.cwd = input.directory || input.worktree || undefined;
    this.home = deps.env.HOME && deps.env.HOME.trim() !== '' ? deps.env.HOME : undefined;
    this.vars = pathVars(deps.env);
    this.log = deps.log ?? ((line) => process.stderr.write(line + '\n'));
    this.sdkTimeoutMs = deps.sdkTimeoutMs ?? 5000;
  }

  hooks(): OpenCodeHooks {
    return {
      event: (input) => this.onEvent(input),
      'tool.execute.before': (input, output) => this.beforeTool(input, output),
      'tool.execute.after': (input, output) => this.afterTool(input, output),
      'experimental.session.compacting': (input, output) => this.onCompacting(input, output),
    };
  }

  /** Resolves when all queued prompt work has settled (tests, and a clean shutdown). */
  async drain(): Promise<void> {
    while (this.queue.busyKeys > 0) await new Promise((r) => setTimeout(r, 1));
  }

  // ------------------------------------------------------------------ reporting

  private say(lines: readonly string[] | undefined): void {
    for (const l of lines ?? []) {
      try {
        this.log(`${LABEL}: ${l.replace(/^stopline:\s*/, '')}`);
      } catch {
        // a broken stderr must not break a decision
      }
    }
  }

  private failure(err: unknown): Outcome {
    try {
      return this.deps.core.failOutcome(err, { env: this.env, ...(this.cwd ? { cwd: this.cwd } : {}) });
    } catch (again) {
      return { kind: 'none', diagnostics: [`${describe(err)}; fail mode unknown (${describe(again)}), failing open`] };
    }
  }

  private caps(): AnswerCaps {
    return { env: this.env, ...(this.cwd ? { cwd: this.cwd } : {}), canAsk: false, denyResponse: DENY_RESPONSE, handleEvent: this.deps.core.handleEvent };
  }

  private decide(event: ControlEvent): Outcome {
    return this.deps.core.handleEvent(event, this.caps());
  }

  /** The guard on `event` (null: none), the person's hooks for `canonical`, folded (core/answer). */
  private answer(event: ControlEvent | null, canonical: CanonicalEvent, input: HookEventInput, tree?: SessionTree): Promise<Answer> {
    const hooks = this.deps.hooks.personHooks(canonical, this.cwd ?? process.cwd(), input);
    return answer(event, { ...this.caps(), hooks, ...(tree ? { tree } : {}) });
  }

  private hookInput(sessionId: string, extra: Partial<HookEventInput> = {}): HookEventInput {
    return { sessionId, cwd: this.cwd ?? process.cwd(), ...extra };
  }

  private runHooks(event: CanonicalEvent, input: HookEventInput, guard: Outcome): Promise<Outcome> {
    const dir = this.cwd ?? process.cwd();
    return this.deps.hooks.run(event, dir, input, guard);
  }

  // ------------------------------------------------------------------ SDK

  private async sdk(what: string, call: () => Promise<SdkResult>): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SdkError(`${what} did not answer within ${this.sdkTimeoutMs} ms`)), this.sdkTimeoutMs);
    });
    try {
      const res = await Promise.race([call(), timeout]);
      if (!isObj(res)) throw new SdkError(`${what} returned no result`);
      if (res.error !== undefined && res.error !== null) throw new SdkError(`${what} failed: ${clip(safeJson(res.error))}`);
      return res.data;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /** Where a session sits. Follows parentID (events first, then client.session.get). */
  async lineage(sessionId: string): Promise<Lineage> {
    const unknown: Lineage = { sessionId, rootId: sessionId, certain: false };
    const seen = new Set<string>();
    let current = sessionId;
    for (let depth = 0; depth <= MAX_ANCESTRY_DEPTH; depth++) {
      if (seen.has(current)) return unknown; // a cycle is not an ancestry
      seen.add(current);
      let parent = this.parents.get(current);
      if (parent === undefined) {
        try {
          const data = await this.sdk('client.session.get', () => this.input.client.session.get({ path: { id: current } }));
          if (!isObj(data)) return unknown;
          parent = typeof data.parentID === 'string' && data.parentID !== '' ? data.parentID : null;
          if (typeof data.version === 'string') this.version ??= data.version;
          this.parents.set(current, parent);
        } catch (err) {
          this.say([`session ancestry not readable (${describe(err)})`]);
          return unknown;
        }
      }
      if (parent === null) return { sessionId, rootId: current, certain: true };
      current = parent;
    }
    return unknown;
  }

  /** The person's agents and whether each can edit (client.app.agents, read once; retried after a failure). */
  private agentTable(): Promise<Map<string, boolean>> {
    if (!this.agents) {
      this.agents = this.sdk('client.app.agents', () => this.input.client.app.agents()).then(agentEditTable);
      this.agents.catch(() => {
        this.agents = null;
      });
    }
    return this.agents;
  }

  /**
   * Inject context into a session as a synthetic, no-reply user message with the person's own
   * agent and model. Without an agent it is not sent: OpenCode would switch the session to its
   * default agent.
   */
  private async inject(sessionId: string, texts: readonly string[], via: UserMessage): Promise<void> {
    const text = texts.filter((t) => t.trim() !== '').join('\n\n');
    if (text === '' || this.lastInjected.get(sessionId) === text) return;
    if (!via.agent) {
      this.say(['context not injected: the message has no agent, and an injection would switch the session to the default agent']);
      return;
    }
    const body: Record<string, unknown> = { noReply: true, agent: via.agent, parts: contextParts(text) };
    if (via.model) body.model = via.model;
    try {
      await this.sdk('client.session.prompt', () => this.input.client.session.prompt({ path: { id: sessionId }, body }));
      this.lastInjected.set(sessionId, text);
    } catch (err) {
      this.say([`context not injected (${describe(err)})`]);
    }
  }

  // ------------------------------------------------------------------ event hook

  /** Never throws, returns at once: OpenCode does not await it. Real work goes on the session queue. */
  async onEvent(input: { event: unknown }): Promise<void> {
    try {
      const event = isObj(input) ? input.event : undefined;
      if (!isObj(event) || typeof event.type !== 'string') return;
      switch (event.type) {
        case 'session.created':
        case 'session.updated': {
          const info = sessionInfo(event);
          if (!info) return;
          this.parents.set(info.id, info.parentID);
          if (info.version) this.version ??= info.version;
          if (event.type === 'session.created' && info.parentID === null) this.enqueue(info.id, () => this.onRootCreated(info.id));
          return;
        }
        case 'message.updated': {
          const m = messageInfo(event);
          if (m) this.roles.set(m.id, m.role);
          return;
        }
        case 'message.part.updated': {
          const ref = personTextPart(event);
          if (ref) this.enqueue(ref.sessionID, () => this.onPersonPart(ref));
          return;
        }
        case 'session.idle': {
          const id = eventSessionId(event);
          if (id) this.enqueue(id, () => this.onIdle(id));
          return;
        }
        case 'session.deleted': {
          const id = eventSessionId(event);
          if (id) this.enqueue(id, () => this.onDeleted(id));
          return;
        }
        default:
          return;
      }
    } catch (err) {
      this.say([`event not processed (${describe(err)})`]);
    }
  }

  private enqueue(sessionId: string, task: () => Promise<void>): void {
    void this.queue.run(sessionId, task).catch((err: unknown) => this.say([`event not processed (${describe(err)})`]));
  }

  private async onRootCreated(sessionId: string): Promise<void> {
    autostartDashboard({ env: this.env });
    const guard: Outcome = { kind: 'none' };
    if (!this.deps.hooks.has('session:start', this.cwd ?? process.cwd())) return;
    const out = await this.runHooks('session:start', this.hookInput(sessionId, { source: 'startup' }), guard);
    this.say(out.diagnostics);
    const contexts = contextTexts(out);
    // the context waits for the first prompt: only then is the person's agent known
    if (contexts.length) this.pendingStart.set(sessionId, contexts);
  }

  /** A text part that may be the person's: read the whole message back and process it once. */
  private async onPersonPart(ref: TextPartRef): Promise<void> {
    if (this.seenMessages.has(ref.messageID)) return;
    const role = this.roles.get(ref.messageID);
    if (role !== undefined && role !== 'user') {
      this.seenMessages.add(ref.messageID);
      return;
    }
    let msg: UserMessage | null;
    try {
      msg = userMessage(await this.sdk('client.session.message', () => this.input.client.session.message({ path: { id: ref.sessionID, messageID: ref.messageID } })));
    } catch (err) {
      this.say([`message not read, so it cannot change the contract (${describe(err)})`]);
      return;
    }
    this.seenMessages.add(ref.messageID);
    if (!msg) return;
    const lineage = await this.lineage(ref.sessionID);
    if (isChild(lineage)) {
      await this.onChildPrompt(lineage, msg);
      return;
    }
    await this.onRootPrompt(lineage, msg);
  }

  private async onRootPrompt(lineage: Lineage, msg: UserMessage): Promise<void> {
    const root = lineage.rootId;
    const texts: string[] = [...(this.pendingStart.get(root) ?? [])];
    this.pendingStart.delete(root);
    const previousAgent = this.lastAgent.get(root) ?? (msg.agent ? await this.agentBefore(root, msg) : undefined);
    if (msg.agent) this.lastAgent.set(root, msg.agent);
    // an explicit switch to an editing agent is the person's go-ahead from review to change;
    // an explicit directive in the same message wins, so only plain messages count
    if (msg.agent && previousAgent && msg.agent !== previousAgent && !isStoplineCommand(msg.text)) {
      await this.onAgentSwitch(root, msg.agent);
    }
    // the guard's own deny here (the fail-closed GUARD_UNAVAILABLE stamp) comes back as context
    const out = await this.answer(promptEvent(lineage, msg.text, { cwd: this.cwd, ...(this.version ? { version: this.version } : {}), ...(msg.agent ? { agent: msg.agent } : {}) }), 'prompt:submit', this.hookInput(root, { prompt: msg.text }));
    this.say(out.diagnostics);
    if (out.notice) this.say([out.notice]);
    texts.push(...contextTexts(out));
    // OpenCode has already sent the prompt on (the event hook is not awaited): a refusal by the
    // person's hooks can only be told to the model
    if (out.kind === 'deny' || out.kind === 'ask') texts.unshift(`A hook configured by the person refused this prompt: ${out.message ?? 'blocked by a hook'}`);
    for (const m of hookExtras(out).messages) this.say([m]);
    await this.inject(root, texts, msg);
  }

  /** The agent of the person's previous message, read from the session's history (first message of a session in this process). */
  private async agentBefore(root: string, msg: UserMessage): Promise<string | undefined> {
    try {
      return previousUserAgent(await this.sdk('client.session.messages', () => this.input.client.session.messages({ path: { id: root } })), msg.id);
    } catch (err) {
      this.say([`session history not readable, an agent switch cannot be seen (${describe(err)})`]);
      return undefined;
    }
  }

  private async onAgentSwitch(root: string, agent: string): Promise<void> {
    let canEdit: boolean | undefined;
    try {
      canEdit = (await this.agentTable()).get(agent);
    } catch (err) {
      this.say([`agent list not readable, the switch to "${agent}" does not change the contract (${describe(err)})`]);
      return;
    }
    // read-only and unknown agents never advance the contract
    if (canEdit !== true) return;
    const applySwitch = this.deps.core.applyHostEditSwitch;
    if (!applySwitch) return;
    const out = applySwitch({ sessionId: root, ...(this.cwd ? { cwd: this.cwd } : {}), host: hostInfo(this.version, agent) }, { env: this.env, ...(this.cwd ? { cwd: this.cwd } : {}) });
    this.say(out.diagnostics);
    if (out.kind === 'context' && out.notice) this.say([out.notice]);
  }

  /** A child's first prompt: the root's contract (and subagent:start hook context) goes into the child. */
  private async onChildPrompt(lineage: Lineage, msg: UserMessage): Promise<void> {
    if (!lineage.certain) return; // no known root: nothing to share, and never authority
    if (!this.childrenStarted.add(lineage.sessionId)) return;
    const out = await this.answer(subagentStartEvent(lineage, { cwd: this.cwd, ...(this.version ? { version: this.version } : {}), ...(msg.agent ? { agent: msg.agent } : {}) }), 'subagent:start', this.hookInput(lineage.rootId, { agentId: lineage.sessionId, ...(msg.agent ? { agentType: msg.agent } : {}) }));
    this.say(out.diagnostics);
    await this.inject(lineage.sessionId, contextTexts(out), msg);
  }

  private async onIdle(sessionId: string): Promise<void> {
    if (!this.deps.hooks.has('turn:stop', this.cwd ?? process.cwd())) return;
    // OpenCode does not wait for the event hook: a hook's "keep going" cannot be honoured
    const out = await this.runHooks('turn:stop', this.hookInput(sessionId, { stopHookActive: false }), { kind: 'none' });
    this.say(out.diagnostics);
  }

  private async onDeleted(sessionId: string): Promise<void> {
    const parent = this.parents.get(sessionId);
    if (parent === null || parent === undefined) {
      const out = this.decide(sessionEndEvent(sessionId, this.cwd, this.version));
      this.say(out.diagnostics);
    }
    if (this.deps.hooks.has('session:end', this.cwd ?? process.cwd())) {
      const out = await this.runHooks('session:end', this.hookInput(sessionId, { reason: 'deleted' }), { kind: 'none' });
      this.say(out.diagnostics);
    }
    this.parents.delete(sessionId);
    this.lastAgent.delete(sessionId);
    this.lastInjected.delete(sessionId);
    this.pendingStart.delete(sessionId);
  }

  // ------------------------------------------------------------------ tool hooks

  /** Decide before a tool runs; a deny is thrown (OpenCode hands the message to the model). */
  async beforeTool(rawInput: unknown, output: unknown): Promise<void> {
    const started = performance.now();
    let deny: Error | null = null;
    let kind = 'none';
    try {
      const call = toolCallInput(rawInput);
      const args = isObj(output) ? output.args : undefined;
      const lineage = await this.lineage(call.sessionID);
      // the prompt that armed the contract must be processed before anything is decided
      await this.queue.idle(call.sessionID);
      if (lineage.rootId !== call.sessionID) await this.queue.idle(lineage.rootId);
      const out = await this.decideTool(call, args, lineage);
      kind = out.kind;
      this.say(out.diagnostics);
      for (const m of hookExtras(out).messages) this.say([m]);
      if (out.kind === 'deny' || out.kind === 'ask') deny = denyError(out);
      else if (out.kind === 'context' && out.message) this.beforeContext.set(`${call.sessionID}\0${call.callID}`, out.message);
    } catch (err) {
      const out = this.failure(err);
      kind = `fail-${out.kind}`;
      this.say(out.diagnostics);
      if (out.kind === 'deny' || out.kind === 'ask') deny = denyError(out);
    }
    recordTiming(this.env, LABEL, 'tool.execute.before', started, kind);
    if (deny) throw deny;
  }

  private decideTool(call: ToolCallInput, args: unknown, lineage: Lineage): Promise<Answer> {
    // a session whose ancestry cannot be read may be anyone's child: the controller answers with the fail mode
    const tree: SessionTree | undefined = lineage.certain ? undefined : { kind: 'unreadable', why: `the parent chain of session ${call.sessionID.slice(0, 12)}… could not be read` };
    const event = toolEvent('action.before', call, args, { lineage, cwd: this.cwd, home: this.home, vars: this.vars, ...(this.version ? { version: this.version } : {}) });
    return this.answer(event, 'tool:before', this.toolHookInput(lineage, call, args), tree);
  }

  private toolHookInput(lineage: Lineage, call: ToolCallInput, args: unknown, extra: Partial<HookEventInput> = {}): HookEventInput {
    const canonical = findToolEntry(opencodeRegistry, call.tool)?.canonical;
    const ci = canonicalInput(call.tool, args);
    return this.hookInput(lineage.rootId, {
      toolName: call.tool,
      ...(canonical ? { canonicalToolName: canonical } : {}),
      ...(call.callID ? { toolUseId: call.callID } : {}),
      rawInput: args,
      ...(ci ? { canonicalInput: ci } : {}),
      ...(isChild(lineage) ? { agentId: lineage.sessionId } : {}),
      ...extra,
    });
  }

  /** After a tool succeeded: evidence, and watch context appended to what the model reads. */
  async afterTool(rawInput: unknown, output: unknown): Promise<void> {
    const started = performance.now();
    let kind = 'none';
    try {
      const call = toolCallInput(rawInput);
      const args = isObj(rawInput) ? rawInput.args : undefined;
      const key = `${call.sessionID}\0${call.callID}`;
      const before = this.beforeContext.get(key);
      this.beforeContext.delete(key);
      const lineage = await this.lineage(call.sessionID);
      const event = lineage.certain ? toolEvent('action.after', call, args, { lineage, cwd: this.cwd, home: this.home, vars: this.vars, ...(this.version ? { version: this.version } : {}) }) : null;
      const response = isObj(output) ? output.output : undefined;
      const out = await this.answer(event, 'tool:after', this.toolHookInput(lineage, call, args, { toolResponse: response, toolFailed: false }));
      kind = out.kind;
      this.say(out.diagnostics);
      const texts = contextTexts(out);
      // the watch note decided before the tool ran, unless the after-check says it again
      if (before && !(out.guard?.kind === 'context' && out.guard.message)) texts.unshift(before);
      const extras = hookExtras(out);
      if (extras.feedback) texts.push(extras.feedback);
      if (launchesSubagents(findToolEntry(opencodeRegistry, call.tool))) texts.push(...(await this.subagentEnd(lineage, call, args, output)));
      appendToToolOutput(output, texts);
    } catch (err) {
      // nothing to stop after the tool ran; the fail mode's answer is a diagnostic
      const out = this.failure(err);
      kind = `fail-${out.kind}`;
      this.say(out.diagnostics);
    }
    recordTiming(this.env, LABEL, 'tool.execute.after', started, kind);
  }

  private async subagentEnd(lineage: Lineage, call: ToolCallInput, args: unknown, output: unknown): Promise<string[]> {
    if (!this.deps.hooks.has('subagent:end', this.cwd ?? process.cwd())) return [];
    const meta = isObj(output) && isObj(output.metadata) ? output.metadata : {};
    const agentType = isObj(args) && typeof args.subagent_type === 'string' ? args.subagent_type : undefined;
    const agentId = typeof meta.sessionId === 'string' ? meta.sessionId : undefined;
    const out = await this.runHooks('subagent:end', this.hookInput(lineage.rootId, { ...(agentType ? { agentType } : {}), ...(agentId ? { agentId } : {}), stopHookActive: false, toolUseId: call.callID }), { kind: 'none' });
    this.say(out.diagnostics);
    return contextTexts(out);
  }

  /** compact:before for the person's hooks: their context goes into the compaction prompt. */
  async onCompacting(rawInput: unknown, output: unknown): Promise<void> {
    try {
      const dir = this.cwd ?? process.cwd();
      if (!this.deps.hooks.has('compact:before', dir)) return;
      const sessionId = isObj(rawInput) && typeof rawInput.sessionID === 'string' ? rawInput.sessionID : '';
      const out = await this.runHooks('compact:before', this.hookInput(sessionId, { trigger: 'auto' }), { kind: 'none' });
      this.say(out.diagnostics);
      const texts = contextTexts(out);
      if (texts.length && isObj(output) && Array.isArray(output.context)) (output.context as unknown[]).push(...texts);
    } catch (err) {
      this.say([`compaction hooks not run (${describe(err)})`]);
    }
  }
}


function describe(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

function safeJson(v: unknown): string {
  try {
    return typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    return String(v);
  }
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? one.slice(0, 157) + '...' : one;
}
