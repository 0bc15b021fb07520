/**
 * Mistral Vibe's hook dialect (snake_case JSON both ways).
 *
 * Vibe 3.0.2 reads a hook's answer from stdout with exit 0 only (docs/hosts/vibe.md): a
 * top-level `{"decision": "deny", "reason"}` stops a tool and the model reads the reason
 * verbatim; `hook_specific_output.tool_input` runs a new whole input (re-validated against the
 * tool's schema); `hook_specific_output.additional_context` after a tool is appended to its
 * output; `system_message` is a UI note. Exit 2, any non-zero exit and Claude's
 * `hookSpecificOutput` deny all let the tool run, so every deny here is the JSON with exit 0.
 * Vibe never asks a person from a hook: an ask is a deny.
 *
 * Vibe has no prompt event: the session's turn prompts are read from its journal at each pre_tool
 * (journal.ts) and handed to the core with the call, which takes each one once.
 */
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { toolHookInput } from '../../core/registry/hook-input';
import { vibeRegistry } from '../../core/registry/vibe';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer, SILENT } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, mapToolEvent } from '../shared/command-hook';
import { nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { readTurnPrompts, type TurnPrompt } from './journal';

/** Where the session's turn prompts come from; a test passes its own. */
type PromptReader = (sessionDir: string) => TurnPrompt[];

/**
 * @keep toControlEvent the tests hand it the session's prompts (the adapter object reads them from the
 *   session folder)
 */
export function toControlEvent(payload: HookPayload, env: HookEnv, readPrompts: PromptReader = readTurnPrompts): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(vibeRegistry, native);
  if ('answer' in c) return c.answer;
  // no hook answer of Vibe's asks a person
  const host = commonHostInfo('vibe', payload, false);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: undefined });
  // a subagent's payloads name the session that started it: its calls fall under that contract
  const parent = nonEmptyString(payload, 'parent_session_id');
  if (parent && parent !== event.sessionId) event.rootSessionId = parent;

  if (c.entry.control === 'action.before' && !parent) {
    const dir = nonEmptyString(payload, 'transcript_path');
    const turns = dir ? readPrompts(dir) : [];
    if (turns.length) event.prompts = turns.map((t) => ({ text: t.text, source: t.person ? 'user' : 'synthetic', key: t.key }));
  }
  if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    // Vibe names the call tool_call_id
    const id = optionalString(payload, 'tool_call_id');
    const view = id ? { ...payload, tool_use_id: id } : payload;
    return mapToolEvent(vibeRegistry, native, c.entry, event, view, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, c.entry, event);
}

function json(value: Record<string, unknown>): Rendered {
  return Object.keys(value).length ? jsonAnswer(value) : SILENT;
}

function render(answer: Answer, at: RowEvent): Rendered {
  const outputs = at.row.outputs;
  const before = at.row.control === 'action.before';
  const denies = answer.kind === 'deny' || answer.kind === 'ask';
  if (denies && before) return json({ decision: 'deny', reason: stampOf(answer) });
  const out: Record<string, unknown> = {};
  const hso: Record<string, unknown> = {};
  if (denies && outputs.includes('block')) {
    // only a person's own post_agent hook gets here: Vibe sends the reason as a new user message
    out.decision = 'deny';
    out.reason = stampOf(answer);
  }
  const contexts: string[] = [];
  if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && outputs.includes('context')) contexts.push(answer.message);
  if (answer.feedback && outputs.includes('feedback')) contexts.push(answer.feedback);
  if (contexts.length) hso.additional_context = contexts.join('\n\n');
  if (answer.kind === 'rewrite' && answer.rewrite?.input && before) hso.tool_input = answer.rewrite.input;
  if (Object.keys(hso).length) out.hook_specific_output = hso;
  const messages = [...(answer.messages ?? []), ...(answer.notice && outputs.includes('notice') ? [answer.notice] : [])];
  if (messages.length) out.system_message = messages.join('\n');
  return json(out);
}

/**
 * The person's hooks from stopline.json run next to the guard; Vibe's own hooks.toml tables are
 * Vibe's to run, so an `import` of "vibe" is skipped here (it runs on every other host). Hooks
 * written against Claude's shapes see file_path / command / content / old_string / new_string,
 * which Vibe's hook names already use.
 */
const userHooks: UserHooksSupport = {
  dialect: 'vibe',
  projectDir: (payload) => nonEmptyString(payload, 'cwd'),
  canonicalInput: (payload) => toolHookInput(vibeRegistry, payload.tool_name, payload.tool_input),
};

export const vibeAdapter = commandHookAdapter({
  registry: vibeRegistry,
  userHooks,
  denyResponse: 'decision_deny_returned',
  toControlEvent: (payload, env) => toControlEvent(payload, env),
  render,
  // fail closed before the event is known: the top-level deny, which Vibe reads whatever the event
  // (a tool stops; after a tool or at the turn's end the reason is what the model reads next)
  renderUnidentifiedDeny: (message) => jsonAnswer({ decision: 'deny', reason: message }),
});
