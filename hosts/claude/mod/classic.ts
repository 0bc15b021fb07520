/**
 * The mod door speaks Claude Code's classic hook language on both sides, so the Claude adapter
 * and the command-hook runner decide exactly as they do for the command hooks:
 *
 * - in: a `classic.<Event>` hook's `e` is that event's command-hook stdin (seen on 2.1.332),
 *   except `classic.PreToolUse`, whose `e` is the tool envelope `{ tool, tool_use_id, ...input }`
 *   without the session, the working directory or the sub-agent: `preToolUsePayload` puts them
 *   back from what the door saw last;
 * - out: the rendered command-hook answer (stdout JSON, stderr, exit code) becomes the classic
 *   result object (`classicResult`), and the parts that have no field there (the message shown
 *   to the person, diagnostics) are handed back for `$.ui.log`.
 */
import type { Rendered } from '../../shared/adapter';
import type { HookPayload } from '../../shared/payload';

/** What a classic hook may answer (the fields stopline's answers use). */
export interface ClassicResult {
  deny?: string;
  ask?: string;
  allow?: true;
  additionalContext?: string[];
  block?: string;
  preventContinuation?: true;
  stopReason?: string;
}

export interface MappedAnswer {
  result: ClassicResult;
  /** shown to the person (the command hook's systemMessage) */
  notices: string[];
  /** stderr lines: the debug log */
  debug: string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The classic result for one rendered command-hook answer of `event`. */
export function classicResult(event: string, r: Rendered): MappedAnswer {
  const result: ClassicResult = {};
  const notices: string[] = [];
  const debug = r.stderr.split('\n').filter((l) => l.trim() !== '');
  if (r.exitCode === 2) {
    // a blocking exit: the reason is stderr, as Claude reads it from a command hook
    const reason = r.stderr.trim();
    if (event === 'PreToolUse') result.deny = reason;
    else result.block = reason;
    return { result, notices, debug: [] };
  }
  const text = r.stdout.trim();
  if (text === '') return { result, notices, debug };
  let out: unknown;
  try {
    out = JSON.parse(text);
  } catch {
    debug.push(`stopline mod: unreadable answer for ${event}, ignored`);
    return { result, notices, debug };
  }
  if (!isObject(out)) return { result, notices, debug };
  const hso = isObject(out.hookSpecificOutput) ? out.hookSpecificOutput : {};
  const reason = typeof hso.permissionDecisionReason === 'string' ? hso.permissionDecisionReason : '';
  if (hso.permissionDecision === 'deny') result.deny = reason;
  else if (hso.permissionDecision === 'ask') result.ask = reason;
  else if (hso.permissionDecision === 'allow') result.allow = true;
  if (typeof hso.additionalContext === 'string' && hso.additionalContext !== '') result.additionalContext = [hso.additionalContext];
  if (out.decision === 'block') result.block = typeof out.reason === 'string' ? out.reason : '';
  if (out.continue === false) {
    result.preventContinuation = true;
    if (typeof out.stopReason === 'string') result.stopReason = out.stopReason;
  }
  if (typeof out.systemMessage === 'string' && out.systemMessage !== '') notices.push(out.systemMessage);
  return { result, notices, debug };
}

/**
 * Stopline's answer folded over what the hooks beneath it answered (the person's own command
 * hooks): a stopline deny always stands, an ask stands unless beneath denied, contexts add up.
 */
export function foldOver(beneath: Record<string, unknown> | undefined, ours: ClassicResult): Record<string, unknown> {
  const b = isObject(beneath) ? beneath : {};
  const out: Record<string, unknown> = { ...b };
  if (ours.deny !== undefined) {
    delete out.ask;
    delete out.allow;
    out.deny = ours.deny;
  } else if (ours.ask !== undefined && b.deny === undefined) {
    delete out.allow;
    out.ask = ours.ask;
  } else if (ours.allow && b.deny === undefined && b.ask === undefined) {
    out.allow = true;
  }
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
