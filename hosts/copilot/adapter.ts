/**
 * GitHub Copilot CLI's hook dialect (a camelCase payload, its own answers).
 *
 * Forms (verified on Copilot CLI 1.0.102, docs/hosts/copilot.md):
 * - the payload names no event: the hook command passes it as its first argument (nameEvent);
 * - deny before a tool: `{"permissionDecision":"deny","permissionDecisionReason":"<stamp>"}` on
 *   stdout, exit 0. A camelCase hook file ignores Claude's hookSpecificOutput and a file of
 *   Claude's PascalCase keys reads both, so the answer carries both: it denies wherever the
 *   artifact is registered. Exit 2 would deny with a fixed text (stderr is dropped), a crash
 *   denies every call, bad JSON and a timeout let the tool run: stopline answers JSON, exit 0;
 * - context: `{"additionalContext":"<text>"}` at the top of the answer;
 * - at agentStop `{"decision":"block","reason"}` keeps the turn going (only a person's hook asks).
 * Copilot cannot ask a person in -p runs (it denies an ask), so an ask is a deny.
 */
import type { HostInfo } from '../../core/protocol';
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { copilotRegistry } from '../../core/registry/copilot';
import { toolHookInput } from '../../core/registry/hook-input';
import { RECORDED_TREE } from '../../core/answer/session-tree';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer as json, SILENT } from '../shared/adapter';
import { classifyEvent, eventSkeleton, mappedEvent, promptText, mapToolEvent } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

/**
 * The payload in the field names the shared command-hook helpers (and the person's hooks)
 * read: session_id, tool_name, tool_input, agent_id, agent_type, transcript_path,
 * tool_response. What Copilot sends stays alongside.
 * @keep claudeView Copilot's payload with Claude's field names beside it, as the person's hooks get it
 */
export function claudeView(payload: HookPayload): HookPayload {
  const out: HookPayload = { ...payload };
  const rename: [string, string][] = [
    ['sessionId', 'session_id'],
    ['toolName', 'tool_name'],
    ['agentId', 'agent_id'],
    ['agentType', 'agent_type'],
    ['transcriptPath', 'transcript_path'],
    ['stopReason', 'stop_reason'],
  ];
  for (const [from, to] of rename) if (out[to] === undefined && payload[from] !== undefined) out[to] = payload[from];
  // toolArgs is an object for every tool seen; a patch tool may send its text alone
  const args = payload.toolArgs ?? payload.toolInput;
  if (out.tool_input === undefined && args !== undefined) out.tool_input = typeof args === 'string' ? { input: args } : args;
  if (out.tool_response === undefined && payload.toolResult !== undefined) out.tool_response = payload.toolResult;
  return out;
}

function hostInfo(view: HookPayload, env: HookEnv): HostInfo {
  const host: HostInfo = { family: 'copilot', hasHuman: false };
  const version = envValue(env.COPILOT_CLI_BINARY_VERSION);
  if (version) host.version = version;
  const agentId = nonEmptyString(view, 'agent_id');
  if (agentId) host.agentId = agentId;
  const agentType = nonEmptyString(view, 'agent_type');
  if (agentType) host.agentType = agentType;
  return host;
}

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(copilotRegistry, native);
  if ('answer' in c) return c.answer;
  const view = claudeView(payload);
  const host = hostInfo(view, env);
  // the hook runs in the project; COPILOT_PROJECT_DIR names it (config, files= base)
  const projectDir = envValue(env.COPILOT_PROJECT_DIR) ?? optionalString(view, 'cwd');
  const event = eventSkeleton({ kind: c.entry.control, payload: view, host, turnId: undefined, ...(projectDir ? { projectDir } : {}) });
  const parent = nonEmptyString(view, 'parentAgentId');
  const agentId = host.agentId;

  if (c.entry.control === 'subagent.start' || c.entry.control === 'subagent.stop') {
    // filed under the spawner's sessionId with the child's agentId: the child is the session
    // the recorded tree links to its spawner's root
    if (agentId && agentId !== event.sessionId) {
      event.rootSessionId = event.sessionId;
      event.sessionId = agentId;
    }
  } else if (agentId && parent && parent !== event.sessionId) {
    // a sub-agent's own events carry its sessionId and its spawner's (the recorded tree
    // resolves a spawner that is itself a child)
    event.rootSessionId = parent;
  }
  if (c.entry.control === 'prompt.submit') {
    // a sub-agent's first prompt is the task its parent gave it, never the person
    event.prompt = { text: promptText(view), source: agentId ? 'subagent' : 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    return mapToolEvent(copilotRegistry, native, c.entry, event, view, optionalString(view, 'cwd') ?? projectDir, env);
  }
  return mappedEvent(native, c.entry, event);
}

/** The deny Copilot reads from a camelCase file, and the one a PascalCase (Claude-style) file reads, in one object. */
function deny(reason: string): Rendered {
  return json({
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
}

/** Context only where the row takes it (subagentStart's reaches the sub-agent); a rewrite is the whole input in `modifiedArgs`, allowed. */
function render(answer: Answer, at: RowEvent): Rendered {
  const control = at.row.control;
  if ((answer.kind === 'deny' || answer.kind === 'ask') && control === 'action.before') return deny(stampOf(answer));
  const out: Record<string, unknown> = {};
  if (answer.kind === 'deny' && control === 'turn.stop') {
    // only a person's own turn:stop hook gets here (the guard never blocks a turn end): the turn goes on
    out.decision = 'block';
    out.reason = stampOf(answer);
  }
  const context: string[] = [];
  if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && at.row.outputs.includes('context')) context.push(answer.message);
  // a hook's deny after a tool: appended to the tool result, where the model reads it
  if (answer.feedback && control === 'action.after') context.push(answer.feedback);
  if (context.length) out.additionalContext = context.join('\n\n');
  const rewrite = answer.kind === 'rewrite' && answer.rewrite?.input && control === 'action.before';
  // a rewritten command runs only with the allow beside it (see the registry's rewrite form)
  if ((answer.allow === true || rewrite) && control === 'action.before' && answer.kind !== 'deny') out.permissionDecision = 'allow';
  if (rewrite) out.modifiedArgs = answer.rewrite!.input;
  return Object.keys(out).length ? json(out) : SILENT;
}

/**
 * The event name the hook file passes as the first argument: it is the key the handler is
 * listed under, so it wins (Copilot's camelCase notification payload carries Claude's
 * `hook_event_name: "Notification"`). Without an argument, a payload that names its own event
 * (`hook_event_name`, or `hookName` on permissionRequest) keeps it.
 * @keep namedBy the event named by the hook file's argument: the tests and the scenario driver name events as
 *   the hook file does
 */
export function namedBy(argv: readonly string[]): (payload: HookPayload) => HookPayload {
  const fromArgs = argv.find((a) => a !== '' && !a.startsWith('-'));
  return (payload) => {
    if (fromArgs !== undefined) return { ...payload, hook_event_name: fromArgs };
    if (typeof payload.hook_event_name === 'string' && payload.hook_event_name !== '') return payload;
    return typeof payload.hookName === 'string' ? { ...payload, hook_event_name: payload.hookName } : payload;
  };
}

/**
 * Copilot runs its own hook files (dialect `copilot`). Hooks written against Claude's shapes see
 * the Claude field names: session_id, tool_name, tool_input with file_path / command / content /
 * old_string / new_string from the registry row.
 */
const userHooks: UserHooksSupport = {
  dialect: 'copilot',
  shape: (payload) => claudeView(payload),
  projectDir: (shaped, env) => envValue(env.COPILOT_PROJECT_DIR) ?? optionalString(shaped, 'cwd'),
  canonicalInput: (payload) => {
    const view = claudeView(payload);
    return toolHookInput(copilotRegistry, view.tool_name, view.tool_input);
  },
};

export const copilotAdapter = commandHookAdapter({
  registry: copilotRegistry,
  userHooks,
  denyResponse: 'permission_deny_returned',
  // a sub-agent may spawn its own: the link recorded at subagentStart finds the root
  tree: RECORDED_TREE,
  nameEvent: (payload, args) => namedBy(args)(payload),
  toControlEvent,
  render,
  // fail closed before the payload could be read: the deny JSON, which Copilot honours on
  // preToolUse (the only event stopline denies); exit 2 would lose the stamp
  renderUnidentifiedDeny: deny,
});
