/**
 * OpenClaw adapter: the registry table (core/registry/openclaw.ts) plus the pure functions between
 * OpenClaw's plugin hooks and the core. The stateful part is door.ts; the entry (the module
 * OpenClaw loads) is plugin.ts.
 *
 * Verified on openclaw 2026.9.6 (docs/hosts/openclaw.md):
 * - deny: `before_tool_call` returns `{block: true, blockReason}`; the tool does not run and the
 *   model reads the reason verbatim;
 * - rewrite: `{params}` with the whole argument object; the tool runs with it;
 * - context: `before_prompt_build` returns `{prependContext}`;
 * - session: `ctx.sessionId` (else `ctx.sessionKey`), the same on the prompt and tool hooks; the
 *   workspace folder is on the prompt hook's `ctx.workspaceDir` only.
 */
import type { ToolCall } from '../../core/answer/answer';
import type { ControlEvent, HostInfo, PromptSource } from '../../core/protocol';
import type { Outcome, Rewrite } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { openclawRegistry } from '../../core/registry/openclaw';
import type { EventEntry } from '../../core/registry/types';
import { actionAt, actionOf, toolCallFor } from '../shared/action';
import type { Env, ToolCallRef } from '../shared/action';
import { isRecord } from '../../core/check';

export const LABEL = 'stopline (openclaw)';
/** how a deny reaches OpenClaw, as the evidence records it */
export const DENY_RESPONSE = 'before_tool_call_block_returned';

/** The members of OpenClaw's hook context the adapter reads (agent and tool hooks alike). */
export interface OpenClawContext {
  agentId?: string;
  sessionKey?: string;
  sessionId?: string;
  runId?: string;
  toolCallId?: string;
  /** the prompt hooks only */
  workspaceDir?: string;
  /** the prompt hooks only: where the turn's user-role input came from */
  inputProvenance?: { kind?: string };
}

/** The session the contract belongs to: OpenClaw's session id, else its session key. */
export function sessionIdOf(ctx: OpenClawContext | undefined): string {
  for (const id of [ctx?.sessionId, ctx?.sessionKey]) if (typeof id === 'string' && id.trim() !== '') return id;
  throw new TypeError('OpenClaw gave no session (ctx.sessionId, ctx.sessionKey)');
}

/** The workspace a prompt hook names, when it names one. */
export function workspaceOf(ctx: OpenClawContext | undefined): string | undefined {
  return typeof ctx?.workspaceDir === 'string' && ctx.workspaceDir !== '' ? ctx.workspaceDir : undefined;
}

export function hostInfo(): HostInfo {
  // nobody answers a question in `openclaw agent --local`; requireApproval is not used (core/registry/openclaw.ts)
  return { family: 'openclaw', hasHuman: false };
}

function skeleton(kind: ControlEvent['kind'], ctx: OpenClawContext | undefined, cwd: string | undefined): ControlEvent {
  const ev: ControlEvent = { protocolVersion: 1, kind, sessionId: sessionIdOf(ctx), host: hostInfo() };
  if (cwd) ev.cwd = cwd;
  return ev;
}

/** The person's request on `before_prompt_build`: the current message when the host gives it (`prompt` may hold history). */
export function promptTextOf(event: unknown): string {
  if (!isRecord(event)) throw new TypeError('before_prompt_build event is not an object');
  if (typeof event.currentUserMessage === 'string') return event.currentUserMessage;
  if (typeof event.prompt === 'string') return event.prompt;
  throw new TypeError('before_prompt_build event: prompt is missing');
}

/** Only input the host classes as the person's (or leaves unclassed, as `agent --local` does) is the person. */
export function promptSource(ctx: OpenClawContext | undefined): PromptSource {
  const kind = ctx?.inputProvenance?.kind;
  if (kind === 'inter_session') return 'subagent';
  if (kind === 'internal_system') return 'synthetic';
  return 'user';
}

export function promptEvent(text: string, ctx: OpenClawContext | undefined, cwd: string | undefined): ControlEvent {
  const ev = skeleton('prompt.submit', ctx, cwd);
  ev.prompt = { text, source: promptSource(ctx) };
  return ev;
}

export interface ToolCallEvent {
  toolName: string;
  toolCallId: string;
  params: unknown;
  /** after_tool_call of a call a plugin blocked: it never ran */
  blocked: boolean;
}

export function toolCallOf(event: unknown): ToolCallEvent {
  if (!isRecord(event)) throw new TypeError('tool event is not an object');
  if (typeof event.toolName !== 'string' || event.toolName === '') throw new TypeError('tool event: toolName is missing');
  const result = event.result;
  const details = isRecord(result) ? result.details : undefined;
  return {
    toolName: event.toolName,
    toolCallId: typeof event.toolCallId === 'string' ? event.toolCallId : '',
    params: event.params,
    blocked: isRecord(details) && details.status === 'blocked',
  };
}

/** What the analysis of a tool call needs besides the call. */
export interface OpenClawToolCtx {
  env: Env;
  vars?: Record<string, string>;
}

function callRef(call: ToolCallEvent): ToolCallRef {
  return { tool: call.toolName, input: call.params, ...(call.toolCallId ? { id: call.toolCallId } : {}) };
}

/** action.before / action.after for one tool call, analysed against OpenClaw's tool table. */
export function toolEvent(kind: 'action.before' | 'action.after', call: ToolCallEvent, ctx: OpenClawContext | undefined, cwd: string | undefined, t: OpenClawToolCtx): ControlEvent {
  const ev = skeleton(kind, ctx, cwd);
  ev.action = actionOf(openclawRegistry, callRef(call), actionAt(cwd, t));
  return ev;
}

/** The tool call for the answer path: whether the row takes a rewrite of it, and the same call with another command. */
export function toolCall(row: EventEntry, call: ToolCallEvent, cwd: string | undefined, t: OpenClawToolCtx): ToolCall {
  return toolCallFor(openclawRegistry, row, callRef(call), actionAt(cwd, t));
}

/** OpenClaw runs the tool with the `params` a handler returns: the model's arguments with the command replaced. */
export function rewrittenParams(call: ToolCallEvent, rewrite: Rewrite): { params: Record<string, unknown> } | undefined {
  if (!isRecord(call.params) || !rewrite.field) return undefined;
  return { params: { ...call.params, [rewrite.field]: rewrite.command } };
}

export { stampOf } from '../../core/answer/outcome';

/** OpenClaw's block: the model reads blockReason verbatim as the tool result. */
export function blockResult(outcome: Outcome): { block: true; blockReason: string } {
  return { block: true, blockReason: stampOf(outcome) };
}

/** before_prompt_build's answer: text put before the request the model reads; undefined when there is none. */
export function promptContext(texts: readonly string[]): { prependContext: string } | undefined {
  const kept = texts.filter((t) => t.trim() !== '');
  return kept.length ? { prependContext: kept.join('\n\n') } : undefined;
}
