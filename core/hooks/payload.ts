/**
 * The stdin JSON a hook receives, in its dialect's shape. Claude and Codex hooks get the
 * Claude contract (the host's real tool name in `tool_name`, the tool input with Claude's
 * field names merged over the raw input); Hermes shell hooks get Hermes's
 * `{hook_event_name, tool_name, tool_input, session_id, cwd, extra}`; Copilot hooks under its
 * camelCase keys get Copilot's camelCase payload (under Claude's keys, Claude's), Droid hooks
 * Claude's (Droid's own payload is Claude-shaped); stopline's own hooks
 * get the Claude shape with canonical event names plus `host` and `canonical_tool_name`.
 * Qwen Code hooks get the Claude shape (its own contract); Gemini CLI hooks get it without
 * `permission_mode` (Gemini sends none) and with Gemini's `timestamp`. Kimi Code hooks get
 * Kimi's Claude-like payload (no transcript path, no permission mode, `tool_call_id`,
 * `tool_output`), Mistral Vibe hooks Vibe's snake_case one (`parent_session_id`, `tool_call_id`,
 * and after a tool `tool_status`, `tool_output`, `tool_output_text`, `tool_error`). OpenHands
 * hooks get OpenHands' own object (`event_type`, `tool_name`, `tool_input`, `tool_response`,
 * `message`, `session_id`, `working_dir`, `metadata`) and its four variables.
 */
import { spellingsOf } from './dialects';
import type { Dialect, DispatchInput } from './types';
import { isRecord } from '../check';

type Payload = Record<string, unknown>;

/** Tool input as the hook sees it: the raw fields, with the caller's Claude-shaped fields on top. */
function presentedToolInput(input: DispatchInput): Record<string, unknown> | null {
  const raw = isRecord(input.rawInput) ? input.rawInput : undefined;
  if (!raw && !input.canonicalInput) return input.rawInput === undefined ? null : { value: input.rawInput };
  return { ...(raw ?? {}), ...(input.canonicalInput ?? {}) };
}

function firstCanonicalName(input: DispatchInput): string | undefined {
  const c = input.canonicalToolName;
  return typeof c === 'string' ? c : c?.[0];
}

function claudeShape(input: DispatchInput, spelling: string): Payload {
  const p: Payload = {
    session_id: input.sessionId,
    transcript_path: input.transcriptPath ?? '',
    cwd: input.cwd,
    hook_event_name: spelling,
    permission_mode: input.permissionMode ?? 'default',
  };
  switch (input.event) {
    case 'tool:before':
    case 'tool:after':
      p.tool_name = input.toolName ?? '';
      p.tool_input = presentedToolInput(input) ?? {};
      if (input.canonicalInput && input.rawInput !== undefined) p.raw_tool_input = input.rawInput;
      if (input.toolUseId !== undefined) p.tool_use_id = input.toolUseId;
      if (input.event === 'tool:after') p.tool_response = input.toolResponse ?? null;
      break;
    case 'prompt:submit':
      p.prompt = input.prompt ?? '';
      break;
    case 'session:start':
      p.source = input.source ?? 'startup';
      break;
    case 'session:end':
      p.reason = input.reason ?? 'other';
      break;
    case 'turn:stop':
      p.stop_hook_active = input.stopHookActive ?? false;
      break;
    case 'subagent:start':
    case 'subagent:end':
      p.agent_id = input.agentId ?? '';
      p.agent_type = input.agentType ?? '';
      if (input.event === 'subagent:end') p.stop_hook_active = input.stopHookActive ?? false;
      break;
    case 'notice':
      p.message = input.message ?? '';
      break;
    case 'compact:before':
      p.trigger = input.trigger ?? 'auto';
      break;
  }
  return p;
}

function hermesShape(input: DispatchInput, spelling: string): Payload {
  const extra: Payload = { canonical_event: input.event, host: input.hostFamily };
  const tool = input.event === 'tool:before' || input.event === 'tool:after';
  if (tool) {
    const canonical = firstCanonicalName(input);
    if (canonical) extra.canonical_tool_name = canonical;
    if (input.toolUseId !== undefined) extra.tool_call_id = input.toolUseId;
    if (input.event === 'tool:after') extra.result = input.toolResponse ?? null;
  }
  if (input.event === 'prompt:submit') extra.user_message = input.prompt ?? '';
  if (input.source !== undefined) extra.source = input.source;
  if (input.reason !== undefined) extra.reason = input.reason;
  if (input.agentType !== undefined) extra.child_role = input.agentType;
  if (input.agentId !== undefined) extra.child_subagent_id = input.agentId;
  if (input.transcriptPath !== undefined) extra.transcript_path = input.transcriptPath;
  if (input.permissionMode !== undefined) extra.permission_mode = input.permissionMode;
  return {
    hook_event_name: spelling,
    tool_name: tool ? (input.toolName ?? '') : null,
    tool_input: tool ? presentedToolInput(input) : null,
    session_id: input.sessionId,
    cwd: input.cwd,
    extra,
  };
}

/**
 * Copilot's camelCase payload (1.0.102 captures): `{sessionId, timestamp (epoch ms), cwd, ...}`
 * with `toolName` / `toolArgs` (`toolResult` after), `prompt`, `source`, `reason`, and a
 * sub-agent's `agentId` / `agentType`. The event is not named in it: Copilot's own hook files
 * name it in the key the hook is listed under.
 */
function copilotShape(input: DispatchInput): Payload {
  const p: Payload = { sessionId: input.sessionId, timestamp: Date.now(), cwd: input.cwd };
  switch (input.event) {
    case 'tool:before':
    case 'tool:after':
      p.toolName = input.toolName ?? '';
      p.toolArgs = presentedToolInput(input) ?? {};
      if (input.event === 'tool:after') p.toolResult = input.toolResponse ?? null;
      break;
    case 'prompt:submit':
      p.prompt = input.prompt ?? '';
      break;
    case 'session:start':
      p.source = input.source ?? 'new';
      break;
    case 'session:end':
      p.reason = input.reason ?? 'complete';
      break;
    case 'turn:stop':
      p.stopReason = 'end_turn';
      p.stop_hook_active = input.stopHookActive ?? false;
      break;
    case 'notice':
      p.message = input.message ?? '';
      break;
    default:
      break;
  }
  if (input.transcriptPath !== undefined && (input.event === 'turn:stop' || input.event === 'subagent:start' || input.event === 'subagent:end')) p.transcriptPath = input.transcriptPath;
  if (input.agentId !== undefined) p.agentId = input.agentId;
  if (input.agentType !== undefined) p.agentType = input.agentType;
  return p;
}

/** A tool result as text: the text itself, or its JSON. */
function resultText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

/**
 * Kimi Code 1.51.0: `hook_event_name`, `session_id`, `cwd` on every event (no transcript path,
 * no permission mode); a tool's `tool_name`, `tool_input`, `tool_call_id`, after it
 * `tool_output` (text; Kimi cuts it at 2000 characters); a subagent's `agent_name`.
 */
function kimiShape(input: DispatchInput, spelling: string): Payload {
  const p: Payload = { hook_event_name: spelling, session_id: input.sessionId, cwd: input.cwd };
  switch (input.event) {
    case 'tool:before':
    case 'tool:after':
      p.tool_name = input.toolName ?? '';
      p.tool_input = presentedToolInput(input) ?? {};
      p.tool_call_id = input.toolUseId ?? '';
      if (spelling === 'PostToolUseFailure') p.error = resultText(input.toolResponse);
      else if (input.event === 'tool:after') p.tool_output = resultText(input.toolResponse).slice(0, 2000);
      break;
    case 'prompt:submit':
      p.prompt = input.prompt ?? '';
      break;
    case 'session:start':
      p.source = input.source ?? 'startup';
      break;
    case 'session:end':
      p.reason = input.reason ?? 'other';
      break;
    case 'turn:stop':
      p.stop_hook_active = input.stopHookActive ?? false;
      break;
    case 'subagent:start':
    case 'subagent:end':
      p.agent_name = input.agentType ?? '';
      break;
    default:
      break;
  }
  return p;
}

/**
 * Mistral Vibe 3.0.2: `hook_event_name`, `session_id`, `parent_session_id` (null at the top),
 * `transcript_path`, `cwd`; a tool's `tool_name`, `tool_call_id`, `tool_input`, after it
 * `tool_status`, `tool_output`, `tool_output_text`, `tool_error`.
 */
function vibeShape(input: DispatchInput, spelling: string): Payload {
  const p: Payload = { hook_event_name: spelling, session_id: input.sessionId, parent_session_id: null, transcript_path: input.transcriptPath ?? '', cwd: input.cwd };
  if (input.event === 'tool:before' || input.event === 'tool:after') {
    p.tool_name = input.toolName ?? '';
    p.tool_call_id = input.toolUseId ?? '';
    p.tool_input = presentedToolInput(input) ?? {};
    if (input.event === 'tool:after') {
      // a failed call's status word was never seen: null, with the failure text in tool_error
      const failed = input.toolFailed === true;
      p.tool_status = failed ? null : 'success';
      p.tool_output = failed ? null : (input.toolResponse ?? null);
      p.tool_output_text = failed ? '' : resultText(input.toolResponse);
      p.tool_error = failed ? resultText(input.toolResponse) : null;
    }
  }
  return p;
}

/** OpenHands' event name: its registry row's PascalCase one, whichever spelling the file used. */
function openhandsEventType(event: DispatchInput['event']): string {
  return spellingsOf('openhands', event)[0] ?? event;
}

/**
 * OpenHands 1.16.0 (its HookEvent, every field present): `event_type`, `tool_name`, `tool_input`
 * and `tool_response` (objects, or null), `message` (the prompt), `session_id`, `working_dir`,
 * `metadata` (Stop: `{reason: "agent_finished"}`; SessionEnd: the reason when there is one).
 * A tool result that is not an object is handed as `{value}`, as a tool input is.
 */
function openhandsShape(input: DispatchInput): Payload {
  const tool = input.event === 'tool:before' || input.event === 'tool:after';
  const response = input.toolResponse;
  const metadata: Payload = input.event === 'turn:stop' ? { reason: 'agent_finished' } : input.event === 'session:end' && input.reason !== undefined ? { reason: input.reason } : {};
  return {
    event_type: openhandsEventType(input.event),
    tool_name: tool ? (input.toolName ?? null) : null,
    tool_input: tool ? presentedToolInput(input) : null,
    tool_response: input.event === 'tool:after' && response !== undefined && response !== null ? (isRecord(response) ? response : { value: response }) : null,
    message: input.event === 'prompt:submit' ? (input.prompt ?? '') : null,
    session_id: input.sessionId,
    working_dir: input.cwd,
    metadata,
  };
}

/** Variables a host sets for its hooks beside the payload (OpenHands' four), by dialect. */
export function hostVars(dialect: Dialect, input: DispatchInput): Record<string, string> | undefined {
  if (dialect !== 'openhands') return undefined;
  const vars: Record<string, string> = {
    OPENHANDS_PROJECT_DIR: input.projectDir ?? input.cwd,
    OPENHANDS_SESSION_ID: input.sessionId,
    OPENHANDS_EVENT_TYPE: openhandsEventType(input.event),
  };
  if ((input.event === 'tool:before' || input.event === 'tool:after') && input.toolName) vars.OPENHANDS_TOOL_NAME = input.toolName;
  return vars;
}

export function buildPayload(dialect: Dialect, spelling: string, input: DispatchInput): Payload {
  if (dialect === 'openhands') return openhandsShape(input);
  if (dialect === 'hermes') return hermesShape(input, spelling);
  if (dialect === 'kimi') return kimiShape(input, spelling);
  if (dialect === 'vibe') return vibeShape(input, spelling);
  // Copilot's camelCase keys get its own payload; its PascalCase keys get Claude's
  if (dialect === 'copilot' && !/^[A-Z]/.test(spelling)) return copilotShape(input);
  const p = claudeShape(input, spelling);
  if (dialect === 'gemini') {
    delete p.permission_mode;
    p.timestamp = new Date().toISOString();
  }
  if (dialect === 'native') {
    p.host = input.hostFamily;
    const canonical = firstCanonicalName(input);
    if (canonical && (input.event === 'tool:before' || input.event === 'tool:after')) p.canonical_tool_name = canonical;
  }
  return p;
}

/**
 * JSON for a hook's stdin that cannot throw on what a host hands us: bigints become
 * strings and a repeated object (a cycle) becomes "[circular]".
 */
export function encodePayload(payload: Record<string, unknown>): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(payload, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[circular]';
        seen.add(value);
      }
      return value;
    });
  } catch {
    // a throwing toJSON: keep the event fields, drop the tool data
    const { tool_input: _a, raw_tool_input: _b, tool_response: _c, extra: _d, ...rest } = payload;
    return JSON.stringify(rest);
  }
}
