/**
 * Pi adapter: the registry table (core/registry/pi.ts) plus the pure functions between Pi's
 * extension events and the core. The stateful part is door.ts; the entry (the default export
 * Pi loads) is extension.ts.
 *
 * Verified on @earendil-works/pi-coding-agent 1.6.0 and @mariozechner/pi-coding-agent 0.73.1
 * (docs/hosts/pi.md):
 * - deny: `tool_call` returns `{block: true, reason}`; the model receives the reason as the
 *   tool message and the agent goes on (never `terminate`: it can recover in scope);
 * - ask: only where `ctx.hasUI` (TUI, rpc) a person can answer `ctx.ui.confirm`; elsewhere an
 *   ask is a deny;
 * - context: `before_agent_start` returns `{message: {customType, content, display: false}}`,
 *   sent as an extra user message after the prompt; after a tool, text is appended to the
 *   `tool_result` content;
 * - the session id comes from `ctx.sessionManager.getSessionId()`, the action id is
 *   `toolCallId`, and `input.source: "extension"` is never the person.
 */
import type { ToolCall } from '../../core/answer/answer';
import type { ControlEvent, HostInfo, PromptSource } from '../../core/protocol';
import type { Outcome, Rewrite } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { toolHookInput } from '../../core/registry/hook-input';
import { piRegistry } from '../../core/registry/pi';
import type { EventEntry } from '../../core/registry/types';
import { actionAt, actionOf, toolCallFor } from '../shared/action';
import type { Env, ToolCallRef } from '../shared/action';
import { isRecord } from '../../core/check';

export const LABEL = 'stopline (pi)';
/** how a deny reaches Pi, as the evidence records it */
export const DENY_RESPONSE = 'tool_call_block_returned';
/** customType of the context messages this extension adds */
export const CONTEXT_TYPE = 'stopline-context';

/** The handful of ExtensionContext members the adapter reads (both Pi versions have them). */
export interface PiContext {
  cwd?: string;
  hasUI?: boolean;
  /** 1.6.0 only: tui | rpc | json | print */
  mode?: string;
  sessionManager?: { getSessionId?: () => unknown };
  isIdle?: () => boolean;
  ui?: {
    confirm?: (title: string, message: string, opts?: unknown) => Promise<boolean>;
    notify?: (message: string, type?: 'info' | 'warning' | 'error') => void;
  };
}

/** Pi's stable session id; an extension context without one breaks Pi's contract. */
export function sessionIdOf(ctx: PiContext | undefined): string {
  const get = ctx?.sessionManager?.getSessionId;
  const id = typeof get === 'function' ? get.call(ctx!.sessionManager) : undefined;
  if (typeof id !== 'string' || id.trim() === '') throw new TypeError('Pi gave no session id (ctx.sessionManager.getSessionId())');
  return id;
}

export function cwdOf(ctx: PiContext | undefined): string | undefined {
  return typeof ctx?.cwd === 'string' && ctx.cwd !== '' ? ctx.cwd : undefined;
}

export function hostInfo(ctx: PiContext | undefined): HostInfo {
  const h: HostInfo = { family: 'pi', hasHuman: ctx?.hasUI === true };
  // 0.73.1 has no ctx.mode; 1.6.0 says tui, rpc, json or print
  if (typeof ctx?.mode === 'string' && ctx.mode !== '') h.permissionMode = ctx.mode;
  return h;
}

function skeleton(kind: ControlEvent['kind'], ctx: PiContext | undefined): ControlEvent {
  const ev: ControlEvent = { protocolVersion: 1, kind, sessionId: sessionIdOf(ctx), host: hostInfo(ctx) };
  const cwd = cwdOf(ctx);
  if (cwd) ev.cwd = cwd;
  return ev;
}

/** The `input` event's text and source; throws a clear error when Pi's shape is broken. */
export function inputOf(event: unknown): { text: string; source: string; streaming: boolean } {
  if (!isRecord(event) || typeof event.text !== 'string') throw new TypeError('input event: text is missing');
  const source = typeof event.source === 'string' ? event.source : 'interactive';
  // 1.6.0 sets streamingBehavior only while the agent is working
  return { text: event.text, source, streaming: event.streamingBehavior === 'steer' || event.streamingBehavior === 'followUp' };
}

/** Only what the person typed (TUI, -p, rpc) is the person; an extension's input never is. */
export function promptSource(source: string): PromptSource {
  return source === 'extension' ? 'extension' : 'user';
}

export function promptEvent(text: string, source: string, ctx: PiContext | undefined): ControlEvent {
  const ev = skeleton('prompt.submit', ctx);
  ev.prompt = { text, source: promptSource(source) };
  return ev;
}

export interface ToolCallEvent {
  toolName: string;
  toolCallId: string;
  input: unknown;
}

export function toolCallOf(event: unknown): ToolCallEvent {
  if (!isRecord(event)) throw new TypeError('tool event is not an object');
  if (typeof event.toolName !== 'string' || event.toolName === '') throw new TypeError('tool event: toolName is missing');
  return { toolName: event.toolName, toolCallId: typeof event.toolCallId === 'string' ? event.toolCallId : '', input: event.input };
}

/**
 * The version of the Pi that loaded the extension, the way Pi exposes it to extensions: its loader
 * maps its own package name for them (`@mariozechner/pi-coding-agent`, answered by 1.6.0 and
 * 0.73.1 alike) and the package exports `VERSION`. `load` imports it (extension.ts passes a
 * dynamic import); undefined when it is not there (not Pi, or a Pi without the export), and then
 * every Pi version's path reading is judged (core/registry/pi.ts).
 */
export async function piVersion(load: () => Promise<unknown>): Promise<string | undefined> {
  try {
    const mod = await load();
    const v = isRecord(mod) ? mod.VERSION : undefined;
    return typeof v === 'string' && /^\d+\.\d+/.test(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** What the analysis of a Pi tool call needs besides the call: the process's environment, the Pi version when known. */
export interface PiToolCtx {
  env: Env;
  /** the protected-folder variables, when the door read them once */
  vars?: Record<string, string>;
  /** the Pi that loaded the extension (picks its path reading); undefined: every version's is judged */
  hostVersion?: string;
}

function callRef(call: ToolCallEvent): ToolCallRef {
  return { tool: call.toolName, input: call.input, ...(call.toolCallId ? { id: call.toolCallId } : {}) };
}

/** action.before / action.after for one tool call, analysed against Pi's tool table (for the Pi version, when known). */
export function toolEvent(kind: 'action.before' | 'action.after', call: ToolCallEvent, ctx: PiContext | undefined, t: PiToolCtx): ControlEvent {
  const ev = skeleton(kind, ctx);
  ev.action = actionOf(piRegistry, callRef(call), actionAt(ev.cwd, t));
  return ev;
}

/** The tool call for the answer path: whether the row takes a rewrite of it, and the same call with another command. */
export function toolCall(row: EventEntry, call: ToolCallEvent, ctx: PiContext | undefined, t: PiToolCtx): ToolCall {
  return toolCallFor(piRegistry, row, callRef(call), actionAt(cwdOf(ctx), t));
}

/**
 * Run the rewritten command: Pi runs the very `input` object it handed `tool_call` (1.6.0 and
 * 0.73.1 pass the validated arguments by reference), so the command goes into that object.
 */
export function rewriteInput(event: unknown, rewrite: Rewrite): boolean {
  const input = isRecord(event) ? event.input : undefined;
  if (!isRecord(input) || !rewrite.field) return false;
  input[rewrite.field] = rewrite.command;
  return true;
}

/** A command the person ran with `!` (user_bash), analysed as Pi's bash tool would be. */
export function userBashAction(event: unknown, ctx: PiContext | undefined, t: PiToolCtx): Omit<NonNullable<ControlEvent['action']>, 'id'> {
  const command = isRecord(event) && typeof event.command === 'string' ? event.command : '';
  const cwd = isRecord(event) && typeof event.cwd === 'string' && event.cwd !== '' ? event.cwd : cwdOf(ctx);
  return actionOf(piRegistry, { tool: 'bash', input: { command } }, actionAt(cwd, { env: t.env, ...(t.vars ? { vars: t.vars } : {}) }));
}

export function sessionEndEvent(ctx: PiContext | undefined): ControlEvent {
  return skeleton('session.end', ctx);
}

export { stampOf } from '../../core/answer/outcome';

/** Pi's block: the reason is what the model reads; no `terminate`, so the agent can recover in scope. */
export function blockResult(outcome: Outcome): { block: true; reason: string } {
  return { block: true, reason: stampOf(outcome) };
}

/** The hidden custom message before_agent_start returns (it reaches the model, not the screen). */
export function contextMessage(text: string): { customType: string; content: string; display: false } {
  return { customType: CONTEXT_TYPE, content: text, display: false };
}

/** tool_result's answer that appends text to what the model reads; undefined when there is nothing to add. */
export function appendedResult(event: unknown, texts: readonly string[]): { content: unknown[] } | undefined {
  const kept = texts.filter((t) => t.trim() !== '');
  if (kept.length === 0) return undefined;
  const content = isRecord(event) && Array.isArray(event.content) ? event.content : [];
  return { content: [...content, { type: 'text', text: kept.join('\n\n') }] };
}

/** The tool input in Claude's field names for the person's universal hooks. */
export function canonicalInput(tool: string, input: unknown): Record<string, unknown> | undefined {
  return toolHookInput(piRegistry, tool, input);
}
