/**
 * OpenCode adapter: the registry table (core/registry/opencode.ts) plus the pure functions
 * between OpenCode's plugin arguments and the core. The stateful part (sessions, queues, SDK
 * calls) is the door (door.ts and the files it names); the entry with the one exported plugin is plugin.ts.
 *
 * Verified on opencode-ai 1.18.33 (docs/hosts/opencode.md):
 * - deny: `tool.execute.before` throws `new Error(stamp)`; the model receives exactly the
 *   message as the tool result and the loop goes on;
 * - there is no ask: `permission.ask` has no call site, so an ask is a deny;
 * - context: a `client.session.prompt({noReply: true})` with a synthetic text part reaches the
 *   next model request; watch context is appended to the tool output in `tool.execute.after`;
 * - user text: `message.part.updated` carries a part; the whole user message is read back
 *   through `client.session.message`; synthetic or ignored parts are never the person's words.
 */
import type { ToolCall } from '../../core/answer/answer';
import type { ControlEvent, HostInfo, HostFamily } from '../../core/protocol';
import type { Outcome, Rewrite } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { toolHookInput } from '../../core/registry/hook-input';
import { opencodeRegistry } from '../../core/registry/opencode';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
import { actionAt, actionOf, toolCallFor } from '../shared/action';
import type { Env } from '../shared/action';
import { isRecord } from '../../core/check';
import { stoplineLabel } from '../shared/label';

/**
 * The prefix of every line the plugin writes, naming the host that loaded it: a fork that loads
 * this artifact unchanged (its spec's `artifact` names this one) is named as itself, so a person
 * reading its log is not sent to OpenCode.
 */
export function labelFor(registry: Pick<HostRegistry, 'family'>): string {
  return stoplineLabel(registry.family);
}
export const LABEL = labelFor(opencodeRegistry);
/** how a deny reaches OpenCode, as the evidence records it */
export const DENY_RESPONSE = 'execution_denial_returned';
/** how far up a parentID chain is followed before the ancestry counts as unknown */
export const MAX_ANCESTRY_DEPTH = 32;

type Obj = Record<string, unknown>;

/** A field that is a non-empty string, or undefined. */
export function str(o: Obj, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Where a session sits: its own id, its root's id, and whether that root is proven. */
export interface Ancestry {
  sessionId: string;
  rootId: string;
  /** false: the parent chain could not be read; the session may be a child of anything */
  certain: boolean;
}

export function isChild(l: Ancestry): boolean {
  return !l.certain || l.rootId !== l.sessionId;
}

/**
 * The host that runs the plugin: OpenCode, or a fork that loads this plugin unchanged (its
 * registry, see core/registry/opencode-hosts.ts), so evidence and the contract's host say which.
 */
export function hostInfo(version: string | undefined, agent?: string, family: HostFamily = opencodeRegistry.family): HostInfo {
  // `opencode run` and the TUI both have no way for a plugin to ask a person (permission.ask
  // is dead in 1.18.33), so an ask is always rendered as a deny
  const h: HostInfo = { family, hasHuman: false };
  if (version) h.version = version;
  if (agent) h.agentType = agent;
  return h;
}

function skeleton(kind: ControlEvent['kind'], ancestry: Ancestry, cwd: string | undefined, host: HostInfo): ControlEvent {
  const ev: ControlEvent = { protocolVersion: 1, kind, sessionId: ancestry.sessionId, host };
  // a child shares its root's contract and can never change it; with unknown ancestry there is
  // no root to share, and the prompt source (below) keeps it from ever arming one
  if (ancestry.certain && ancestry.rootId !== ancestry.sessionId) ev.rootSessionId = ancestry.rootId;
  if (cwd) ev.cwd = cwd;
  return ev;
}

export interface ToolCallInput {
  tool: string;
  sessionID: string;
  callID: string;
}

/** Reads the three fields OpenCode passes to both tool hooks; throws a clear error on a broken call. */
export function toolCallInput(input: unknown): ToolCallInput {
  if (!isRecord(input)) throw new TypeError('tool hook input is not an object');
  const tool = str(input, 'tool');
  const sessionID = str(input, 'sessionID');
  if (!tool) throw new TypeError('tool hook input: tool is missing');
  if (!sessionID) throw new TypeError('tool hook input: sessionID is missing');
  return { tool, sessionID, callID: str(input, 'callID') ?? '' };
}

/** Where a tool call of this plugin runs: the instance folder, the process's environment. */
export interface ToolEventCtx {
  ancestry: Ancestry;
  cwd: string | undefined;
  env: Env;
  version?: string;
  vars?: Record<string, string>;
  /** the registry of the host that loaded the plugin; default OpenCode's */
  registry?: HostRegistry;
}

/** action.before / action.after for one tool call, analysed against OpenCode's tool table. */
export function toolEvent(kind: 'action.before' | 'action.after', call: ToolCallInput, args: unknown, ctx: ToolEventCtx): ControlEvent {
  const registry = ctx.registry ?? opencodeRegistry;
  const ev = skeleton(kind, ctx.ancestry, ctx.cwd, hostInfo(ctx.version, undefined, registry.family));
  ev.action = actionOf(registry, { tool: call.tool, input: args, ...(call.callID ? { id: call.callID } : {}) }, actionAt(ctx.cwd, ctx));
  return ev;
}

/** The tool call for the answer path: whether the row takes a rewrite of it, and the same call with another command. */
export function toolCall(row: EventEntry, call: ToolCallInput, args: unknown, ctx: ToolEventCtx): ToolCall {
  return toolCallFor(ctx.registry ?? opencodeRegistry, row, { tool: call.tool, input: args, ...(call.callID ? { id: call.callID } : {}) }, actionAt(ctx.cwd, ctx));
}

/**
 * Run the rewritten command: OpenCode runs the `output.args` object it passed the hook, so the
 * command goes into that object; a new object would be ignored (verified on 1.18.33).
 */
export function rewriteArgs(output: unknown, rewrite: Rewrite): boolean {
  const args = isRecord(output) ? output.args : undefined;
  if (!isRecord(args) || !rewrite.field) return false;
  args[rewrite.field] = rewrite.command;
  return true;
}

/** Where a session event happens: the folder, the host's version and family, the agent. */
export interface EventCtx {
  cwd: string | undefined;
  version?: string;
  agent?: string;
  /** default OpenCode */
  family?: HostFamily;
}

/**
 * prompt.submit for a user message. Only a root session whose ancestry is proven speaks for
 * the person: a child's "user" message is the task its parent wrote.
 */
export function promptEvent(ancestry: Ancestry, text: string, ctx: EventCtx): ControlEvent {
  const ev = skeleton('prompt.submit', ancestry, ctx.cwd, hostInfo(ctx.version, ctx.agent, ctx.family));
  ev.prompt = { text, source: isChild(ancestry) ? 'subagent' : 'user' };
  return ev;
}

/** subagent.start for a child session's first prompt (the root contract goes into the child). */
export function subagentStartEvent(ancestry: Ancestry, ctx: EventCtx): ControlEvent {
  const ev = skeleton('subagent.start', ancestry, ctx.cwd, hostInfo(ctx.version, ctx.agent, ctx.family));
  ev.host.agentId = ancestry.sessionId;
  return ev;
}

export function sessionEndEvent(sessionId: string, cwd: string | undefined, version?: string, family?: HostFamily): ControlEvent {
  return skeleton('session.end', { sessionId, rootId: sessionId, certain: true }, cwd, hostInfo(version, undefined, family));
}

/** The text part a `message.part.updated` event is about, when it can be the person's words. */
export interface TextPartRef {
  sessionID: string;
  messageID: string;
}

export function personTextPart(event: unknown): TextPartRef | null {
  if (!isRecord(event) || event.type !== 'message.part.updated' || !isRecord(event.properties)) return null;
  const part = event.properties.part;
  if (!isRecord(part) || part.type !== 'text') return null;
  // anything OpenCode or a plugin (this one included) put there is never the person
  if (part.synthetic === true || part.ignored === true) return null;
  const sessionID = str(part, 'sessionID') ?? str(event.properties, 'sessionID');
  const messageID = str(part, 'messageID');
  if (!sessionID || !messageID) return null;
  return { sessionID, messageID };
}

export interface UserMessage {
  /** the message id, when the read-back carried it */
  id?: string;
  text: string;
  agent?: string;
  model?: { providerID: string; modelID: string };
}

/**
 * The person's words in a message read back with client.session.message: the info must say
 * role "user"; the non-synthetic, non-ignored text parts are joined with newlines. null when
 * it is not a user message or has no such text.
 */
export function userMessage(data: unknown): UserMessage | null {
  if (!isRecord(data) || !isRecord(data.info) || data.info.role !== 'user' || !Array.isArray(data.parts)) return null;
  const texts: string[] = [];
  for (const p of data.parts) {
    if (!isRecord(p) || p.type !== 'text' || p.synthetic === true || p.ignored === true) continue;
    if (typeof p.text === 'string') texts.push(p.text);
  }
  if (texts.length === 0) return null;
  const out: UserMessage = { text: texts.join('\n') };
  const id = str(data.info, 'id');
  if (id) out.id = id;
  const agent = str(data.info, 'agent');
  if (agent) out.agent = agent;
  const model = data.info.model;
  if (isRecord(model) && typeof model.providerID === 'string' && typeof model.modelID === 'string') out.model = { providerID: model.providerID, modelID: model.modelID };
  return out;
}

/**
 * The agent of the person's last message before `currentId` in a session's history
 * (client.session.messages, oldest first): where the previous agent comes from when this
 * process has not seen the session before (`opencode run --session`, a restarted TUI).
 */
export function previousUserAgent(history: unknown, currentId: string | undefined): string | undefined {
  if (!Array.isArray(history)) return undefined;
  const at = currentId ? history.findIndex((m) => isRecord(m) && isRecord(m.info) && m.info.id === currentId) : -1;
  const earlier = at >= 0 ? history.slice(0, at) : history.filter((m) => !(isRecord(m) && isRecord(m.info) && m.info.id === currentId));
  for (let i = earlier.length - 1; i >= 0; i--) {
    const m = userMessage(earlier[i]);
    if (m?.agent) return m.agent;
  }
  return undefined;
}

/** session.created / session.updated: the session's id and its parent (null = a root). */
export function sessionInfo(event: unknown): { id: string; parentID: string | null; version?: string } | null {
  if (!isRecord(event) || !isRecord(event.properties)) return null;
  const info = event.properties.info;
  if (!isRecord(info)) return null;
  const id = str(info, 'id') ?? str(event.properties, 'sessionID');
  if (!id) return null;
  const out: { id: string; parentID: string | null; version?: string } = { id, parentID: str(info, 'parentID') ?? null };
  const version = str(info, 'version');
  if (version) out.version = version;
  return out;
}

export function eventSessionId(event: unknown): string | undefined {
  if (!isRecord(event) || !isRecord(event.properties)) return undefined;
  return str(event.properties, 'sessionID') ?? (isRecord(event.properties.info) ? str(event.properties.info, 'id') : undefined);
}

/** message.updated: a message's id, role and agent (learnt before its parts arrive). */
export function messageInfo(event: unknown): { id: string; role: string; agent?: string } | null {
  if (!isRecord(event) || event.type !== 'message.updated' || !isRecord(event.properties) || !isRecord(event.properties.info)) return null;
  const info = event.properties.info;
  const id = str(info, 'id');
  const role = str(info, 'role');
  if (!id || !role) return null;
  const out: { id: string; role: string; agent?: string } = { id, role };
  const agent = str(info, 'agent');
  if (agent) out.agent = agent;
  return out;
}

/**
 * Whether an OpenCode agent may edit files. 1.18.33 sends `permission` as a rule list
 * ({permission, pattern, action}, later rules win); older SDK types describe an object
 * ({edit: "allow"|"ask"|"deny"}). Edit-capable = the last rule for `edit` (or `*`) on every
 * file (`*`) does not deny. Rules that allow only some files (plan mode's own plan file) do
 * not make an agent edit-capable. undefined = the shape is not one we know.
 */
export function agentCanEdit(agent: unknown): boolean | undefined {
  if (!isRecord(agent)) return undefined;
  const p = agent.permission;
  if (Array.isArray(p)) {
    let verdict: string | undefined;
    for (const rule of p) {
      if (!isRecord(rule)) continue;
      if ((rule.permission === 'edit' || rule.permission === '*') && rule.pattern === '*' && typeof rule.action === 'string') verdict = rule.action;
    }
    return verdict === undefined ? undefined : verdict !== 'deny';
  }
  if (isRecord(p) && typeof p.edit === 'string') return p.edit !== 'deny';
  return undefined;
}

/** The agent list from client.app.agents(): name -> can edit (unknown shapes are left out). */
export function agentEditTable(data: unknown): Map<string, boolean> {
  const table = new Map<string, boolean>();
  if (!Array.isArray(data)) return table;
  for (const a of data) {
    if (!isRecord(a) || typeof a.name !== 'string') continue;
    const can = agentCanEdit(a);
    if (can !== undefined) table.set(a.name, can);
  }
  return table;
}

export { stampOf } from '../../core/answer/outcome';

/** What OpenCode needs to deny: an Error whose message is the stamp, with no stack text added. */
export function denyError(outcome: Outcome): Error {
  const e = new Error(stampOf(outcome));
  e.name = 'StoplineDeny';
  return e;
}

/** The part list of a context injection: one synthetic text part, never the person's words. */
export function contextParts(text: string): { type: 'text'; text: string; synthetic: true }[] {
  return [{ type: 'text', text, synthetic: true }];
}

/** Context after a tool ran, appended to what the model reads as the tool's output. */
export function appendToToolOutput(output: unknown, texts: readonly string[]): boolean {
  const kept = texts.filter((t) => t.trim() !== '');
  if (!isRecord(output) || kept.length === 0) return false;
  const before = typeof output.output === 'string' ? output.output : '';
  output.output = [before, ...kept].filter((t) => t !== '').join('\n\n');
  return true;
}

/**
 * The tool input in Claude's field names for the person's universal hooks (a hook written
 * against `file_path` / `command` works on OpenCode too); the raw input goes alongside.
 */
export function canonicalInput(tool: string, args: unknown): Record<string, unknown> | undefined {
  return toolHookInput(opencodeRegistry, tool, args);
}
