/**
 * Hermes Agent's dialect: a hook call (the callback's keyword arguments, plus `cwd`, under
 * `hook_event_name`) in, the value the callback returns out (JSON; empty = None).
 *
 * Both ways into stopline use it: the Python plugin shim (`stopline.mjs listen`, one JSON line per
 * hook call) and Hermes shell hooks (`hooks:` in config.yaml, one process per call; their stdin
 * shape is turned into the same keyword arguments by `kwargsFromShellHook`).
 *
 * Return values Hermes v0.19.0 acts on (docs/hosts/hermes.md):
 * - pre_tool_call: {"action":"block","message":<non-empty>} blocks the call (the model reads
 *   {"error": message}); {"action":"approve","message":…} sends it to Hermes's human approval
 *   gate, which blocks when nobody can answer. Anything else lets the tool run. A rewritten
 *   command is {"action":"modify","args":{…}}: the plugin shim puts those args into the dict
 *   Hermes hands its callback, which is the dict the tool then runs with (v0.19.0 reads no
 *   such answer itself; later releases merge it the same way).
 * - pre_llm_call:  {"context": text} is appended to the current user message. A prompt cannot be
 *   refused.
 * - pre_verify:    {"action":"continue","message"} sends the agent back to work.
 * - every other hook: the return value is ignored.
 *
 * Session ids: a `delegate_task` child runs under its own session id and only `subagent_start`
 * names its parent, so the mapping here carries the parent as `rootSessionId` on subagent events
 * and nothing on the others; the controller resolves the root from its record (core/answer/session-tree.ts).
 */
import type { ToolCall } from '../../core/answer/answer';
import type { Action, ControlEvent, HostInfo } from '../../core/protocol';
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { findToolEntry } from '../../core/registry/lookup';
import { hermesRegistry } from '../../core/registry/hermes';
import { isWindowsAbsolute } from '../../core/paths/paths';
import type { EventEntry } from '../../core/registry/types';
import { isAbsolute, join } from 'node:path';
import { actionOf, toolCallFor } from '../shared/action';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { jsonAnswer as json, SILENT } from '../shared/adapter';
import { classifyEvent, mappedEvent } from '../shared/command-hook';
import { HookInputError, nonEmptyString, objectField, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { isRecord } from '../../core/check';

/**
 * Set by the plugin shim on a hook call when a person can answer Hermes's approval prompt right
 * now (Hermes's interactive CLI, not the gateway or cron). Absent means nobody can.
 * @keep HAS_HUMAN_FIELD the field the plugin shim sets when a person can answer: the tests build the shim's
 *   calls with it
 */
export const HAS_HUMAN_FIELD = 'stopline_has_human';

/**
 * Set by the plugin shim on tool hooks: the folder Hermes's own tools join a relative path with
 * for this task, read from Hermes (`tools.file_tools._resolve_base_dir(task_id)`: the live
 * terminal folder after a `cd`). The tool rows' path resolver joins relative paths there; the
 * event keeps `cwd` (where Hermes was started) as the contract's folder.
 * @keep PATH_BASE_FIELD the field the plugin shim sets with Hermes' tool folder: the tests build the shim's
 *   calls with it
 */
export const PATH_BASE_FIELD = 'stopline_path_base';

/** The hooks that name a parent and a child session (the rows whose control is a subagent's start or stop). */
const SUBAGENT_HOOKS: ReadonlySet<string> = new Set(hermesRegistry.events.filter((e) => e.control === 'subagent.start' || e.control === 'subagent.stop').map((e) => e.native));

/** Evidence goes to the Hermes profile's own folder, the same one the shim names. */
function hostDataDir(env: HookEnv): string | undefined {
  const explicit = env.STOPLINE_HOST_DATA_DIR?.trim();
  if (explicit) return explicit;
  const hermesHome = env.HERMES_HOME?.trim() || (env.HOME?.trim() ? join(env.HOME.trim(), '.hermes') : '');
  return hermesHome ? join(hermesHome, 'stopline') : undefined;
}

function hostInfo(payload: HookPayload, env: HookEnv): HostInfo {
  const host: HostInfo = { family: 'hermes', hasHuman: payload[HAS_HUMAN_FIELD] === true };
  const dataDir = hostDataDir(env);
  if (dataDir) host.dataDir = dataDir;
  return host;
}

/**
 * The session a hook call belongs to. Tool calls made from inside `execute_code` arrive with an
 * empty `session_id`; their `task_id` is the session id in the interactive CLI, so it stands in.
 */
function sessionOf(payload: HookPayload): string {
  const id = nonEmptyString(payload, 'session_id') ?? nonEmptyString(payload, 'task_id');
  if (!id) throw new HookInputError('session_id: required, missing or empty (and no task_id to stand in)');
  return id;
}

/** The tool call of a pre_tool_call / post_tool_call and its action, analysed against the Hermes tool table. */
function toolCall(row: EventEntry, payload: HookPayload, cwd: string | undefined, env: HookEnv): { action: Action; call: ToolCall } {
  const name = nonEmptyString(payload, 'tool_name');
  if (!name) throw new HookInputError('tool_name: required, missing or empty');
  const id = nonEmptyString(payload, 'tool_call_id');
  const ref = { tool: name, input: objectField(payload, 'args'), ...(id ? { id } : {}) };
  const raw = payload[PATH_BASE_FIELD];
  const base = typeof raw === 'string' ? raw.trim() : '';
  // only an absolute folder is a base; anything else and the event's folder stands in
  const hostBase = base && (isAbsolute(base) || isWindowsAbsolute(base)) ? base : undefined;
  const at = { ...(cwd ? { cwd } : {}), env, ...(hostBase ? { hostBase } : {}) };
  return { action: actionOf(hermesRegistry, ref, at), call: toolCallFor(hermesRegistry, row, ref, at) };
}

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(hermesRegistry, native);
  if ('answer' in c) return c.answer;
  const host = hostInfo(payload, env);
  const cwd = nonEmptyString(payload, 'cwd');
  let event: ControlEvent;

  if (SUBAGENT_HOOKS.has(native.name)) {
    // the child's own session; its parent is the root candidate (lineage resolves the real root)
    const parent = nonEmptyString(payload, 'parent_session_id');
    const child = nonEmptyString(payload, 'child_session_id');
    if (!child && !parent) throw new HookInputError('child_session_id and parent_session_id: both missing or empty');
    host.agentId = nonEmptyString(payload, 'child_subagent_id') ?? child ?? 'subagent';
    const role = nonEmptyString(payload, 'child_role');
    if (role) host.agentType = role;
    // without a child id the event is filed under the parent (rootSessionId === sessionId)
    event = { protocolVersion: 1, kind: c.entry.control, sessionId: child ?? parent!, host };
    if (parent) event.rootSessionId = parent;
  } else {
    event = { protocolVersion: 1, kind: c.entry.control, sessionId: sessionOf(payload), host };
  }
  const turnId = nonEmptyString(payload, 'turn_id');
  if (turnId) event.turnId = turnId;
  if (cwd) event.cwd = cwd;

  if (c.entry.control === 'prompt.submit') {
    const text = optionalString(payload, 'user_message');
    if (text === undefined) throw new HookInputError('user_message: required for pre_llm_call');
    event.prompt = { text, source: 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    const read = toolCall(c.entry, payload, cwd, env);
    event.action = read.action;
    return mappedEvent(native, c.entry, event, read.call);
  }
  return mappedEvent(native, c.entry, event);
}

/**
 * Text for the person, on stderr: the Hermes shim passes on the lines that start with
 * `stopline:` (a directive's confirmation, a hook's systemMessage); Hermes has no other channel
 * from a plugin hook to the person.
 */
function forPerson(texts: readonly string[]): string {
  return texts
    .flatMap((t) => t.split('\n'))
    .filter((l) => l.trim() !== '')
    .map((l) => (l.startsWith('stopline:') ? `${l}\n` : `stopline: ${l}\n`))
    .join('');
}

function render(answer: Answer, at: RowEvent): Rendered {
  const row = at.row;
  let rendered: Rendered = SILENT;
  // the row says which answer the hook reads: a block before a tool, context on the prompt, a
  // "keep working" at the verify step
  if (row.control === 'action.before') {
    if (answer.kind === 'deny') rendered = json({ action: 'block', message: stampOf(answer) });
    // the core answers ask only when canAsk said a person can answer (else it is a deny)
    else if (answer.kind === 'ask') rendered = json({ action: 'approve', message: stampOf(answer) });
    // the shim puts these args into the dict Hermes runs the tool with; a confined command of the
    // guard's own is marked (with its record's id) for the shim's check against Hermes's approval
    // gate, and the shim hands Hermes neither mark
    else if (answer.kind === 'rewrite' && answer.rewrite?.input) {
      const confined = answer.reasonCode === 'CONFINED' ? { stopline_confined: answer.eventId ? { event: answer.eventId } : {} } : {};
      rendered = json({ action: 'modify', args: answer.rewrite.input, ...confined });
    }
  } else if (row.outputs.includes('context')) {
    // a prompt cannot be refused: a fail-closed stamp or a hook's deny is context the model reads
    if (answer.message && answer.message.trim() !== '' && answer.kind !== 'none') rendered = json({ context: answer.message });
  } else if (row.control === 'turn.stop' && row.outputs.includes('block')) {
    // only a person's own turn:stop hook can deny here; Hermes then sends the agent back to work
    const reason = answer.kind === 'deny' ? answer.message : answer.stop ? answer.stopReason : undefined;
    if (reason && reason.trim() !== '') rendered = json({ action: 'continue', message: reason });
  }
  const person = forPerson([...(row.outputs.includes('notice') && answer.notice ? [answer.notice] : []), ...(answer.messages ?? [])]);
  return person ? { ...rendered, stderr: rendered.stderr + person } : rendered;
}

/**
 * Fail closed before the hook is known (a shell hook's stdin was not JSON): a block is what a
 * pre_tool_call needs, and Hermes ignores it on every other hook.
 */
function renderUnidentifiedDeny(message: string): Rendered {
  return json({ action: 'block', message });
}

/** An approve reaches a person only before a tool runs, in a session a person attends. */
function canAsk(event: ControlEvent): boolean {
  return event.kind === 'action.before' && event.host.hasHuman === true;
}

/** The tool input in Claude's field names (file_path, command) on top of Hermes's own. */
function canonicalInput(payload: HookPayload, event: ControlEvent): Record<string, unknown> | undefined {
  const args = payload.args;
  const name = payload.tool_name;
  if (!args || typeof args !== 'object' || Array.isArray(args) || typeof name !== 'string') return undefined;
  const input: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  const entry = findToolEntry(hermesRegistry, name);
  const pathField = entry?.pathFields?.find((f) => typeof input[f] === 'string');
  // the path as Hermes places it (the tool row's resolver: `~`, the folder after a `cd`) when the
  // analysis placed exactly one; else the argument as written
  const placed = event.action?.affectedPaths?.length === 1 ? event.action.affectedPaths[0] : undefined;
  const first = placed ?? (pathField ? (input[pathField] as string) : event.action?.affectedPaths?.[0]);
  if (first) input.file_path = isAbsolute(first) || !event.cwd ? first : join(event.cwd, first);
  if (entry?.commandField && typeof input[entry.commandField] === 'string') input.command = input[entry.commandField];
  return input;
}

/** Hermes runs its own shell hooks (`hooks:` in config.yaml): stopline skips that dialect. */
const userHooks: UserHooksSupport = {
  dialect: 'hermes',
  projectDir: (payload) => nonEmptyString(payload, 'cwd'),
  canonicalInput,
};

/** The plugin door: the shim's dispatch lines, one per hook call. */
export const hermesAdapter: CommandHookAdapter = {
  registry: hermesRegistry,
  // lines that start with `stopline:` are the ones the shim passes on to Hermes's stderr
  label: 'stopline',
  denyResponse: 'hermes_block_returned',
  toControlEvent,
  canAsk,
  render,
  renderUnidentifiedDeny,
  userHooks,
};

/**
 * A Hermes shell hook's stdin (it has `extra`); the plugin door's kwargs never do.
 * @keep isShellHookPayload which of the two payload shapes a call has: the tests check both
 */
export function isShellHookPayload(payload: HookPayload): boolean {
  return 'extra' in payload && 'hook_event_name' in payload;
}

/**
 * A Hermes shell hook's stdin, `{hook_event_name, tool_name, tool_input, session_id, cwd, extra}`,
 * as the keyword arguments the plugin door receives. On subagent hooks Hermes puts the parent's
 * id in `session_id`; the child's is in `extra`. Never throws: a field of the wrong type is
 * left out, and the mapping then names what is missing.
 * @keep kwargsFromShellHook a shell hook's stdin as plugin kwargs: the tests check odd shapes field by field
 */
export function kwargsFromShellHook(payload: HookPayload): HookPayload {
  const hook = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : '';
  const kwargs: HookPayload = { ...(isRecord(payload.extra) ? payload.extra : {}), hook_event_name: hook };
  if (typeof payload.cwd === 'string' && payload.cwd !== '') kwargs.cwd = payload.cwd;
  if (typeof payload.tool_name === 'string') kwargs.tool_name = payload.tool_name;
  if (isRecord(payload.tool_input)) kwargs.args = payload.tool_input;
  const sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
  if (sessionId !== '') {
    const key = SUBAGENT_HOOKS.has(hook) ? 'parent_session_id' : 'session_id';
    if (typeof kwargs[key] !== 'string' || kwargs[key] === '') kwargs[key] = sessionId;
  }
  return kwargs;
}

function asKwargs(payload: HookPayload): HookPayload {
  return isShellHookPayload(payload) ? kwargsFromShellHook(payload) : payload;
}

/**
 * The shell-hook door: its stdin is turned into keyword arguments, then the same mapping and
 * rendering apply. A shell hook cannot send a call to Hermes's approval gate (only block is
 * read), so an ask is always a deny there.
 */
export const hermesShellHookAdapter: CommandHookAdapter = {
  ...hermesAdapter,
  toControlEvent: (payload, env) => toControlEvent(asKwargs(payload), env),
  canAsk: () => false,
  // v0.19.0 reads only a block from a shell hook: a rewritten command would not run
  rewrites: false,
  userHooks: {
    dialect: 'hermes',
    projectDir: (payload) => nonEmptyString(asKwargs(payload), 'cwd'),
    canonicalInput: (payload, event) => canonicalInput(asKwargs(payload), event),
  },
};
