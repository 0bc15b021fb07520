/**
 * OpenCode v2 adapter: the v2 table (core/registry/opencode2.ts) and the pure functions between
 * the v2 hook events and the core. Prompt, subagent and session-end events are the same
 * ControlEvents as on 1.x (../adapter.ts); what differs is where each value sits in the v2
 * events, the tool table, how a deny is given back (the callback rejects) and where context
 * goes (the request's system parts, the tool result's content).
 */
import type { ControlEvent, HostInfo } from '../../../core/protocol';
import type { Outcome, Rewrite } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import type { ToolCall } from '../../../core/answer/answer';
import { opencode2Registry } from '../../../core/registry/opencode2';
import type { EventEntry } from '../../../core/registry/types';
import { actionAt, actionOf, toolCallFor } from '../../shared/action';
import type { Env } from '../../shared/action';
import { str } from '../adapter';
import type { Ancestry, ToolCallInput } from '../adapter';
import type { V2PermissionEvaluate, V2SessionContext, V2SessionPrompt, V2ToolAfter, V2ToolBefore } from './api';
import { isRecord } from '../../../core/check';

export const LABEL_V2 = 'stopline (opencode v2)';

/** The execute.before event, checked; the same object, so a confined command can be written back. */
export function toolBefore(event: unknown): V2ToolBefore {
  if (!isRecord(event)) throw new TypeError('execute.before: the event is not an object');
  if (!str(event, 'tool')) throw new TypeError('execute.before: tool is missing');
  if (!str(event, 'sessionID')) throw new TypeError('execute.before: sessionID is missing');
  return event as unknown as V2ToolBefore;
}

export function toolAfter(event: unknown): V2ToolAfter {
  if (!isRecord(event)) throw new TypeError('execute.after: the event is not an object');
  if (!str(event, 'tool')) throw new TypeError('execute.after: tool is missing');
  if (!str(event, 'sessionID')) throw new TypeError('execute.after: sessionID is missing');
  return event as unknown as V2ToolAfter;
}

/** The call as the core and the person's hooks name it (v2 calls the call id `id`). */
export function callOf(event: { tool: string; sessionID: string; id?: unknown }): ToolCallInput {
  return { tool: event.tool, sessionID: event.sessionID, callID: typeof event.id === 'string' ? event.id : '' };
}

export function sessionPrompt(event: unknown): V2SessionPrompt | null {
  if (!isRecord(event) || !str(event, 'sessionID') || !isRecord(event.prompt) || typeof event.prompt.text !== 'string') return null;
  return event as unknown as V2SessionPrompt;
}

export function sessionContext(event: unknown): V2SessionContext | null {
  if (!isRecord(event) || !str(event, 'sessionID') || !Array.isArray(event.system)) return null;
  return event as unknown as V2SessionContext;
}

export function permissionEvaluate(event: unknown): V2PermissionEvaluate | null {
  if (!isRecord(event) || !str(event, 'sessionID') || typeof event.action !== 'string' || typeof event.effect !== 'string') return null;
  return event as unknown as V2PermissionEvaluate;
}

/** The tool call a permission request comes from, when the host names one. */
export function permissionCallId(event: V2PermissionEvaluate): string | undefined {
  const s = event.source;
  return isRecord(s) && s.type === 'tool' && typeof s.id === 'string' && s.id !== '' ? s.id : undefined;
}

function hostInfoV2(canAsk: boolean, agent?: string): HostInfo {
  const h: HostInfo = { family: 'opencode', hasHuman: canAsk };
  if (agent) h.agentType = agent;
  return h;
}

/** Where a v2 tool call runs, as the analysis needs it. */
interface ToolEventCtxV2 {
  ancestry: Ancestry;
  cwd: string | undefined;
  env: Env;
  vars?: Record<string, string>;
  agent?: string;
  canAsk: boolean;
}

/** action.before / action.after for one tool call, analysed against the v2 tool table. */
export function toolEventV2(kind: 'action.before' | 'action.after', call: ToolCallInput, args: unknown, ctx: ToolEventCtxV2): ControlEvent {
  const ev: ControlEvent = { protocolVersion: 1, kind, sessionId: ctx.ancestry.sessionId, host: hostInfoV2(ctx.canAsk, ctx.agent) };
  // a child shares its root's contract and can never change it
  if (ctx.ancestry.certain && ctx.ancestry.rootId !== ctx.ancestry.sessionId) ev.rootSessionId = ctx.ancestry.rootId;
  if (ctx.cwd) ev.cwd = ctx.cwd;
  ev.action = actionOf(opencode2Registry, { tool: call.tool, input: args, ...(call.callID ? { id: call.callID } : {}) }, actionAt(ctx.cwd, ctx));
  return ev;
}

/** The tool call for the answer path: whether the row takes a rewrite of it, and the same call with another command. */
export function toolCallV2(row: EventEntry, call: ToolCallInput, args: unknown, ctx: ToolEventCtxV2): ToolCall {
  return toolCallFor(opencode2Registry, row, { tool: call.tool, input: args, ...(call.callID ? { id: call.callID } : {}) }, actionAt(ctx.cwd, ctx));
}

/**
 * What a deny gives back to v2: the callback rejects with an Error whose message is the stamp.
 * It also carries the tag of the host's own tool error, the failure the v2 types declare for
 * execute.before, so a host that recognises the tag shows the stamp as that call's error.
 */
export function denyErrorV2(outcome: Outcome): Error {
  const e = new Error(stampOf(outcome)) as Error & { _tag: string };
  e.name = 'StoplineDeny';
  e._tag = 'Tool.Error';
  return e;
}

/**
 * Put a confined command into the event's input, in the field the tool row names, keeping every
 * other field. The host runs what `event.input` holds after the hook. false: the tool has no
 * command field, so the command cannot be confined.
 */
export function applyRewrite(event: V2ToolBefore, rewrite: Rewrite): boolean {
  const field = rewrite.field;
  if (!field || !isRecord(event.input)) return false;
  event.input = { ...event.input, [field]: rewrite.command };
  return true;
}

/** Text the model reads with a request: one system part each. */
export function systemParts(texts: readonly string[]): { type: 'text'; text: string }[] {
  return texts.filter((t) => t.trim() !== '').map((text) => ({ type: 'text' as const, text }));
}

/**
 * Context after a tool ran, added to what the model reads as the tool's result. Only a
 * completed call has a result to add to. false: nothing was added.
 */
export function appendToResult(event: V2ToolAfter, texts: readonly string[]): boolean {
  const kept = texts.filter((t) => t.trim() !== '');
  if (kept.length === 0 || event.status !== 'completed' || !isRecord(event.result)) return false;
  const content = event.result.content;
  if (typeof content === 'string') {
    event.result = { ...event.result, content: [content, ...kept].filter((t) => t !== '').join('\n\n') };
    return true;
  }
  if (Array.isArray(content)) {
    event.result = { ...event.result, content: [...content, ...kept.map((text) => ({ type: 'text', text }))] };
    return true;
  }
  if (content === undefined) {
    event.result = { ...event.result, content: kept.map((text) => ({ type: 'text', text })) };
    return true;
  }
  return false;
}

/** A session record as ctx.session.get gives it (bare, or inside `{data}`). */
export function sessionRecord(value: unknown): Record<string, unknown> | null {
  if (isRecord(value) && isRecord(value.data) && typeof value.data.id === 'string') return value.data;
  return isRecord(value) && typeof value.id === 'string' ? value : null;
}

/** The session a bus event is about (v2 events carry their fields under `data` or `properties`). */
export function busSessionId(event: unknown): string | undefined {
  if (!isRecord(event)) return undefined;
  for (const body of [event.data, event.properties]) {
    if (!isRecord(body)) continue;
    // the body's own `id` is the session's in a session event; the event's top-level `id` is the event's
    const id = str(body, 'sessionID') ?? (isRecord(body.info) ? str(body.info, 'id') : undefined) ?? (isRecord(body.session) ? str(body.session, 'id') : undefined) ?? str(body, 'id');
    if (id) return id;
  }
  return str(event, 'sessionID');
}

/** The child session a subagent call ran in, from its result's metadata. */
export function subagentSessionId(event: V2ToolAfter): string | undefined {
  const meta = isRecord(event.result) && isRecord(event.result.metadata) ? event.result.metadata : undefined;
  return meta && typeof meta.sessionID === 'string' && meta.sessionID !== '' ? meta.sessionID : undefined;
}
