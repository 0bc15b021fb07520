/**
 * The mod door speaks Claude Code's classic hook language on both sides, so it decides exactly
 * as the command hooks do:
 *
 * - in: a `classic.<Event>` hook's `e` is that event's command-hook stdin (seen on 2.1.332),
 *   except `classic.PreToolUse`, whose `e` is the tool envelope `{ tool, tool_use_id, ...input }`
 *   without the session, the working directory or the sub-agent: `preToolUsePayload` puts them
 *   back from what the door saw last;
 * - out: the Claude adapter's fields of the answer (`claudeFields`, the same the command hook's
 *   JSON is made of) become the classic result object (`classicOf`), once and never through that
 *   JSON; the part that has no field there (the message shown to the person, `messages`) goes to
 *   `$.ui.log` from the same fields.
 */
import type { ClaudeFields } from '../adapter';
import type { HookPayload } from '../../shared/payload';
import { isRecord } from '../../../core/check';

/**
 * What a classic hook may answer (the fields stopline's answers use).
 * @answerType mod Claude Code's classic hook result: the mod's wire format
 */
export interface ClassicResult {
  deny?: string;
  ask?: string;
  allow?: true;
  /** PreToolUse: the tool's arguments Claude Code runs instead of the model's */
  updatedInput?: Record<string, unknown>;
  additionalContext?: string[];
  block?: string;
  preventContinuation?: true;
  stopReason?: string;
}

/** The classic result of the Claude adapter's fields for one event. */
export function classicOf(f: ClaudeFields): ClassicResult {
  const result: ClassicResult = {};
  if (f.decision === 'deny') result.deny = f.reason ?? '';
  else if (f.decision === 'ask') result.ask = f.reason ?? '';
  else if (f.decision === 'allow') result.allow = true;
  if (f.updatedInput) result.updatedInput = f.updatedInput;
  if (f.context !== undefined && f.context !== '') result.additionalContext = [f.context];
  if (f.block !== undefined) result.block = f.block;
  if (f.stop) {
    result.preventContinuation = true;
    if (f.stop.reason !== undefined) result.stopReason = f.stop.reason;
  }
  return result;
}

/**
 * Stopline's answer folded over what the hooks beneath it answered (the person's own command
 * hooks): a stopline deny always stands, an ask stands unless beneath denied, a stopline rewrite
 * stands over one beneath, contexts add up.
 */
export function foldOver(beneath: Record<string, unknown> | undefined, ours: ClassicResult): Record<string, unknown> {
  const b = isRecord(beneath) ? beneath : {};
  const out: Record<string, unknown> = { ...b };
  if (ours.deny !== undefined) {
    delete out.ask;
    delete out.allow;
    delete out.updatedInput;
    out.deny = ours.deny;
  } else if (ours.ask !== undefined && b.deny === undefined) {
    delete out.allow;
    out.ask = ours.ask;
  } else if (ours.allow && b.deny === undefined && b.ask === undefined) {
    out.allow = true;
  }
  // stopline's rewrite stands over one beneath (a command it runs rewritten is not undone)
  if (ours.updatedInput !== undefined && ours.deny === undefined) out.updatedInput = ours.updatedInput;
  const contexts = [...(ours.additionalContext ?? []), ...(Array.isArray(b.additionalContext) ? (b.additionalContext as unknown[]).filter((c): c is string => typeof c === 'string') : [])];
  if (contexts.length) out.additionalContext = contexts;
  if (ours.block !== undefined) out.block = ours.block;
  if (ours.preventContinuation) {
    out.preventContinuation = true;
    if (ours.stopReason !== undefined) out.stopReason = ours.stopReason;
  }
  return out;
}

/** What the door keeps of the session from the classic payloads it has seen. */
export interface SessionView {
  id?: string;
  transcriptPath?: string;
  cwd?: string;
  permissionMode?: string;
}

/** Remember the session fields a full classic payload carries. */
export function noteSession(view: SessionView, payload: HookPayload): void {
  const s = (k: string): string | undefined => (typeof payload[k] === 'string' && payload[k] !== '' ? (payload[k] as string) : undefined);
  const id = s('session_id');
  if (id !== undefined) view.id = id;
  const t = s('transcript_path');
  if (t !== undefined) view.transcriptPath = t;
  const cwd = s('cwd');
  if (cwd !== undefined) view.cwd = cwd;
  const mode = s('permission_mode');
  if (mode !== undefined) view.permissionMode = mode;
}

/** Keys of `tool.call`'s input that are not the tool's arguments. */
const ENVELOPE_KEYS = new Set(['tool', 'tool_use_id', 'agentId', 'requestMeta']);

/**
 * The PreToolUse command-hook payload for a `classic.PreToolUse` envelope: the tool's input is
 * every key but the envelope's own; the session and working directory are the last ones seen;
 * the sub-agent is the one `tool.call` named for this call id.
 */
export function preToolUsePayload(e: Record<string, unknown>, view: SessionView, agent: { id: string; type?: string } | undefined): HookPayload {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (!ENVELOPE_KEYS.has(k)) input[k] = v;
  const payload: HookPayload = {
    hook_event_name: 'PreToolUse',
    tool_name: String(e.tool ?? ''),
    tool_input: input,
    tool_use_id: String(e.tool_use_id ?? ''),
  };
  if (view.id !== undefined) payload.session_id = view.id;
  if (view.transcriptPath !== undefined) payload.transcript_path = view.transcriptPath;
  if (view.cwd !== undefined) payload.cwd = view.cwd;
  if (view.permissionMode !== undefined) payload.permission_mode = view.permissionMode;
  if (agent) {
    payload.agent_id = agent.id;
    if (agent.type !== undefined) payload.agent_type = agent.type;
  }
  return payload;
}
