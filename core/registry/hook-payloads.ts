/**
 * The payload most hook hosts share: Claude Code's hook contract, which Codex, Qwen Code and
 * Droid send unchanged, Gemini CLI with its own changes, Copilot under Claude's names, and
 * stopline's own hooks with two fields more. One table, so a host that copies it names it.
 */
import type { JsonValue, PayloadField, PayloadFields, PayloadSource, PayloadTable } from './types';

/** A value of the event, or `otherwise` when the event has none. */
export const or = (from: PayloadSource, otherwise: JsonValue): PayloadField => ({ from, else: otherwise });
/** A value of the event, the field left out when the event has none. */
export const opt = (from: PayloadSource): PayloadField => ({ from, optional: true });

const toolFields: PayloadFields = {
  tool_name: or('toolName', ''),
  tool_input: or('toolInput', {}),
  raw_tool_input: opt('rawToolInput'),
  tool_use_id: opt('toolUseId'),
};
const agentFields: PayloadFields = { agent_id: or('agentId', ''), agent_type: or('agentType', '') };

export const HOOK_CONTRACT_PAYLOAD: PayloadTable = {
  all: {
    session_id: 'sessionId',
    transcript_path: or('transcriptPath', ''),
    cwd: 'cwd',
    hook_event_name: 'eventName',
    permission_mode: or('permissionMode', 'default'),
  },
  events: {
    'tool:before': toolFields,
    'tool:after': { ...toolFields, tool_response: or('toolResponse', null) },
    'prompt:submit': { prompt: or('prompt', '') },
    'session:start': { source: or('source', 'startup') },
    'session:end': { reason: or('reason', 'other') },
    'turn:stop': { stop_hook_active: or('stopHookActive', false) },
    'subagent:start': agentFields,
    'subagent:end': { ...agentFields, stop_hook_active: or('stopHookActive', false) },
    notice: { message: or('message', '') },
    'compact:before': { trigger: or('trigger', 'auto') },
  },
};
