/**
 * Factory Droid's hook dialect (a Claude-like payload, its own answers).
 *
 * Forms (verified on the Droid 0.225.2 binary, docs/hosts/droid.md):
 * - deny before a tool: `{"hookSpecificOutput":{"hookEventName":"PreToolUse",
 *   "permissionDecision":"deny","permissionDecisionReason":"<stamp>"}}` on stdout, exit 0; the
 *   model reads `Error: <stamp>`. Droid lets the tool run on every hook failure (crash, bad JSON,
 *   timeout, missing command), so stopline's own fail closed is this same explicit deny;
 * - context: hookSpecificOutput.additionalContext (SessionStart, UserPromptSubmit, PostToolUse;
 *   PreToolUse context never reaches the model);
 * - a prompt block (only a person's own hook asks for it): `{"continue":false,"stopReason"}`;
 *   at Stop `{"decision":"block","reason"}` keeps the turn going.
 * Droid does not ask a person from a hook in exec, so an ask is a deny.
 */
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { droidRegistry } from '../../core/registry/droid';
import { toolHookInput } from '../../core/registry/hook-input';
import { RECORDED_TREE } from '../../core/answer/session-tree';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer as json, SILENT } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, promptText, mapToolEvent } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

/** The project folder: Droid exports it to every hook; the payload's cwd is the same folder. */
function projectOf(payload: HookPayload, env: HookEnv): string | undefined {
  return envValue(env.FACTORY_PROJECT_DIR) ?? envValue(env.DROID_PROJECT_DIR) ?? optionalString(payload, 'cwd');
}

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(droidRegistry, native);
  if ('answer' in c) return c.answer;
  // hooks cannot ask a person in `droid exec`; the interactive CLI was not observed asking either
  const host = commonHostInfo('droid', payload, false);
  const projectDir = projectOf(payload, env);
  // A Task sub-agent is a session of its own; only its SessionStart names the parent session.
  const caller = c.entry.native === 'SessionStart' ? nonEmptyString(payload, 'calling_session_id') : undefined;
  const kind = caller ? 'subagent.start' : c.entry.control;
  const event = eventSkeleton({ kind, payload, host, turnId: nonEmptyString(payload, 'message_id'), ...(projectDir ? { projectDir } : {}) });

  if (caller && caller !== event.sessionId) {
    // recorded now, so the child's later events are judged by the caller's root contract
    event.rootSessionId = caller;
  } else if (kind === 'subagent.stop') {
    // fired on the parent's session with no child id: filed under the parent
    event.rootSessionId = event.sessionId;
  }
  if (kind === 'prompt.submit') {
    // the recorded tree marks a sub-agent's prompt (its task) as never the person
    event.prompt = { text: promptText(payload), source: 'user' };
  } else if (kind === 'action.before' || kind === 'action.after') {
    return mapToolEvent(droidRegistry, native, c.entry, event, payload, optionalString(payload, 'cwd') ?? projectDir, env);
  }
  return mappedEvent(native, c.entry, event);
}

/** Context only where the row takes it (PreToolUse's additionalContext never reaches the model: verified). */
function render(answer: Answer, at: RowEvent): Rendered {
  const event = at.name;
  const control = at.row.control;
  if ((answer.kind === 'deny' || answer.kind === 'ask') && control === 'action.before') {
    return json({ hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: stampOf(answer) } });
  }
  const out: Record<string, unknown> = {};
  if (answer.kind === 'deny' && control === 'prompt.submit') {
    // only a person's own hook gets here: the guard never denies a prompt, and the runner turns
    // a guard failure on it into context
    out.continue = false;
    out.stopReason = stampOf(answer);
  } else if (answer.kind === 'deny' && control === 'turn.stop') {
    // likewise only a person's turn:stop hook: the turn goes on
    out.decision = 'block';
    out.reason = stampOf(answer);
  }
  const context: string[] = [];
  if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && at.row.outputs.includes('context')) context.push(answer.message);
  // a hook's deny after a tool: the model reads PostToolUse context right after the result
  if (answer.feedback && control === 'action.after') context.push(answer.feedback);
  if (context.length) out.hookSpecificOutput = { hookEventName: event, additionalContext: context.join('\n\n') };
  if (control === 'action.before' && answer.kind !== 'deny') {
    const hso: Record<string, unknown> = { hookEventName: event };
    if (answer.allow === true) hso.permissionDecision = 'allow';
    if (answer.kind === 'rewrite' && answer.rewrite?.input) hso.updatedInput = answer.rewrite.input;
    if (Object.keys(hso).length > 1) out.hookSpecificOutput = hso;
  }
  return Object.keys(out).length ? json(out) : SILENT;
}

/**
 * Droid runs its own hook files (dialect `droid`). Hooks written against Claude's shapes see
 * file_path / command / content / old_string / new_string from the registry row.
 */
const userHooks: UserHooksSupport = {
  dialect: 'droid',
  projectDir: (payload, env) => projectOf(payload, env),
  canonicalInput: (payload) => toolHookInput(droidRegistry, payload.tool_name, payload.tool_input),
};

/**
 * No ask; fail closed before the event is known by the default, exit 2 with the stamp on stderr,
 * which Droid reads as a deny before a tool (the model gets `Error: <stamp>`) and as a refused
 * prompt. A sub-agent's session names its caller only at SessionStart: the link is recorded there.
 */
export const droidAdapter = commandHookAdapter({ registry: droidRegistry, userHooks, denyResponse: 'permission_deny_returned', tree: RECORDED_TREE, toControlEvent, render });
