/**
 * Pieces both command-hook adapters (Claude Code, Codex) build their table-driven mapping
 * from: the registry lookup, the common ControlEvent skeleton and the tool analysis call.
 * They read only field names the two hosts share (`session_id`, `cwd`, `tool_name`,
 * `tool_input`, `tool_use_id`, `agent_id`, `agent_type`, `permission_mode`); anything a host
 * spells its own way stays in that host's adapter.
 */
import { analyzeToolCall } from '../../core/analysis/tool-call';
import { normalizeTarget } from '../../core/paths';
import { pathVars } from '../../core/self-paths';
import type { ControlEvent, ControlEventKind, HostInfo } from '../../core/protocol';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
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
  if (entry.control === null) return { answer: { kind: 'ignored', native, why: entry.note ?? `the guard does not use ${native.name}` } };
  return { entry: entry as EventEntry & { control: ControlEventKind } };
}

export interface SkeletonInput {
  kind: ControlEventKind;
  payload: HookPayload;
  host: HostInfo;
  /** the host's turn id field (`prompt_id` on Claude, `turn_id` on Codex) */
  turnId: string | undefined;
  /** where the project is (config lookup, files= base); defaults to the payload's cwd */
  projectDir?: string;
}

/**
 * The fields every ControlEvent from a command hook carries. Subagent calls keep the root's
 * `session_id` on both hosts (verified in the captured payloads), so the session id *is* the
 * root's; `host.agentId` marks the event as coming from a child, which the core never lets
 * change the contract.
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

/** Host info fields the two hosts spell the same way. */
export function commonHostInfo(family: HostInfo['family'], payload: HookPayload): HostInfo {
  const host: HostInfo = { family };
  const mode = nonEmptyString(payload, 'permission_mode');
  if (mode) host.permissionMode = mode;
  const agentId = nonEmptyString(payload, 'agent_id');
  if (agentId) host.agentId = agentId;
  const agentType = nonEmptyString(payload, 'agent_type');
  if (agentType) host.agentType = agentType;
  return host;
}

/**
 * The action of a PreToolUse / PostToolUse payload, analysed by core against the host's tool
 * table. `shellCwd` is the directory the tool runs in (relative paths in commands resolve
 * against it).
 */
export function toolAction(registry: HostRegistry, payload: HookPayload, shellCwd: string | undefined, env: HookEnv): NonNullable<ControlEvent['action']> {
  const name = requiredString(payload, 'tool_name');
  const input = objectField(payload, 'tool_input');
  const opts: { cwd?: string; home?: string; vars?: Record<string, string> } = {};
  if (shellCwd) opts.cwd = shellCwd;
  const home = env.HOME && env.HOME.trim() !== '' ? env.HOME : undefined;
  if (home) opts.home = home;
  // `$CODEX_HOME`, `$XDG_CONFIG_HOME`… in a command name the folders self-protection guards
  opts.vars = pathVars(env);
  const analysed = analyzeToolCall(registry, name, input, opts);
  const action: NonNullable<ControlEvent['action']> = { ...analysed };
  const id = optionalString(payload, 'tool_use_id');
  if (id) action.id = id;
  if (shellCwd && !action.cwd) action.cwd = shellCwd;
  return action;
}

/**
 * Express an action's written paths against the project folder when the tool ran somewhere
 * else (Claude's hook cwd follows a Bash `cd`; files= is written against the project). The
 * analysis resolved relative targets against the directory the tool ran in; they become
 * absolute here, and the core places them under `projectDir` again.
 */
export function rebaseAction(action: NonNullable<ControlEvent['action']>, ranIn: string, projectDir: string, home: string | undefined): void {
  if (ranIn === projectDir) return;
  if (action.affectedPaths) {
    action.affectedPaths = action.affectedPaths.map((p) => normalizeTarget(p, ranIn, home ? { home } : {}).abs ?? p);
  }
  action.cwd = projectDir;
}

/** A prompt.submit payload's prompt text; an absent prompt is an input error, "" is allowed. */
export function promptText(payload: HookPayload): string {
  const text = optionalString(payload, 'prompt');
  if (text === undefined) throw new HookInputError('prompt: required for a prompt event');
  return text;
}
