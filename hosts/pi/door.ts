/**
 * The Pi extension at run time: the shared in-process runtime (hosts/shared/in-process) plus
 * Pi's handlers. Which Pi event goes to which handler is the `handler` column of
 * core/registry/pi.ts.
 *
 * Rules it keeps:
 * - `input` from the person (TUI, -p, rpc) can arm or change the contract; input an extension
 *   sent never can; a contract change typed while the agent is working is not applied (the
 *   person is told to send it again when the agent is idle) and does not reach the model;
 * - `before_agent_start` hands the waiting context to the model as a hidden message;
 * - `tool_call` blocks with the stamp; with a UI an ask becomes `ctx.ui.confirm`, without one
 *   an ask is a deny;
 * - Pi blocks a tool whenever a handler throws, so every handler catches its own errors and the
 *   configured fail mode decides (open by default), not the accident;
 * - `user_bash` (1.6.0): the person's own `!` command is recorded as a bypass, never blocked.
 */
import type { CanonicalEvent } from '../../core/canonical';
import type { Env, HookEventInput, InProcessHooks } from '../../core/hooks/in-process';
import { promptIntent } from '../../core/answer/prompt-intent';
import { piRegistry } from '../../core/registry/pi';
import { pathVars } from '../../core/paths/self-paths';
import type { CoreApi } from '../../core/answer/answer';
import { registeredHandlers } from '../shared/in-process/handlers';
import { nodePorts } from '../shared/in-process/node';
import { NO_UI } from '../shared/in-process/ports';
import type { DoorUi } from '../shared/in-process/ports';
import { InProcessRuntime, contextTexts } from '../shared/in-process/runtime';
import { isRecord } from '../../core/check';
import {
  DENY_RESPONSE,
  LABEL,
  appendedResult,
  blockResult,
  contextMessage,
  cwdOf,
  hostInfo,
  inputOf,
  promptEvent,
  rewriteInput,
  sessionEndEvent,
  sessionIdOf,
  stampOf,
  toolCall,
  toolCallOf,
  toolEvent,
  userBashAction,
} from './adapter';
import type { PiContext, PiToolCtx, ToolCallEvent } from './adapter';

/**
 * The core entries this door calls (core/answer/answer.ts's CoreApi; the `!` command record is Pi's own
 *   event).
 * @keep CoreApi the core the door is handed: the door tests hand a fake one
 */
export type { CoreApi } from '../../core/answer/answer';

interface DoorDeps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** how long a UI approval may stay open before it counts as "no" (ms); default 120000 */
  askTimeoutMs?: number;
  /** the Pi version (adapter.ts piVersion), learned while the extension loads; undefined = not known */
  hostVersion?: Promise<string | undefined>;
}

/**
 * What `pi.on` registers: Pi event name -> handler.
 * @keep PiHandlers the handlers the door registers with Pi: the tests call them
 */
export type PiHandlers = Record<string, (event: unknown, ctx: PiContext) => Promise<unknown>>;

/** Pi's handlers, one result type each; the registry's `handler` column names them. */
interface PiEventHandlers {
  'session-start'(event: unknown, ctx: PiContext): Promise<void>;
  /** `{action: "handled"}`: the input must not reach the model; nothing: Pi goes on with it */
  input(event: unknown, ctx: PiContext): Promise<{ action: 'handled' } | undefined>;
  'agent-start'(event: unknown, ctx: PiContext): Promise<{ message: ReturnType<typeof contextMessage> } | undefined>;
  'tool-before'(event: unknown, ctx: PiContext): Promise<ReturnType<typeof blockResult> | undefined>;
  'tool-after'(event: unknown, ctx: PiContext): Promise<ReturnType<typeof appendedResult>>;
  'turn-stop'(event: unknown, ctx: PiContext): Promise<void>;
  compacting(event: unknown, ctx: PiContext): Promise<void>;
  'session-end'(event: unknown, ctx: PiContext): Promise<void>;
  'user-shell'(event: unknown, ctx: PiContext): Promise<void>;
}

/** Handlers that apply the fail mode themselves; every other one can only fail as a diagnostic. */
const DECIDES_ON_ERROR: ReadonlySet<keyof PiEventHandlers> = new Set<keyof PiEventHandlers>(['input', 'tool-before']);

/**
 * Said when a contract change arrives while the agent works.
 * @keep BUSY_NOTICE the notice Pi shows while a decision waits: the tests expect it
 */
export const BUSY_NOTICE = 'stopline: the agent is working, so this contract change was not applied. Send it again when the agent is idle.';

export class PiDoor {
  private readonly rt: InProcessRuntime;
  /** the protected-folder variables of this process's environment (shell targets like `$CODEX_HOME/x`) */
  private readonly vars: Record<string, string>;

  constructor(private readonly deps: DoorDeps) {
    this.rt = new InProcessRuntime({ registry: piRegistry, label: LABEL, denyResponse: DENY_RESPONSE, pendingLimit: 256 }, { ...nodePorts(deps.env, deps.log), core: deps.core, hooks: deps.hooks });
    this.vars = pathVars(deps.env);
  }

  /** What the analysis of a tool call needs besides the call (the Pi version is learnt while the extension loads). */
  private async toolCtx(): Promise<PiToolCtx> {
    const hostVersion = await this.deps.hostVersion;
    return { env: this.deps.env, vars: this.vars, ...(hostVersion ? { hostVersion } : {}) };
  }

  handlers(): PiHandlers {
    return registeredHandlers<PiContext, PiEventHandlers>(piRegistry, this.eventHandlers(), DECIDES_ON_ERROR, (name, fn) => this.rt.safely(name, fn));
  }

  private eventHandlers(): PiEventHandlers {
    return {
      'session-start': (e, ctx) => this.onSessionStart(e, ctx),
      input: (e, ctx) => this.onInput(e, ctx),
      'agent-start': async (_e, ctx) => this.onBeforeAgentStart(ctx),
      'tool-before': (e, ctx) => this.onToolCall(e, ctx),
      'tool-after': (e, ctx) => this.onToolResult(e, ctx),
      'turn-stop': (_e, ctx) => this.observe('turn:stop', ctx, { stopHookActive: false }),
      compacting: (e, ctx) => this.observe('compact:before', ctx, { trigger: compactTrigger(e) }),
      'session-end': (e, ctx) => this.onShutdown(e, ctx),
      'user-shell': (e, ctx) => this.onUserBash(e, ctx),
    };
  }

  // ------------------------------------------------------------------ plumbing

  /** Where this context reaches the person: Pi's UI when it has one, else nowhere. */
  private ui(ctx: PiContext | undefined): DoorUi {
    const ui = ctx?.hasUI ? ctx.ui : undefined;
    if (!ui) return NO_UI;
    const askTimeoutMs = this.deps.askTimeoutMs ?? 120_000;
    return {
      available: typeof ui.confirm === 'function',
      notify: (text, level) => {
        if (typeof ui.notify === 'function') ui.notify(text, level);
      },
      confirm: async (title, body) => {
        const signal = (ctx as { signal?: unknown }).signal;
        const opts: { timeout: number; signal?: AbortSignal } = { timeout: askTimeoutMs };
        if (signal instanceof AbortSignal) opts.signal = signal;
        return (await ui.confirm!(title, body, opts)) === true;
      },
    };
  }

  private place(ctx: PiContext | undefined) {
    return { cwd: safeCwd(ctx), canAsk: ctx?.hasUI === true };
  }

  private hookInput(sessionId: string, ctx: PiContext | undefined, extra: Partial<HookEventInput> = {}): HookEventInput {
    const mode = hostInfo(ctx).permissionMode;
    return this.rt.hookInput(sessionId, safeCwd(ctx), { ...(mode ? { permissionMode: mode } : {}), ...extra });
  }

  // ------------------------------------------------------------------ lifecycle

  private async onSessionStart(event: unknown, ctx: PiContext): Promise<void> {
    this.rt.sessionStarted();
    if (!this.rt.hasHooks('session:start', safeCwd(ctx))) return;
    const sessionId = sessionIdOf(ctx);
    const reason = isRecord(event) && typeof event.reason === 'string' ? event.reason : 'startup';
    this.rt.keep(sessionId, await this.rt.observe('session:start', safeCwd(ctx), this.hookInput(sessionId, ctx, { source: reason })));
  }

  /** Pi offers no way to act on these answers: the person's hooks run and are logged. */
  private async observe(event: CanonicalEvent, ctx: PiContext, extra: Partial<HookEventInput>): Promise<void> {
    if (!this.rt.hasHooks(event, safeCwd(ctx))) return;
    await this.rt.observe(event, safeCwd(ctx), this.hookInput(sessionIdOf(ctx), ctx, extra));
  }

  private async onShutdown(event: unknown, ctx: PiContext): Promise<void> {
    const sessionId = sessionIdOf(ctx);
    const out = this.rt.decide(sessionEndEvent(ctx), this.place(ctx));
    this.rt.say(out.diagnostics);
    this.rt.takeKept(sessionId);
    if (this.rt.hasHooks('session:end', safeCwd(ctx))) {
      const reason = isRecord(event) && typeof event.reason === 'string' ? event.reason : 'quit';
      await this.rt.observe('session:end', safeCwd(ctx), this.hookInput(sessionId, ctx, { reason }));
    }
  }

  private async onUserBash(event: unknown, ctx: PiContext): Promise<void> {
    const recordBypass = this.deps.core.recordBypass;
    if (!recordBypass) return;
    const out = recordBypass(
      { sessionId: sessionIdOf(ctx), ...(safeCwd(ctx) ? { cwd: safeCwd(ctx)! } : {}), host: hostInfo(ctx), action: userBashAction(event, ctx, { env: this.deps.env, vars: this.vars }) },
      { env: this.rt.env },
    );
    this.rt.say(out.diagnostics);
  }

  // ------------------------------------------------------------------ prompts

  /**
   * The person's input. Returns `{action: "handled"}` when it must not reach the model (a
   * contract change while the agent works, or a prompt the person's hooks refused), else
   * nothing: Pi goes on with the text unchanged.
   */
  async onInput(event: unknown, ctx: PiContext): Promise<{ action: 'handled' } | undefined> {
    const ui = this.ui(ctx);
    try {
      const input = inputOf(event);
      // an extension's input is never the person
      if (input.source === 'extension') return undefined;
      const streaming = input.streaming || (typeof ctx?.isIdle === 'function' && ctx.isIdle() === false);
      if (streaming) {
        if (promptIntent(input.text) === 'none') return undefined;
        this.rt.notify(ui, BUSY_NOTICE, 'warning');
        this.rt.say([BUSY_NOTICE]);
        return { action: 'handled' };
      }
      const sessionId = sessionIdOf(ctx);
      // the guard's own deny here (the fail-closed GUARD_UNAVAILABLE stamp) comes back as context
      // and notice: the model reads that every action will be denied, the person is told
      const out = await this.rt.answer(promptEvent(input.text, input.source, ctx), { row: this.rt.row('input') }, this.hookInput(sessionId, ctx, { prompt: input.text }), this.place(ctx));
      this.rt.say(out.diagnostics);
      if (out.notice) this.rt.notify(ui, out.notice, out.level ?? 'warning');
      for (const m of out.messages ?? []) this.rt.notify(ui, m);
      if (out.kind === 'deny' || out.kind === 'ask') {
        // only the person's hooks can still refuse a prompt here
        const why = stampOf(out);
        this.rt.notify(ui, why, 'warning');
        this.rt.say([`prompt refused: ${why.split('\n')[0]}`]);
        return { action: 'handled' };
      }
      this.rt.keep(sessionId, contextTexts(out));
      return undefined;
    } catch (err) {
      // an input that cannot be processed never changes the contract; the fail mode decides
      // whether the model may still see it (closed: the reason goes in as context)
      const out = this.rt.failure(err, safeCwd(ctx));
      this.rt.say(out.diagnostics);
      if (out.kind === 'deny' && out.message) {
        try {
          this.rt.keep(sessionIdOf(ctx), [out.message]);
        } catch {
          // without a session id there is nowhere to put it
        }
      }
      return undefined;
    }
  }

  private onBeforeAgentStart(ctx: PiContext): { message: ReturnType<typeof contextMessage> } | undefined {
    const texts = this.rt.takeKept(sessionIdOf(ctx));
    if (texts.length === 0) return undefined;
    return { message: contextMessage(texts.join('\n\n')) };
  }

  // ------------------------------------------------------------------ tools

  private toolHookInput(sessionId: string, call: ToolCallEvent, ctx: PiContext, extra: Partial<HookEventInput> = {}): HookEventInput {
    return this.rt.toolHookInput(this.hookInput(sessionId, ctx), { tool: call.toolName, callId: call.toolCallId, args: call.input }, extra);
  }

  /** Decide before a tool runs: `{block, reason}`, or nothing (a rewritten command is put into `event.input`). Never throws. */
  async onToolCall(event: unknown, ctx: PiContext): Promise<ReturnType<typeof blockResult> | undefined> {
    const row = this.rt.row('tool-before');
    const decided = await this.rt.beforeTool('tool_call', { cwd: safeCwd(ctx), ui: this.ui(ctx), row }, async () => {
      const call = toolCallOf(event);
      const sessionId = sessionIdOf(ctx);
      const t = await this.toolCtx();
      const answer = await this.rt.answer(toolEvent('action.before', call, ctx, t), { row, call: toolCall(row, call, ctx, t) }, this.toolHookInput(sessionId, call, ctx), this.place(ctx));
      return { answer, sessionId, callId: call.toolCallId };
    });
    if (decided && 'block' in decided) return blockResult(decided.block);
    // a command stopline would only let run rewritten, where the rewrite cannot be placed, does not run
    if (decided && 'rewrite' in decided && !rewriteInput(event, decided.rewrite)) return blockResult({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
    return undefined;
  }

  /** After a tool ran (Pi sends no tool_result for a blocked call): evidence and watch context. */
  private async onToolResult(event: unknown, ctx: PiContext): Promise<ReturnType<typeof appendedResult>> {
    const started = this.rt.now();
    const call = toolCallOf(event);
    const sessionId = sessionIdOf(ctx);
    const failed = isRecord(event) && event.isError === true;
    const response = isRecord(event) ? event.content : undefined;
    const out = await this.rt.answer(toolEvent('action.after', call, ctx, await this.toolCtx()), { row: this.rt.row('tool-after') }, this.toolHookInput(sessionId, call, ctx, { toolResponse: response, toolFailed: failed }), this.place(ctx));
    this.rt.say(out.diagnostics);
    const texts = this.rt.afterTexts(sessionId, call.toolCallId, out);
    this.rt.timed('tool_result', started, out.kind);
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
  if (isRecord(event) && typeof event.reason === 'string') return event.reason === 'manual' ? 'manual' : 'auto';
  return 'auto';
}
