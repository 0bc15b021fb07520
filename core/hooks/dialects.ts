/**
 * Per-dialect facts the engine needs: which event spellings map to which canonical event,
 * which spellings are known but have no canonical counterpart, default timeouts and the
 * shell a command runs in. Sources: seed 002 and the verified host notes (Claude Code
 * 2.1.332, Codex 0.171.0, Hermes v0.19.0 shell hooks).
 */
import { CANONICAL_EVENTS, isCanonicalEvent, type CanonicalEvent } from '../canonical';
import type { Dialect } from './types';

type EventTable = Readonly<Record<string, CanonicalEvent>>;

const CLAUDE_EVENTS: EventTable = {
  SessionStart: 'session:start',
  SessionEnd: 'session:end',
  UserPromptSubmit: 'prompt:submit',
  PreToolUse: 'tool:before',
  PostToolUse: 'tool:after',
  PostToolUseFailure: 'tool:after',
  Stop: 'turn:stop',
  SubagentStart: 'subagent:start',
  SubagentStop: 'subagent:end',
  Notification: 'notice',
  PreCompact: 'compact:before',
};

/** Claude events that exist but have no canonical counterpart (they only run inside Claude Code itself). */
const CLAUDE_OTHER = [
  'PermissionRequest', 'PermissionDenied', 'PostToolBatch', 'StopFailure', 'UserPromptExpansion',
  'PreSkillShellCommand', 'InstructionsLoaded', 'ConfigChange', 'CwdChanged', 'FileChanged',
  'PostCompact', 'Setup', 'DirectoryAdded', 'MessageDisplay', 'TaskCreated', 'TaskCompleted',
  'WorktreeCreate', 'WorktreeRemove', 'Elicitation', 'ElicitationResult', 'PreModelSwitch',
  'PostModelSwitch', 'TeammateIdle',
];

const CODEX_EVENTS: EventTable = {
  SessionStart: 'session:start',
  SessionEnd: 'session:end',
  UserPromptSubmit: 'prompt:submit',
  PreToolUse: 'tool:before',
  PostToolUse: 'tool:after',
  Stop: 'turn:stop',
  SubagentStart: 'subagent:start',
  SubagentStop: 'subagent:end',
  PreCompact: 'compact:before',
};
const CODEX_OTHER = ['PermissionRequest', 'PostCompact', 'Interrupt'];

/**
 * Hermes shell-hook events. `on_session_end` fires after every turn in v0.19.0, so it is
 * not `session:end`; `on_session_finalize` is. `pre_llm_call` is once per user turn.
 */
const HERMES_EVENTS: EventTable = {
  on_session_start: 'session:start',
  on_session_finalize: 'session:end',
  pre_llm_call: 'prompt:submit',
  pre_tool_call: 'tool:before',
  post_tool_call: 'tool:after',
  pre_verify: 'turn:stop',
  subagent_start: 'subagent:start',
  subagent_stop: 'subagent:end',
};
const HERMES_OTHER = [
  'transform_terminal_output', 'transform_tool_result', 'transform_llm_output', 'post_llm_call',
  'pre_api_request', 'post_api_request', 'api_request_error', 'on_session_end', 'on_session_reset',
  'pre_gateway_dispatch', 'pre_approval_request', 'post_approval_response', 'kanban_task_claimed',
  'kanban_task_completed', 'kanban_task_blocked',
];

const NATIVE_EVENTS: EventTable = Object.fromEntries(CANONICAL_EVENTS.map((e) => [e, e]));

const TABLES: Readonly<Record<Dialect, EventTable>> = {
  native: NATIVE_EVENTS,
  claude: CLAUDE_EVENTS,
  codex: CODEX_EVENTS,
  hermes: HERMES_EVENTS,
};
const OTHERS: Readonly<Record<Dialect, readonly string[]>> = {
  native: [],
  claude: CLAUDE_OTHER,
  codex: CODEX_OTHER,
  hermes: HERMES_OTHER,
};

export const DIALECT_LABEL: Readonly<Record<Dialect, string>> = {
  native: 'stopline',
  claude: 'Claude Code',
  codex: 'Codex',
  hermes: 'Hermes',
};

export type SpellingLookup =
  | { kind: 'canonical'; event: CanonicalEvent }
  | { kind: 'host-only' }
  | { kind: 'unknown' };

/** What an event key in a dialect's config means. */
export function lookupSpelling(dialect: Dialect, spelling: string): SpellingLookup {
  const table = TABLES[dialect];
  if (Object.prototype.hasOwnProperty.call(table, spelling)) return { kind: 'canonical', event: table[spelling]! };
  if (OTHERS[dialect].includes(spelling)) return { kind: 'host-only' };
  return { kind: 'unknown' };
}

/** The spellings a dialect uses for a canonical event (Claude tool:after has two). */
export function spellingsOf(dialect: Dialect, event: CanonicalEvent): string[] {
  const table = TABLES[dialect];
  return Object.keys(table).filter((k) => table[k] === event);
}

/**
 * Resolve an event name as any host or dialect spells it. `preferDialect` breaks ties
 * (none exist today, but Hermes names are looked up first for host `hermes`).
 */
export function resolveEventName(name: string, preferDialect?: Dialect): { event: CanonicalEvent; dialect: Dialect } | null {
  if (isCanonicalEvent(name)) return { event: name, dialect: 'native' };
  const order: Dialect[] = preferDialect ? [preferDialect, 'claude', 'codex', 'hermes'] : ['claude', 'codex', 'hermes'];
  for (const d of order) {
    const hit = lookupSpelling(d, name);
    if (hit.kind === 'canonical') return { event: hit.event, dialect: d };
  }
  return null;
}

/** Suggest the canonical name for a dialect spelling written in the native config. */
export function suggestCanonical(name: string): CanonicalEvent | null {
  return resolveEventName(name)?.event ?? null;
}

/** Default handler timeout in seconds when the hook sets none, per dialect and event. */
export function defaultTimeoutSec(dialect: Dialect, event: CanonicalEvent): number {
  switch (dialect) {
    // Claude Code: 600 s; SessionEnd hooks get about 1.5 s unless they set a timeout.
    case 'claude':
      return event === 'session:end' ? 1.5 : 600;
    // Codex: 600 s; SessionEnd 1 s.
    case 'codex':
      return event === 'session:end' ? 1 : 600;
    // Hermes shell hooks: 60 s.
    case 'hermes':
      return 60;
    // stopline's own hooks: a slow hook stalls every tool call, so a minute, not ten.
    case 'native':
      return 60;
  }
}

/** Host-imposed bounds on a configured timeout (seconds), or null when none. */
export function timeoutBoundsSec(dialect: Dialect, event: CanonicalEvent): { min: number; max: number } | null {
  if (dialect === 'hermes') return { min: 1, max: 300 };
  if (dialect === 'codex' && event === 'session:end') return { min: 0, max: 3 };
  return null;
}
