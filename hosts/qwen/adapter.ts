/**
 * Qwen Code's hook dialect (the payload and the answer).
 *
 * Qwen 0.24.4 reads the Claude hook contract (docs/hosts/qwen.md, Deny): on exit 2 it takes
 * stderr as the deny reason, otherwise the JSON object on stdout, where
 * hookSpecificOutput.permissionDecision "deny" (or a top-level decision "deny") blocks and the
 * model reads the reason verbatim. Qwen merges the answers of all PreToolUse hooks, and the LAST
 * hookSpecificOutput.permissionDecision wins over every top-level decision. An exit-2 deny
 * carries no permissionDecision at all, so ANY other hook's "allow" cancels it, wherever that
 * hook sits (seen on 0.24.4 with stopline as an extension, the last in order). So a deny here
 * is the permissionDecision JSON on stdout with exit 0: as the last hook, stopline's answer is
 * the one Qwen keeps. For the same reason stopline never prints an allow: it would cancel a
 * person's own deny. Headless, an ask is a deny; stopline says deny.
 *
 * UserPromptSubmit fires before every model request; only the one that carries
 * `submitted_prompt` is what the person typed (Qwen adds it to the user's own query only).
 */
import type { Answer } from '../../core/answer/outcome';
import { qwenRegistry } from '../../core/registry/qwen';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer } from '../shared/adapter';
import { renderRowJson } from '../shared/row-json';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, mapToolEvent } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString, toolInputAsIs } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(qwenRegistry, native);
  if ('answer' in c) return c.answer;
  const host = commonHostInfo('qwen', payload, false);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: nonEmptyString(payload, 'prompt_id') });

  if (c.entry.control === 'prompt.submit') {
    const submitted = optionalString(payload, 'submitted_prompt');
    if (submitted === undefined) return { kind: 'ignored', native, row: c.entry, why: 'a model request that is not the person’s prompt (no submitted_prompt)' };
    // a subagent's own query is the parent model's words, never the person's
    event.prompt = { text: submitted, source: host.agentId ? 'subagent' : 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    return mapToolEvent(qwenRegistry, native, c.entry, event, payload, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, c.entry, event);
}

/** The Claude-form deny Qwen honours and keeps when it is the last answer: JSON on stdout, exit 0. */
function toolDeny(reason: string): Rendered {
  return jsonAnswer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
}

/**
 * No "allow" ever: on Qwen the last permissionDecision of all hooks wins, and an allow from
 * stopline would cancel a deny of the person's own Qwen hooks.
 */
const render = (answer: Answer, at: RowEvent): Rendered => renderRowJson(answer, at, { toolDeny, blockWord: 'block' });

/** Qwen runs Qwen-dialect hooks itself; its tool inputs already use Claude's field names. */
const userHooks: UserHooksSupport = {
  dialect: 'qwen',
  projectDir: (payload, env) => nonEmptyString(payload, 'cwd') ?? envValue(env.QWEN_PROJECT_DIR),
  canonicalInput: toolInputAsIs,
};

/** No ask; fail closed before the event is known by the default, exit 2 with the stamp on stderr, which blocks a tool and a prompt on Qwen. */
export const qwenAdapter = commandHookAdapter({ registry: qwenRegistry, userHooks, denyResponse: 'permission_deny_returned', toControlEvent, render });
