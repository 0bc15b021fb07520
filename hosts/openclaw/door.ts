/**
 * The OpenClaw plugin at run time: the shared in-process runtime (hosts/shared/in-process) plus
 * OpenClaw's handlers. Which hook goes to which handler is the `handler` column of
 * core/registry/openclaw.ts.
 *
 * Rules it keeps:
 * - `before_prompt_build` arms or changes the contract from the person's request and hands the
 *   contract to the model as `prependContext`; it also learns the session's workspace, which the
 *   tool hooks do not carry;
 * - `before_tool_call` blocks with the stamp, or returns `{params}` with a confined command; an
 *   ask is a deny (nobody can answer in the runs this was verified on);
 * - OpenClaw blocks a tool when its handler throws, so the tool handler catches its own errors
 *   and the configured fail mode decides (open by default), not the accident.
 */
import type { Env, HookEventInput, InProcessHooks } from '../../core/hooks/in-process';
import { openclawRegistry } from '../../core/registry/openclaw';
import { pathVars } from '../../core/paths/self-paths';
import type { CoreApi } from '../../core/answer/answer';
import { registeredHandlers } from '../shared/in-process/handlers';
import { BoundedMap } from '../shared/in-process/bounded';
import { nodePorts } from '../shared/in-process/node';
import { NO_UI } from '../shared/in-process/ports';
import { InProcessRuntime, contextTexts } from '../shared/in-process/runtime';
import { DENY_RESPONSE, LABEL, blockResult, promptContext, promptEvent, promptTextOf, rewrittenParams, sessionIdOf, stampOf, toolCall, toolCallOf, toolEvent, workspaceOf } from './adapter';
import type { OpenClawContext, OpenClawToolCtx, ToolCallEvent } from './adapter';

interface DoorDeps {
  env: Env;
  core: CoreApi;
  hooks: InProcessHooks;
  /** one line per call, no newline; default: stderr */
  log?: (line: string) => void;
  /** the agents' default workspace from OpenClaw's config, for a tool call whose session named none yet */
  workspace?: string;
}

/** What `api.on` registers: OpenClaw hook name -> handler. */
type OpenClawHandlers = Record<string, (event: unknown, ctx: OpenClawContext) => Promise<unknown>>;

type Block = ReturnType<typeof blockResult>;
type Params = NonNullable<ReturnType<typeof rewrittenParams>>;

/** OpenClaw's handlers, one result type each; the registry's `handler` column names them. */
interface OpenClawEventHandlers {
  prompt(event: unknown, ctx: OpenClawContext): Promise<ReturnType<typeof promptContext>>;
  'tool-before'(event: unknown, ctx: OpenClawContext): Promise<Block | Params | undefined>;
  'tool-after'(event: unknown, ctx: OpenClawContext): Promise<void>;
  'turn-stop'(event: unknown, ctx: OpenClawContext): Promise<void>;
}

/** Handlers that apply the fail mode themselves; every other one can only fail as a diagnostic. */
const DECIDES_ON_ERROR: ReadonlySet<keyof OpenClawEventHandlers> = new Set<keyof OpenClawEventHandlers>(['prompt', 'tool-before']);

export class OpenClawDoor {
  private readonly rt: InProcessRuntime;
  private readonly vars: Record<string, string>;
  /** session -> the workspace its prompt hook named (tool hooks carry no folder) */
  private readonly workspaces = new BoundedMap<string>(1024);

  constructor(private readonly deps: DoorDeps) {
    this.rt = new InProcessRuntime({ registry: openclawRegistry, label: LABEL, denyResponse: DENY_RESPONSE, pendingLimit: 256 }, { ...nodePorts(deps.env, deps.log), core: deps.core, hooks: deps.hooks });
    this.vars = pathVars(deps.env);
  }

  handlers(): OpenClawHandlers {
    return registeredHandlers<OpenClawContext, OpenClawEventHandlers>(openclawRegistry, this.eventHandlers(), DECIDES_ON_ERROR, (name, fn) => this.rt.safely(name, fn));
  }

  private eventHandlers(): OpenClawEventHandlers {
    return {
      prompt: (e, ctx) => this.onPrompt(e, ctx),
      'tool-before': (e, ctx) => this.onToolCall(e, ctx),
      'tool-after': (e, ctx) => this.onToolResult(e, ctx),
      'turn-stop': (_e, ctx) => this.onTurnEnd(ctx),
    };
  }

  private toolCtx(): OpenClawToolCtx {
    return { env: this.deps.env, vars: this.vars };
  }

  /** The session's workspace: the one its prompt hook named, else the configured default. */
  private cwd(ctx: OpenClawContext | undefined): string | undefined {
    const named = workspaceOf(ctx);
    if (named) return named;
    try {
      return this.workspaces.get(sessionIdOf(ctx)) ?? this.deps.workspace;
    } catch {
      return this.deps.workspace;
    }
  }

  private place(ctx: OpenClawContext | undefined) {
    return { cwd: this.cwd(ctx), canAsk: false };
  }

  /** The person's request: arms or changes the contract; its context goes before the request. Never throws. */
  private async onPrompt(event: unknown, ctx: OpenClawContext): Promise<ReturnType<typeof promptContext>> {
    try {
      const sessionId = sessionIdOf(ctx);
      const dir = workspaceOf(ctx);
      if (dir) this.workspaces.set(sessionId, dir);
      const text = promptTextOf(event);
      const input: HookEventInput = this.rt.hookInput(sessionId, this.cwd(ctx), { prompt: text });
      const out = await this.rt.answer(promptEvent(text, ctx, this.cwd(ctx)), { row: this.rt.row('prompt') }, input, this.place(ctx));
      this.rt.say(out.diagnostics);
      // this hook cannot refuse a prompt: a refusal (only the person's hooks give one here) reaches the model as context
      const texts = out.kind === 'deny' || out.kind === 'ask' ? [stampOf(out)] : contextTexts(out);
      return promptContext([...this.rt.takeKept(sessionId), ...texts]);
    } catch (err) {
      // a request that cannot be processed never changes the contract; closed: the model reads why
      const out = this.rt.failure(err, this.cwd(ctx));
      this.rt.say(out.diagnostics);
      return out.kind === 'deny' && out.message ? promptContext([out.message]) : undefined;
    }
  }

  /** Decide before a tool runs: `{block, blockReason}`, `{params}` with a confined command, or nothing. Never throws. */
  async onToolCall(event: unknown, ctx: OpenClawContext): Promise<Block | Params | undefined> {
    const row = this.rt.row('tool-before');
    let call: ToolCallEvent | undefined;
    const decided = await this.rt.beforeTool('before_tool_call', { cwd: this.cwd(ctx), ui: NO_UI, row }, async () => {
      call = toolCallOf(event);
      const sessionId = sessionIdOf(ctx);
      const cwd = this.cwd(ctx);
      const t = this.toolCtx();
      const input = this.rt.toolHookInput(this.rt.hookInput(sessionId, cwd), { tool: call.toolName, callId: call.toolCallId, args: call.params });
      const answer = await this.rt.answer(toolEvent('action.before', call, ctx, cwd, t), { row, call: toolCall(row, call, cwd, t) }, input, this.place(ctx));
      return { answer, sessionId, callId: call.toolCallId };
    });
    if (decided && 'block' in decided) return blockResult(decided.block);
    if (decided && 'rewrite' in decided) {
      // a command stopline would only let run confined, where the new arguments cannot be built, does not run
      return (call && rewrittenParams(call, decided.rewrite)) ?? blockResult({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
    }
    return undefined;
  }

  /** After a tool ran: evidence and the person's hooks (OpenClaw reads no answer here). A blocked call never ran. */
  private async onToolResult(event: unknown, ctx: OpenClawContext): Promise<void> {
    const call = toolCallOf(event);
    if (call.blocked) return;
    const started = this.rt.now();
    const sessionId = sessionIdOf(ctx);
    const cwd = this.cwd(ctx);
    const ev = event as { result?: unknown; error?: unknown };
    const input = this.rt.toolHookInput(this.rt.hookInput(sessionId, cwd), { tool: call.toolName, callId: call.toolCallId, args: call.params }, { toolResponse: ev.result, toolFailed: ev.error !== undefined });
    const out = await this.rt.answer(toolEvent('action.after', call, ctx, cwd, this.toolCtx()), { row: this.rt.row('tool-after') }, input, this.place(ctx));
    this.rt.say(out.diagnostics);
    // what would reach the model after the tool is kept for the next request
    this.rt.keep(sessionId, this.rt.afterTexts(sessionId, call.toolCallId, out));
    this.rt.timed('after_tool_call', started, out.kind);
  }

  private async onTurnEnd(ctx: OpenClawContext): Promise<void> {
    const cwd = this.cwd(ctx);
    if (!this.rt.hasHooks('turn:stop', cwd)) return;
    await this.rt.observe('turn:stop', cwd, this.rt.hookInput(sessionIdOf(ctx), cwd, { stopHookActive: false }));
  }
}
