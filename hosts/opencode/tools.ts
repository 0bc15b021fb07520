/**
 * The tool hooks: decide before a tool runs (a deny is an Error whose message is the stamp,
 * which OpenCode hands to the model; a rewritten command is put into `output.args`), and after
 * it ran append what the model should read to the tool's output. `tool.execute.before` first
 * waits until the prompt that came before it has been processed, so the decision sees the
 * contract the person set.
 */
import type { SessionTree } from '../../core/answer/controller';
import { launchesSubagents } from '../../core/registry/hook-input';
import { findToolEntry } from '../../core/registry/lookup';
import type { HookEventInput } from '../../core/hooks/in-process';
import type { InProcessRuntime } from '../shared/in-process/runtime';
import { NO_UI } from '../shared/in-process/ports';
import { appendToToolOutput, denyError, isChild, rewriteArgs, toolCall, toolCallInput, toolEvent } from './adapter';
import type { Ancestry, ToolCallInput, ToolEventCtx } from './adapter';
import type { OpenCodeSessions } from './sessions';
import { isRecord } from '../../core/check';

export class OpenCodeTools {
  constructor(
    private readonly rt: InProcessRuntime,
    private readonly sessions: OpenCodeSessions,
    private readonly cwd: string | undefined,
    /** the protected-folder variables of this process's environment (shell targets like `$CODEX_HOME/x`) */
    private readonly vars: Record<string, string>,
  ) {}

  private eventCtx(ancestry: Ancestry): ToolEventCtx {
    const v = this.sessions.version;
    return { ancestry, cwd: this.cwd, env: this.rt.env, vars: this.vars, registry: this.rt.registry, ...(v ? { version: v } : {}) };
  }

  private hookInput(ancestry: Ancestry, call: ToolCallInput, args: unknown, extra: Partial<HookEventInput> = {}): HookEventInput {
    const base = this.rt.hookInput(ancestry.rootId, this.cwd, isChild(ancestry) ? { agentId: ancestry.sessionId } : {});
    return this.rt.toolHookInput(base, { tool: call.tool, callId: call.callID, args }, extra);
  }

  /** Decide before a tool runs; a deny is thrown, a rewritten command goes into `output.args`. */
  async before(rawInput: unknown, output: unknown): Promise<void> {
    const row = this.rt.row('tool-before');
    const decided = await this.rt.beforeTool('tool.execute.before', { cwd: this.cwd, ui: NO_UI, row, tell: (m) => this.rt.say([m]) }, async () => {
      const call = toolCallInput(rawInput);
      const args = isRecord(output) ? output.args : undefined;
      const ancestry = await this.sessions.ancestry(call.sessionID);
      // the prompt that armed the contract must be processed before anything is decided
      await this.rt.idle(call.sessionID);
      if (ancestry.rootId !== call.sessionID) await this.rt.idle(ancestry.rootId);
      // a session whose ancestry cannot be read may be anyone's child: the controller answers with the fail mode
      const tree: SessionTree | undefined = ancestry.certain ? undefined : { kind: 'unreadable', why: `the parent chain of session ${call.sessionID.slice(0, 12)}… could not be read` };
      const ctx = this.eventCtx(ancestry);
      const on = { row, call: toolCall(row, call, args, ctx) };
      const answer = await this.rt.answer(toolEvent('action.before', call, args, ctx), on, this.hookInput(ancestry, call, args), { cwd: this.cwd, canAsk: false, ...(tree ? { tree } : {}) });
      return { answer, sessionId: call.sessionID, callId: call.callID };
    });
    if (decided && 'block' in decided) throw denyError(decided.block);
    // a command stopline would only let run rewritten, where the rewrite cannot be placed, does not run
    if (decided && 'rewrite' in decided && !rewriteArgs(output, decided.rewrite)) throw denyError({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
  }

  /** After a tool succeeded: evidence, and watch context appended to what the model reads. */
  async after(rawInput: unknown, output: unknown): Promise<void> {
    const started = this.rt.now();
    let kind = 'none';
    try {
      const call = toolCallInput(rawInput);
      const args = isRecord(rawInput) ? rawInput.args : undefined;
      const ancestry = await this.sessions.ancestry(call.sessionID);
      const event = ancestry.certain ? toolEvent('action.after', call, args, this.eventCtx(ancestry)) : null;
      const response = isRecord(output) ? output.output : undefined;
      const out = await this.rt.answer(event, { row: this.rt.row('tool-after') }, this.hookInput(ancestry, call, args, { toolResponse: response, toolFailed: false }), { cwd: this.cwd, canAsk: false });
      kind = out.kind;
      this.rt.say(out.diagnostics);
      const texts = this.rt.afterTexts(call.sessionID, call.callID, out);
      if (launchesSubagents(findToolEntry(this.rt.registry, call.tool))) texts.push(...(await this.subagentEnd(ancestry, call, args, output)));
      appendToToolOutput(output, texts);
    } catch (err) {
      // nothing to stop after the tool ran; the fail mode's answer is a diagnostic
      const out = this.rt.failure(err, this.cwd);
      kind = `fail-${out.kind}`;
      this.rt.say(out.diagnostics);
    }
    this.rt.timed('tool.execute.after', started, kind);
  }

  /** A task tool finished: the person's subagent:end hooks, whose context goes after the task's output. */
  private async subagentEnd(ancestry: Ancestry, call: ToolCallInput, args: unknown, output: unknown): Promise<string[]> {
    if (!this.rt.hasHooks('subagent:end', this.cwd)) return [];
    const meta = isRecord(output) && isRecord(output.metadata) ? output.metadata : {};
    const agentType = isRecord(args) && typeof args.subagent_type === 'string' ? args.subagent_type : undefined;
    const agentId = typeof meta.sessionId === 'string' ? meta.sessionId : undefined;
    return this.rt.observe('subagent:end', this.cwd, this.rt.hookInput(ancestry.rootId, this.cwd, { ...(agentType ? { agentType } : {}), ...(agentId ? { agentId } : {}), stopHookActive: false, toolUseId: call.callID }));
  }
}
