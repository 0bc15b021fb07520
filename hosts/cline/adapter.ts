/**
 * Cline CLI's hook dialect: the payload (`hookName`, `tool_call`) and the answer (`overrideInput`,
 * `cancel`, `contextModification`).
 *
 * Forms (observed on Cline CLI 3.0.65, docs/hosts/cline.md):
 * - one executable file per event; the hook file passes the event name as its first argument,
 *   and a payload without one is named by its `hookName`;
 * - every agent of one CLI run carries the same `sessionContext.rootSessionId`: it is the
 *   session, and a child agent's own `agent_id` marks its calls (the core never lets a child
 *   change the contract);
 * - the payloads carry no prompt: the person's prompt is read from Cline's session record, at
 *   the top agent's TaskStart and, since Cline does not wait for a TaskStart hook, at the top
 *   agent's tool calls while the session has taken no prompt (the first of the two arms the
 *   contract, keyed by the prompt, and the other finds it taken);
 * - no per-call deny: a stopped `run_commands` gets its commands replaced by one that prints the
 *   stamp and fails, with the stamp as context (the run goes on); any other stopped tool is a
 *   cancel, which ends the run. Cline cannot ask a person from a hook, so an ask is a deny.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action, ControlEvent, HostInfo } from '../../core/protocol';
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { clineRegistry, CLINE_HOOK_NAMES } from '../../core/registry/cline';
import { isRecord } from '../../core/check';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent } from '../shared/adapter';
import { commandHookAdapter, jsonAnswer as json, SILENT } from '../shared/adapter';
import { classifyEvent, eventSkeleton, mappedEvent, mapToolEvent } from '../shared/command-hook';
import { HookInputError, nonEmptyString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';

/** The one shell command a list runs as: each command in a subshell of its own, as Cline runs each in its own shell. */
function commandScript(commands: readonly string[]): string {
  return commands.length === 1 ? commands[0]! : commands.map((c) => `(\n${c}\n)`).join('\n');
}

/** The tool input as the analysis reads it: `commands` as one script, `read_files`' paths as a list. */
function readableInput(tool: unknown, input: unknown): unknown {
  if (!isRecord(input)) return input;
  if (tool === 'run_commands') {
    const list = input.commands;
    // anything but a list of strings stays as it came: the analysis reads it as unknown
    if (Array.isArray(list) && list.length > 0 && list.every((c) => typeof c === 'string')) return { ...input, commands: commandScript(list) };
    return input;
  }
  if (tool === 'read_files') {
    const files = input.files;
    const paths = Array.isArray(files) && files.every((f) => isRecord(f) && typeof f.path === 'string') ? files.map((f) => (f as { path: string }).path) : files;
    return { ...input, paths };
  }
  return input;
}

/**
 * The payload in the field names the shared command-hook helpers read: session_id (the run's
 * root session), agent_id (a child agent only), tool_name, tool_input, tool_use_id, cwd.
 */
function claudeView(payload: HookPayload): HookPayload {
  const out: HookPayload = { ...payload };
  const context = isRecord(payload.sessionContext) ? payload.sessionContext : {};
  const root = typeof context.rootSessionId === 'string' && context.rootSessionId !== '' ? context.rootSessionId : payload.taskId;
  if (out.session_id === undefined && root !== undefined) out.session_id = root;
  const parent = nonEmptyString(payload, 'parent_agent_id');
  // the top agent's calls are the session's own: only a child's carry an agent id
  if (!parent) delete out.agent_id;
  const call = isRecord(payload.tool_call) ? payload.tool_call : isRecord(payload.tool_result) ? payload.tool_result : undefined;
  if (call) {
    if (out.tool_name === undefined) out.tool_name = call.name;
    if (out.tool_use_id === undefined && typeof call.id === 'string') out.tool_use_id = call.id;
    if (out.tool_input === undefined) out.tool_input = readableInput(call.name, call.input);
    if (isRecord(payload.tool_result) && out.tool_response === undefined) out.tool_response = payload.tool_result.output;
  }
  const info = isRecord(payload.workspaceInfo) ? payload.workspaceInfo : {};
  const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots : [];
  const cwd = typeof info.rootPath === 'string' && info.rootPath !== '' ? info.rootPath : roots.find((r) => typeof r === 'string' && r !== '');
  if (out.cwd === undefined && typeof cwd === 'string') out.cwd = cwd;
  return out;
}

/** Where Cline keeps its session records: its data folder variables, else `~/.cline/data/sessions`. */
function sessionsDir(env: HookEnv): string | undefined {
  const set = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);
  const sessions = set(env.CLINE_SESSION_DATA_DIR);
  if (sessions) return sessions;
  const data = set(env.CLINE_DATA_DIR);
  if (data) return join(data, 'sessions');
  const home = set(env.HOME);
  return home ? join(home, '.cline', 'data', 'sessions') : undefined;
}

/**
 * The person's prompt of this run, from Cline's session record (`prompt`), which Cline writes
 * before the first TaskStart. A record that cannot be read is an input error: the fail mode
 * answers it, never an unarmed session that looks armed.
 */
function sessionPrompt(rootSessionId: string, env: HookEnv): string {
  const dir = sessionsDir(env);
  if (!dir || rootSessionId.includes('/') || rootSessionId.startsWith('.')) throw new HookInputError('the Cline session record cannot be located');
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(join(dir, rootSessionId, `${rootSessionId}.json`), 'utf8'));
  } catch {
    throw new HookInputError("the Cline session record could not be read, so the person's prompt is unknown");
  }
  if (!isRecord(record) || typeof record.prompt !== 'string') throw new HookInputError('the Cline session record has no prompt');
  return record.prompt;
}

/**
 * The person's prompt from the session record, keyed by its text (the core keeps only a hash):
 * TaskStart and a tool call that comes before it hand the same key, so the prompt arms the
 * contract once whichever is first, and a new prompt in the record is a new key.
 */
function recordPrompt(rootSessionId: string, env: HookEnv): NonNullable<ControlEvent['prompt']> {
  const text = sessionPrompt(rootSessionId, env);
  return { text, source: 'user', key: text };
}

function hostInfo(view: HookPayload, env: HookEnv): HostInfo {
  const host: HostInfo = { family: 'cline', hasHuman: false };
  const version = nonEmptyString(view, 'clineVersion') ?? (env.CLINE_VERSION && env.CLINE_VERSION.trim() !== '' ? env.CLINE_VERSION : undefined);
  if (version) host.version = version;
  const agentId = nonEmptyString(view, 'agent_id');
  if (agentId) host.agentId = agentId;
  return host;
}

/** `editor` without old_text and insert_line creates (or overwrites) the file: the evidence names that a Write. */
function editorKind(input: unknown): (action: Action) => Action {
  const creates = isRecord(input) && input.old_text === undefined && input.insert_line === undefined;
  return (action) => (creates && action.canonicalName === 'Edit' ? { ...action, canonicalName: 'Write' } : action);
}

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(clineRegistry, native);
  if ('answer' in c) return c.answer;
  const view = claudeView(payload);
  if (c.entry.control === 'prompt.submit' && nonEmptyString(payload, 'parent_agent_id')) {
    // a child agent starts in the same session: the root's contract already holds for its calls
    return { kind: 'ignored', native, row: c.entry, why: "a child agent's start: its calls carry the run's session" };
  }
  const host = hostInfo(view, env);
  const projectDir = typeof view.cwd === 'string' ? view.cwd : undefined;
  const event = eventSkeleton({ kind: c.entry.control, payload: view, host, turnId: undefined, ...(projectDir ? { projectDir } : {}) });
  if (c.entry.control === 'prompt.submit') {
    event.prompt = recordPrompt(event.sessionId, env);
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    const input = isRecord(view.tool_input) ? view.tool_input : undefined;
    const mapped = mapToolEvent(clineRegistry, native, c.entry, event, view, projectDir, env, view.tool_name === 'editor' ? editorKind(input) : undefined);
    // Cline runs TaskStart without waiting for it: the top agent's call reads the record itself
    // when no prompt was taken yet (a child's calls cannot arm)
    if (mapped.kind === 'event' && c.entry.control === 'action.before' && !nonEmptyString(payload, 'parent_agent_id')) {
      const sessionId = event.sessionId;
      mapped.hostPrompts = () => [recordPrompt(sessionId, env)];
    }
    return mapped;
  }
  return mappedEvent(native, c.entry, event);
}

/** A POSIX shell word holding `text` exactly. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command put in place of a stopped run_commands call: it prints the stamp and fails, nothing else.
 * @keep stopCommand the command a stop hands Cline back: the scenario driver recognises it
 */
export function stopCommand(stamp: string): string {
  return `printf '%s\\n' ${shellQuote(stamp)}; exit 1`;
}

/**
 * A stop before a tool: run_commands keeps the session (its commands replaced, the stamp as
 * context), any other tool is cancelled with the run. An unknown tool is cancelled too.
 */
function stop(stamp: string, at: RowEvent): Rendered {
  if (at.tool === 'run_commands') return json({ overrideInput: { commands: [stopCommand(stamp)] }, contextModification: stamp });
  return json({ cancel: true, errorMessage: stamp });
}

function render(answer: Answer, at: RowEvent): Rendered {
  const control = at.row.control;
  if ((answer.kind === 'deny' || answer.kind === 'ask') && control === 'action.before') return stop(stampOf(answer), at);
  const out: Record<string, unknown> = {};
  const context: string[] = [];
  if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && at.row.outputs.includes('context')) context.push(answer.message);
  if (answer.feedback && control === 'action.after') context.push(answer.feedback);
  if (context.length) out.contextModification = context.join('\n\n');
  if (answer.kind === 'rewrite' && answer.rewrite?.input && control === 'action.before' && isRecord(answer.rewrite.input)) {
    const input = answer.rewrite.input;
    // the analysis read the list as one script; the rewrite is that script, run as the one command
    out.overrideInput = typeof input.commands === 'string' ? { ...input, commands: [input.commands] } : input;
  }
  return Object.keys(out).length ? json(out) : SILENT;
}

/**
 * The event name the hook file passes as its first argument (the file is named after it), else
 * the payload's `hookName` in the file's spelling; `tool_name` is set for the renderer, whose
 * stop depends on the tool.
 */
function nameEvent(payload: HookPayload, args: readonly string[]): HookPayload {
  const fromArgs = args.find((a) => a !== '' && !a.startsWith('-'));
  const hookName = typeof payload.hookName === 'string' ? CLINE_HOOK_NAMES[payload.hookName] : undefined;
  const name = fromArgs ?? (typeof payload.hook_event_name === 'string' && payload.hook_event_name !== '' ? payload.hook_event_name : hookName);
  const call = isRecord(payload.tool_call) ? payload.tool_call : isRecord(payload.tool_result) ? payload.tool_result : undefined;
  const tool = payload.tool_name ?? (call && typeof call.name === 'string' ? call.name : undefined);
  return { ...payload, ...(name !== undefined ? { hook_event_name: name } : {}), ...(tool !== undefined ? { tool_name: tool } : {}) };
}

export const clineAdapter = commandHookAdapter({
  registry: clineRegistry,
  denyResponse: 'override_or_cancel_returned',
  nameEvent,
  toControlEvent,
  render,
  // fail closed before the payload could be read: the cancel, which stops any tool (and the run)
  renderUnidentifiedDeny: (message) => json({ cancel: true, errorMessage: message }),
});
