/**
 * The Pi extension at run time: the handlers registered with `pi.on`, and what they remember
 * between events (context waiting for the next agent start, watch notes waiting for a tool's
 * result).
 *
 * Rules it keeps (issue 6; facts from ../../../shared/hosts/pi.md):
 * - `input` from the person (TUI, -p, rpc) can arm or change the contract; input an extension
 *   sent never can; a contract change typed while the agent is working is not applied (the
 *   person is told to send it again when the agent is idle) and does not reach the model;
 * - `before_agent_start` hands the context to the model as a hidden message;
 * - `tool_call` blocks with the stamp; with a UI an ask becomes `ctx.ui.confirm`, without one
 *   an ask is a deny;
 * - Pi blocks a tool whenever a handler throws, so every handler catches its own errors and the
 *   configured fail mode decides (open by default), not the accident;
 * - `user_bash` (1.6.0): the person's own `!` command is recorded as a bypass, never blocked.
 */
import type { CanonicalEvent } from '../../core/canonical';
import type { Outcome } from '../../core/outcome';
import type { ControlEvent } from '../../core/protocol';
import { pathVars } from '../../core/self-paths';
import { answer } from '../../core/answer';
import type { Answer, AnswerCaps, CoreApi } from '../../core/answer';
import { BoundedMap, hookExtras, recordTiming } from '../../core/inprocess';
import type { Env, HookEventInput, InProcessHooks } from '../../core/inprocess';
import { autostartDashboard } from '../shared/dashboard';
import { contextTexts } from '../shared/in-process';
import { promptIntent } from '../../core/prompt-intent';
import { findToolEntry } from '../../core/registry/lookup';
import { piRegistry } from '../../core/registry/pi';
import {
  DENY_RESPONSE,
  LABEL,
  appendedResult,
  blockResult,
  canonicalInput,
  contextMessage,
  cwdOf,
  hostInfo,
  inputOf,
  isObj,
  promptEvent,
  sessionEndEvent,
  sessionIdOf,
  stampOf,
  toolCallOf,
  toolEvent,
  userBashAction,
} from './adapter';
import type { PiContext, ToolCallEvent } from './adapter';

/** The core entries this door calls (core/answer's CoreApi; the `!` command record is Pi's own event). */
export type { CoreApi } from '../../core/answer';

export interface GuardDeps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** how long a UI approval may stay open before it counts as "no" (ms); default 120000 */
  askTimeoutMs?: number;
}

/** What `pi.on` registers: Pi event name -> handler. */
export type PiHandlers = Record<string, (event: unknown, ctx: PiContext) => Promise<unknown>>;

/** Said when a contract change arrives while the agent works. */
export const BUSY_NOTICE = 'stopline: the agent is working, so this contract change was not applied. Send it again when the agent is idle.';

export class PiGuard {
  private readonly env: Env;
  private readonly home: string | undefined;
  /** the protected-folder variables of this process's environment (shell targets like `$CODEX_HOME/x`) */
  private readonly vars: Record<string, string>;
  private readonly log: (line: string) => void;
  /** session -> context texts for the next before_agent_start */
  private readonly pending = new BoundedMap<string[]>(256);
  /** `${session}\0${toolCallId}` -> watch note decided before the tool ran */
  private readonly beforeContext = new BoundedMap<string>(1024);

  constructor(private readonly deps: GuardDeps) {
    // passed to the core as it is, not copied per call: the core only reads it (a copy of
    // process.env per tool call was a measurable share of an in-process decision)
    this.env = deps.env;
    this.home = deps.env.HOME && deps.env.HOME.trim() !== '' ? deps.env.HOME : undefined;
    this.vars = pathVars(deps.env);
    this.log = deps.log ?? ((line) => process.stderr.write(line + '\n'));
  }

  handlers(): PiHandlers {
    return {
      session_start: (e, ctx) => this.safely('session_start', () => this.onSessionStart(e, ctx)),
      input: (e, ctx) => this.onInput(e, ctx),
      before_agent_start: (e, ctx) => this.safely('before_agent_start', async () => this.onBeforeAgentStart(ctx)),
      tool_call: (e, ctx) => this.onToolCall(e, ctx),
      tool_result: (e, ctx) => this.safely('tool_result', () => this.onToolResult(e, ctx)),
      agent_end: (e, ctx) => this.safely('agent_end', () => this.observe('turn:stop', ctx, { stopHookActive: false })),
      session_before_compact: (e, ctx) => this.safely('session_before_compact', () => this.observe('compact:before', ctx, { trigger: compactTrigger(e) })),
      session_shutdown: (e, ctx) => this.safely('session_shutdown', () => this.onShutdown(e, ctx)),
      user_bash: (e, ctx) => this.safely('user_bash', () => this.onUserBash(e, ctx)),
    };
  }

  // ------------------------------------------------------------------ plumbing

  private say(lines: readonly string[] | undefined): void {
    for (const l of lines ?? []) {
      try {
        this.log(`${LABEL}: ${l.replace(/^stopline:\s*/, '')}`);
      } catch {
        // a broken stderr must not break a decision
      }
    }
  }

  private tell(ctx: PiContext | undefined, text: string, type: 'info' | 'warning' | 'error' = 'info'): void {
    try {
      if (ctx?.hasUI && typeof ctx.ui?.notify === 'function') ctx.ui.notify(text, type);
    } catch {
      // notifications are a courtesy; the decision stands without them
    }
  }

  private failure(err: unknown, ctx: PiContext | undefined): Outcome {
    const cwd = safeCwd(ctx);
    try {
      return this.deps.core.failOutcome(err, { env: this.env, ...(cwd ? { cwd } : {}) });
    } catch (again) {
      return { kind: 'none', diagnostics: [`${describe(err)}; fail mode unknown (${describe(again)}), failing open`] };
    }
  }

  /** Run a handler whose failure can only be a diagnostic (nothing to block there). */
  private async safely(name: string, fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (err) {
      this.say([`${name} not processed (${describe(err)})`]);
      return undefined;
    }
  }

  private decide(event: ControlEvent, ctx: PiContext | undefined): Outcome {
    return this.deps.core.handleEvent(event, this.caps(ctx));
  }

  private caps(ctx: PiContext | undefined): AnswerCaps {
    const cwd = safeCwd(ctx);
    return { env: this.env, ...(cwd ? { cwd } : {}), canAsk: ctx?.hasUI === true, denyResponse: DENY_RESPONSE, handleEvent: this.deps.core.handleEvent };
  }

  /** The guard on `event` (null: none), the person's hooks for `canonical`, folded (core/answer). */
  private answer(event: ControlEvent | null, canonical: CanonicalEvent, ctx: PiContext | undefined, input: HookEventInput): Promise<Answer> {
    return answer(event, { ...this.caps(ctx), hooks: this.deps.hooks.personHooks(canonical, safeCwd(ctx) ?? process.cwd(), input) });
  }

  private hookInput(sessionId: string, ctx: PiContext | undefined, extra: Partial<HookEventInput> = {}): HookEventInput {
    const mode = hostInfo(ctx).permissionMode;
    return { sessionId, cwd: safeCwd(ctx) ?? process.cwd(), ...(mode ? { permissionMode: mode } : {}), ...extra };
  }

  private runHooks(event: CanonicalEvent, ctx: PiContext | undefined, input: HookEventInput, guard: Outcome): Promise<Outcome> {
    return this.deps.hooks.run(event, safeCwd(ctx) ?? process.cwd(), input, guard);
  }

  private addPending(sessionId: string, texts: readonly string[]): void {
    const kept = texts.filter((t) => t.trim() !== '');
    if (!kept.length) return;
    this.pending.set(sessionId, [...(this.pending.get(sessionId) ?? []), ...kept]);
  }

  // ------------------------------------------------------------------ lifecycle

  private async onSessionStart(event: unknown, ctx: PiContext): Promise<void> {
    autostartDashboard({ env: this.env });
    const dir = safeCwd(ctx) ?? process.cwd();
    if (!this.deps.hooks.has('session:start', dir)) return;
    const sessionId = sessionIdOf(ctx);
    const reason = isObj(event) && typeof event.reason === 'string' ? event.reason : 'startup';
    const out = await this.runHooks('session:start', ctx, this.hookInput(sessionId, ctx, { source: reason }), { kind: 'none' });
    this.say(out.diagnostics);
    this.addPending(sessionId, contextTexts(out));
  }

  private async observe(event: CanonicalEvent, ctx: PiContext, extra: Partial<HookEventInput>): Promise<void> {
    const dir = safeCwd(ctx) ?? process.cwd();
    if (!this.deps.hooks.has(event, dir)) return;
    // Pi offers no way to act on these answers here: the person's hooks run and are logged
    const out = await this.runHooks(event, ctx, this.hookInput(sessionIdOf(ctx), ctx, extra), { kind: 'none' });
    this.say(out.diagnostics);
  }

  private async onShutdown(event: unknown, ctx: PiContext): Promise<void> {
    const sessionId = sessionIdOf(ctx);
    const out = this.decide(sessionEndEvent(ctx), ctx);
    this.say(out.diagnostics);
    this.pending.delete(sessionId);
    const dir = safeCwd(ctx) ?? process.cwd();
    if (this.deps.hooks.has('session:end', dir)) {
      const reason = isObj(event) && typeof event.reason === 'string' ? event.reason : 'quit';
      const hooked = await this.runHooks('session:end', ctx, this.hookInput(sessionId, ctx, { reason }), { kind: 'none' });
      this.say(hooked.diagnostics);
    }
  }

  private async onUserBash(event: unknown, ctx: PiContext): Promise<void> {
    const recordBypass = this.deps.core.recordBypass;
    if (!recordBypass) return;
    const out = recordBypass(
      { sessionId: sessionIdOf(ctx), ...(safeCwd(ctx) ? { cwd: safeCwd(ctx)! } : {}), host: hostInfo(ctx), action: userBashAction(event, ctx, this.home, this.vars) },
      { env: this.env },
    );
    this.say(out.diagnostics);
  }

  // ------------------------------------------------------------------ prompts

  /**
   * The person's input. Returns `{action: "handled"}` when it must not reach the model (a
   * contract change while the agent works, or a prompt the person's hooks refused), else
   * nothing: Pi goes on with the text unchanged.
   */
  async onInput(event: unknown, ctx: PiContext): Promise<unknown> {
    try {
      const input = inputOf(event);
      // an extension's input is never the person
      if (input.source === 'extension') return undefined;
      const streaming = input.streaming || (typeof ctx?.isIdle === 'function' && ctx.isIdle() === false);
      if (streaming) {
        if (promptIntent(input.text) === 'none') return undefined;
        this.tell(ctx, BUSY_NOTICE, 'warning');
        this.say([BUSY_NOTICE]);
        return { action: 'handled' };
      }
      const sessionId = sessionIdOf(ctx);
      // the guard's own deny here (the fail-closed GUARD_UNAVAILABLE stamp) comes back as context
      // and notice: the model reads that every action will be denied, the person is told
      const out = await this.answer(promptEvent(input.text, input.source, ctx), 'prompt:submit', ctx, this.hookInput(sessionId, ctx, { prompt: input.text }));
      this.say(out.diagnostics);
      if (out.notice) this.tell(ctx, out.notice, out.level ?? 'warning');
      for (const m of hookExtras(out).messages) this.tell(ctx, m);
      if (out.kind === 'deny' || out.kind === 'ask') {
        // only the person's hooks can still refuse a prompt here
        const why = stampOf(out);
        this.tell(ctx, why, 'warning');
        this.say([`prompt refused: ${why.split('\n')[0]}`]);
        return { action: 'handled' };
      }
      this.addPending(sessionId, contextTexts(out));
      return undefined;
    } catch (err) {
      // an input that cannot be processed never changes the contract; the fail mode decides
      // whether the model may still see it (closed: the reason goes in as context)
      const out = this.failure(err, ctx);
      this.say(out.diagnostics);
      if (out.kind === 'deny' && out.message) {
        try {
          this.addPending(sessionIdOf(ctx), [out.message]);
        } catch {
          // without a session id there is nowhere to put it
        }
      }
      return undefined;
    }
  }

  private onBeforeAgentStart(ctx: PiContext): unknown {
    const sessionId = sessionIdOf(ctx);
    const texts = this.pending.get(sessionId);
    if (!texts || texts.length === 0) return undefined;
    this.pending.delete(sessionId);
    return { message: contextMessage(texts.join('\n\n')) };
  }

  // ------------------------------------------------------------------ tools

  /** Decide before a tool runs: `{block, reason}` or nothing. Never throws. */
  async onToolCall(event: unknown, ctx: PiContext): Promise<unknown> {
    const started = performance.now();
    let answer: unknown;
    let kind = 'none';
    try {
      const call = toolCallOf(event);
      const sessionId = sessionIdOf(ctx);
      const out = await this.answer(toolEvent('action.before', call, ctx, this.home, this.vars), 'tool:before', ctx, this.toolHookInput(sessionId, call, ctx));
      kind = out.kind;
      this.say(out.diagnostics);
      for (const m of hookExtras(out).messages) this.tell(ctx, m);
      if (out.kind === 'deny') answer = blockResult(out);
      else if (out.kind === 'ask') answer = (await this.approved(out, ctx)) ? undefined : blockResult(out);
      else if (out.kind === 'context' && out.message) this.beforeContext.set(`${sessionId}\0${call.toolCallId}`, out.message);
    } catch (err) {
      const out = this.failure(err, ctx);
      kind = `fail-${out.kind}`;
      this.say(out.diagnostics);
      if (out.kind === 'deny' || out.kind === 'ask') answer = blockResult(out);
    }
    recordTiming(this.env, LABEL, 'tool_call', started, kind);
    return answer;
  }

  /** Ask the person through Pi's UI; no UI, no answer in time, or a failing dialog is a "no". */
  private async approved(out: Outcome, ctx: PiContext): Promise<boolean> {
    if (!ctx?.hasUI || typeof ctx.ui?.confirm !== 'function') return false;
    try {
      const signal = (ctx as { signal?: unknown }).signal;
      const opts: { timeout: number; signal?: AbortSignal } = { timeout: this.deps.askTimeoutMs ?? 120_000 };
      if (signal instanceof AbortSignal) opts.signal = signal;
      return (await ctx.ui.confirm('stopline: allow this action?', stampOf(out), opts)) === true;
    } catch (err) {
      this.say([`approval dialog failed, counted as no (${describe(err)})`]);
      return false;
    }
  }

  private toolHookInput(sessionId: string, call: ToolCallEvent, ctx: PiContext, extra: Partial<HookEventInput> = {}): HookEventInput {
    const canonical = findToolEntry(piRegistry, call.toolName)?.canonical;
    const ci = canonicalInput(call.toolName, call.input);
    return this.hookInput(sessionId, ctx, {
      toolName: call.toolName,
      ...(canonical ? { canonicalToolName: canonical } : {}),
      ...(call.toolCallId ? { toolUseId: call.toolCallId } : {}),
      rawInput: call.input,
      ...(ci ? { canonicalInput: ci } : {}),
      ...extra,
    });
  }

  /** After a tool ran (Pi sends no tool_result for a blocked call): evidence and watch context. */
  private async onToolResult(event: unknown, ctx: PiContext): Promise<unknown> {
    const started = performance.now();
    const call = toolCallOf(event);
    const sessionId = sessionIdOf(ctx);
    const key = `${sessionId}\0${call.toolCallId}`;
    const before = this.beforeContext.get(key);
    this.beforeContext.delete(key);
    const failed = isObj(event) && event.isError === true;
    const response = isObj(event) ? event.content : undefined;
    const out = await this.answer(toolEvent('action.after', call, ctx, this.home, this.vars), 'tool:after', ctx, this.toolHookInput(sessionId, call, ctx, { toolResponse: response, toolFailed: failed }));
    this.say(out.diagnostics);
    const texts = contextTexts(out);
    // the watch note decided before the tool ran, unless the after-check says it again
    if (before && !(out.guard?.kind === 'context' && out.guard.message)) texts.unshift(before);
    const extras = hookExtras(out);
    if (extras.feedback) texts.push(extras.feedback);
    recordTiming(this.env, LABEL, 'tool_result', started, out.kind);
    return appendedResult(event, texts);
  }
}


function safeCwd(ctx: PiContext | undefined): string | undefined {
  try {
    return cwdOf(ctx);
  } catch {
    return undefined;
  }
}

function compactTrigger(event: unknown): string {
  // 1.6.0 names why it compacts (manual, threshold, overflow); 0.73.1 does not
  if (isObj(event) && typeof event.reason === 'string') return event.reason === 'manual' ? 'manual' : 'auto';
  return 'auto';
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
