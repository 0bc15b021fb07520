/**
 * Kimi Code's hook dialect (a Claude-shaped payload, one answer).
 *
 * Kimi reads one answer (verified on 1.51.0, docs/hosts/kimi.md): `{"hookSpecificOutput":
 * {"permissionDecision":"deny","permissionDecisionReason":"<stamp>"}}` on stdout, exit 0, on any
 * event. Before a tool the model reads `<system>ERROR: <stamp></system>` as the result; on a
 * prompt it ends the turn; at Stop it runs one more turn. Every other key, context included, is
 * ignored, so everything else renders nothing. Kimi lets the tool run on every hook failure, so
 * stopline's own fail closed is this same explicit deny. No ask: an ask is a deny.
 */
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { kimiRegistry } from '../../core/registry/kimi';
import { BRACKETED_TREE } from '../../core/answer/session-tree';
import { toolHookInput } from '../../core/registry/hook-input';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer, SILENT } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, mapToolEvent, promptText } from '../shared/command-hook';
import { nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(kimiRegistry, native);
  if ('answer' in c) return c.answer;
  // print mode approves every call itself and hooks cannot ask: nobody to answer
  const host = commonHostInfo('kimi', payload, false);
  // the work dir: Kimi runs hooks there and has no project variable
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: undefined });
  if (c.entry.control === 'prompt.submit') {
    // a subagent's task arrives here on the same session: the bracket tree marks it (BRACKETED_TREE)
    event.prompt = { text: promptText(payload), source: 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    // Kimi names the call `tool_call_id`, Claude `tool_use_id`
    const id = nonEmptyString(payload, 'tool_call_id');
    const call = id && payload.tool_use_id === undefined ? { ...payload, tool_use_id: id } : payload;
    return mapToolEvent(kimiRegistry, native, c.entry, event, call, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, c.entry, event);
}

/** A deny (an ask included) where the row honours a block; nothing anywhere else. */
function render(answer: Answer, at: RowEvent): Rendered {
  if ((answer.kind === 'deny' || answer.kind === 'ask') && at.row.outputs.includes('block')) {
    return jsonAnswer({ hookSpecificOutput: { hookEventName: at.name, permissionDecision: 'deny', permissionDecisionReason: stampOf(answer) } });
  }
  return SILENT;
}

/**
 * The person's stopline.json hooks run beside the guard. Kimi runs its own `[[hooks]]` itself, so
 * an `import` of "kimi" is skipped here (it runs on every other host). Hooks written against
 * Claude's shapes see file_path / command from the registry row.
 */
const userHooks: UserHooksSupport = {
  dialect: 'kimi',
  projectDir: (payload) => optionalString(payload, 'cwd'),
  canonicalInput: (payload) => toolHookInput(kimiRegistry, payload.tool_name, payload.tool_input),
};

/**
 * No ask; fail closed before the event is known by the default, exit 2 with the stamp on stderr,
 * a deny on every Kimi event. An Agent child shares its parent's session id; only the
 * SubagentStart … SubagentStop pair marks it (BRACKETED_TREE).
 */
export const kimiAdapter = commandHookAdapter({ registry: kimiRegistry, userHooks, denyResponse: 'permission_deny_returned', tree: BRACKETED_TREE, toControlEvent, render });
