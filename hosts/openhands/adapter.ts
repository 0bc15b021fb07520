/**
 * OpenHands CLI's hook dialect (the payload and the answer).
 *
 * OpenHands 1.16.0 reads a hook's answer like this (docs/hosts/openhands.md, Deny): exit 2
 * blocks, and so does a top-level `{"decision": "deny"}` in the JSON on stdout, whose `reason`
 * the model reads as `Action rejected: <reason>`; Claude's `hookSpecificOutput` deny is not read
 * and the tool runs. That is Gemini CLI's answer form, so the answer is the shared row-JSON one
 * with Gemini's deny: the JSON, the stamp on stderr and exit 2. No hook answer reaches a person
 * or changes the action, so there is no ask and no rewrite.
 *
 * The payload is OpenHands' own: it names the event in `event_type`, the folder in
 * `working_dir` and the person's prompt in `message`. The adapter reads it through a view with
 * the field names the shared mapping reads (`hook_event_name`, `cwd`, `prompt`).
 */
import type { Answer } from '../../core/answer/outcome';
import { openhandsRegistry } from '../../core/registry/openhands';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { toolHookInput } from '../../core/registry/hook-input';
import { commandHookAdapter } from '../shared/adapter';
import { decisionDenyExitTwo, renderRowJson } from '../shared/row-json';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, mapToolEvent } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

/** The payload in the field names the shared mapping reads; OpenHands' own fields stay as they are. */
function payloadView(payload: HookPayload): HookPayload {
  const view: HookPayload = { ...payload };
  if (typeof payload.event_type === 'string') view.hook_event_name = payload.event_type;
  const dir = nonEmptyString(payload, 'working_dir');
  if (dir) view.cwd = dir;
  if (typeof payload.message === 'string') view.prompt = payload.message;
  return view;
}

function toControlEvent(raw: HookPayload, env: HookEnv): MappedEvent {
  const payload = payloadView(raw);
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(openhandsRegistry, native);
  if ('answer' in c) return c.answer;
  // no hook answer reaches a person: an ask can never be answered
  const host = commonHostInfo('openhands', payload, false);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: undefined });

  if (c.entry.control === 'prompt.submit') {
    // only the person's messages fire it; a task subagent's prompt fires no hook at all
    const text = optionalString(payload, 'prompt');
    if (text === undefined) return { kind: 'ignored', native, row: c.entry, why: 'a prompt event without a message' };
    event.prompt = { text, source: 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    return mapToolEvent(openhandsRegistry, native, c.entry, event, payload, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, c.entry, event);
}

/** A tool's deny is the top-level deny OpenHands honours, with the stamp also on stderr and exit 2 (either alone blocks). */
const render = (answer: Answer, at: RowEvent): Rendered => renderRowJson(answer, at, { toolDeny: decisionDenyExitTwo, blockWord: 'deny' });

/**
 * The person's stopline.json hooks run inside the artifact. OpenHands runs its own hooks.json
 * itself, so an `import` of "openhands" is skipped here (it runs on every other host); tool
 * inputs reach the other hooks with Claude's field names from the row's renames (file_editor
 * `path` as `file_path`, `file_text` as `content`).
 */
const userHooks: UserHooksSupport = {
  dialect: 'openhands',
  projectDir: (payload, env) => nonEmptyString(payload, 'working_dir') ?? envValue(env.OPENHANDS_PROJECT_DIR),
  canonicalInput: (payload) => toolHookInput(openhandsRegistry, payload.tool_name, payload.tool_input),
};

/**
 * No ask; fail closed before the event is known by the default, exit 2 with the stamp on stderr,
 * which blocks a tool and a prompt on OpenHands. The runner (and the bridge) find the event by
 * hook_event_name, so nameEvent hands them the view.
 */
export const openhandsAdapter = commandHookAdapter({ registry: openhandsRegistry, denyResponse: 'decision_deny_returned', nameEvent: (payload) => payloadView(payload), userHooks, toControlEvent, render });
