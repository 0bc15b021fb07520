/**
 * The payload most hook hosts share: Claude Code's hook contract, which Codex, Qwen Code and
 * Droid send unchanged, Gemini CLI with its own changes, Copilot under Claude's names, and
 * stopline's own hooks with two fields more. One table, so a host that copies it names it.
 */
import type { PayloadFields, PayloadTable } from './types';

const toolFields: PayloadFields = {
  tool_name: { from: 'toolName', else: '' },
  tool_input: { from: 'toolInput', else: {} },
  raw_tool_input: { from: 'rawToolInput', optional: true },
  tool_use_id: { from: 'toolUseId', optional: true },
};
const agentFields: PayloadFields = { agent_id: { from: 'agentId', else: '' }, agent_type: { from: 'agentType', else: '' } };

export const HOOK_CONTRACT_PAYLOAD: PayloadTable = {
  all: {
    session_id: 'sessionId',
    transcript_path: { from: 'transcriptPath', else: '' },
    cwd: 'cwd',
    hook_event_name: 'eventName',
    permission_mode: { from: 'permissionMode', else: 'default' },
  },
  events: {
    'tool:before': toolFields,
    'tool:after': { ...toolFields, tool_response: { from: 'toolResponse', else: null } },
    'prompt:submit': { prompt: { from: 'prompt', else: '' } },
    'session:start': { source: { from: 'source', else: 'startup' } },
    'session:end': { reason: { from: 'reason', else: 'other' } },
    'turn:stop': { stop_hook_active: { from: 'stopHookActive', else: false } },
    'subagent:start': agentFields,
    'subagent:end': { ...agentFields, stop_hook_active: { from: 'stopHookActive', else: false } },
    notice: { message: { from: 'message', else: '' } },
    'compact:before': { trigger: { from: 'trigger', else: 'auto' } },
  },
};
