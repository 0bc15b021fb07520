/** A listen dispatch's payload (Claude/Codex hook shape or Hermes kwargs) as the input the person's hooks get. */
import type { CanonicalEvent } from '../canonical';
import type { DispatchInput } from './types';

function str(payload: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = payload[k];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/**
 * Read a payload written in the Claude/Codex hook shape or as Hermes plugin kwargs. The
 * tool name stays the host's; a caller with a registry adds `canonicalToolName` and
 * `canonicalInput` afterwards.
 */
export function inputFromPayload(canonical: CanonicalEvent, payload: Record<string, unknown>, host?: string, eventName?: string): DispatchInput {
  const toolResponse = payload.tool_response !== undefined ? payload.tool_response : payload.result;
  const rawInput = payload.tool_input !== undefined ? payload.tool_input : payload.args;
  return {
    event: canonical,
    ...(eventName !== undefined && eventName !== canonical ? { dialectEventName: eventName } : {}),
    hostFamily: host ?? 'guard',
    sessionId: str(payload, 'session_id', 'sessionId') ?? '',
    cwd: str(payload, 'cwd') ?? process.cwd(),
    transcriptPath: str(payload, 'transcript_path'),
    permissionMode: str(payload, 'permission_mode'),
    toolName: str(payload, 'tool_name'),
    toolUseId: str(payload, 'tool_use_id', 'tool_call_id'),
    ...(rawInput !== undefined ? { rawInput } : {}),
    ...(toolResponse !== undefined ? { toolResponse } : {}),
    prompt: str(payload, 'prompt', 'user_message'),
    source: str(payload, 'source'),
    reason: str(payload, 'reason'),
    agentId: str(payload, 'agent_id', 'child_subagent_id'),
    agentType: str(payload, 'agent_type', 'child_role'),
    stopHookActive: payload.stop_hook_active === true,
    message: str(payload, 'message'),
    trigger: str(payload, 'trigger'),
  };
}
