/**
 * Pieces every command-hook adapter (hosts/<host>/adapter.ts and the `stopline guard` bridge's
 * adapters) builds its table-driven mapping from: the registry lookup, the common ControlEvent
 * skeleton and the tool call read from Claude-style field names (`session_id`, `cwd`,
 * `tool_name`, `tool_input`, `tool_use_id`, `agent_id`, `agent_type`, `permission_mode`). A host
 * that spells a field its own way hands its adapter's view of the payload in, or sets the field
 * itself; the in-process doors (OpenCode, Pi) do not come through here.
 */
import type { ToolCall } from '../../core/answer/answer';
import { normalizeTarget } from '../../core/paths/paths';
import type { Action, ControlEvent, ControlEventKind, HostInfo } from '../../core/protocol';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
import { actionOf, toolCallFor } from './action';
import type { ActionAt, ToolCallRef } from './action';
import { eventEntry } from './adapter';
import type { HookEnv, MappedEvent, NativeEvent } from './adapter';
import { HookInputError, nonEmptyString, objectField, optionalString, requiredString } from './payload';
import type { HookPayload } from './payload';

/**
 * First step of every mapping: is this an event the guard handles? Returns the row when it
 * is, or the `ignored` / `unknown` answer (both print nothing and exit 0).
 */
export function classifyEvent(registry: HostRegistry, native: NativeEvent): { entry: EventEntry & { control: ControlEventKind } } | { answer: MappedEvent } {
  const entry = eventEntry(registry, native.name);
  if (!entry) return { answer: { kind: 'unknown', native, why: `${registry.displayName} event "${native.name}" is not in the registry` } };
  if (entry.control === null) return { answer: { kind: 'ignored', native, row: entry, why: entry.note ?? `the guard does not use ${native.name}` } };
  return { entry: entry as EventEntry & { control: ControlEventKind } };
}

/** The mapping of a payload the guard handles: the event, its row, and the tool call of a tool event. */
export function mappedEvent(native: NativeEvent, row: EventEntry, event: ControlEvent, call?: ToolCall): MappedEvent {
  return { kind: 'event', native, row, event, ...(call ? { call } : {}) };
}

interface SkeletonInput {
  kind: ControlEventKind;
  payload: HookPayload;
  host: HostInfo;
  /** the host's turn id, when its payload has one (e.g. Codex `turn_id`, Droid `message_id`) */
  turnId: string | undefined;
  /** where the project is (config lookup, files= base); defaults to the payload's cwd */
  projectDir?: string;
}

/**
 * The fields every ControlEvent from a command hook carries. A subagent's calls keep the root's
 * `session_id` (verified in the captured Claude Code and Codex payloads, test/fixtures/), so the
 * session id *is* the root's; `host.agentId` marks the event as coming from a child, which the
 * core never lets change the contract.
 */
export function eventSkeleton(input: SkeletonInput): ControlEvent {
  const { payload } = input;
  const ev: ControlEvent = {
    protocolVersion: 1,
    kind: input.kind,
    sessionId: requiredString(payload, 'session_id'),
    host: input.host,
  };
  if (input.turnId) ev.turnId = input.turnId;
  const cwd = input.projectDir ?? optionalString(payload, 'cwd');
  if (cwd) ev.cwd = cwd;
  return ev;
}

/**
 * Host info from the Claude-style fields (`permission_mode`, `agent_id`, `agent_type`), each only
 * when present, and `hasHuman` when the adapter knows it (most hosts' hooks reach nobody: false).
 */
export function commonHostInfo(family: HostInfo['family'], payload: HookPayload, hasHuman?: boolean): HostInfo {
  const host: HostInfo = { family };
  const mode = nonEmptyString(payload, 'permission_mode');
  if (mode) host.permissionMode = mode;
  const agentId = nonEmptyString(payload, 'agent_id');
  if (agentId) host.agentId = agentId;
  const agentType = nonEmptyString(payload, 'agent_type');
  if (agentType) host.agentType = agentType;
  if (hasHuman !== undefined) host.hasHuman = hasHuman;
  return host;
}

/**
 * The tool call of a PreToolUse / PostToolUse payload (`tool_name`, `tool_input`, `tool_use_id`)
 * and its action, analysed against the host's tool table (./action.ts). `at.cwd` is the folder
 * the tool runs in (relative paths in commands resolve against it); `then` adjusts every action
 * read from the call, the rewritten one included.
 */
export function readToolCall(registry: HostRegistry, row: EventEntry, payload: HookPayload, at: ActionAt, then?: (action: Action) => Action): { action: Action; call: ToolCall } {
  const id = optionalString(payload, 'tool_use_id');
  const ref: ToolCallRef = { tool: requiredString(payload, 'tool_name'), input: objectField(payload, 'tool_input'), ...(id ? { id } : {}) };
  const finish = then ?? ((a: Action) => a);
  const call = toolCallFor(registry, row, ref, at);
  return { action: finish(actionOf(registry, ref, at)), call: { ...call, withCommand: (command) => finish(call.withCommand(command)) } };
}

/**
 * The mapping of a tool event: the payload's tool call read in the folder it runs in (`cwd`),
 * its action set on the event, the call kept for the answer path.
 */
export function mapToolEvent(registry: HostRegistry, native: NativeEvent, row: EventEntry, event: ControlEvent, payload: HookPayload, cwd: string | undefined, env: HookEnv, then?: (action: Action) => Action): MappedEvent {
  const read = readToolCall(registry, row, payload, { ...(cwd ? { cwd } : {}), env }, then);
  event.action = read.action;
  return mappedEvent(native, row, event, read.call);
}

/**
 * Express an action's written paths against the project folder when the tool ran somewhere
 * else (Claude's hook cwd follows a Bash `cd`; files= is written against the project). The
 * analysis resolved relative targets against the directory the tool ran in; they become
 * absolute here, and the core places them under `projectDir` again.
 */
export function rebaseAction(action: Action, ranIn: string, projectDir: string, home: string | undefined): Action {
  if (ranIn === projectDir) return action;
  if (action.affectedPaths) {
    action.affectedPaths = action.affectedPaths.map((p) => normalizeTarget(p, ranIn, home ? { home } : {}).abs ?? p);
  }
  action.cwd = projectDir;
  return action;
}

/** A prompt.submit payload's prompt text; an absent prompt is an input error, "" is allowed. */
export function promptText(payload: HookPayload): string {
  const text = optionalString(payload, 'prompt');
  if (text === undefined) throw new HookInputError('prompt: required for a prompt event');
  return text;
}
