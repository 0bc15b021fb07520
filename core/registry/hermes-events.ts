/**
 * Hermes Agent's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (hermes.ts, which re-exports these rows in its registry).
 */
import { timedEventRow } from './rows';
import { opt, or } from './hook-payloads';
import type { EventEntry, HookFileSpec, PayloadField, PayloadFields } from './types';

/** Hermes shell hooks (`hooks:` in config.yaml) get 60 s when they set none, and 1 to 300 s when they do. */
const e = timedEventRow({ defaultSec: 60, minSec: 1, maxSec: 300 });

export const hermesEvents: EventEntry[] = [
  e('pre_llm_call', 'prompt:submit', 'prompt.submit', false, { plugin: true, outputs: ['context', 'notice'] }, 'once per user turn; {"context"} is appended to the user message; a prompt cannot be refused'),
  e('pre_tool_call', 'tool:before', 'action.before', true, { plugin: true, outputs: ['block'], rewrite: 'args-in-place' }, 'rewrite: the plugin shim changes the args dict Hermes hands the callback, the dict Hermes then runs the tool with (verified on v0.19.0); a shell hook has no way to (v0.19.0 reads only block). A confined command goes in as `sh <script in stopline\'s folder> <the model\'s command>`: Hermes\'s terminal tool runs its dangerous-command check on that line, and the sandbox wrapper\'s own text would send it to the approval prompt (docs/hosts/hermes.md). {"action":"block","message"} blocks; {"action":"approve"} goes to the human approval gate'),
  e('post_tool_call', 'tool:after', 'action.after', false, { plugin: true, outputs: ['silent'] }, 'also for blocked calls (status "blocked"); return value ignored'),
  e('on_session_start', 'session:start', 'session.start', false, { plugin: true, outputs: ['silent'] }, 'first turn of an agent (system prompt built fresh); return value ignored'),
  e('on_session_end', null, 'turn.stop', false, { plugin: true, outputs: ['silent'] }, 'fires at the end of every turn in v0.19.0, not at the end of a session'),
  e('on_session_finalize', 'session:end', 'session.end', false, { plugin: true, outputs: ['silent'] }, 'the real end of a session (exit, /new, gateway reset)'),
  e('subagent_start', 'subagent:start', 'subagent.start', false, { plugin: true, outputs: ['silent'] }, 'names parent and child session ids: the child is mapped to the root contract here'),
  e('subagent_stop', 'subagent:end', 'subagent.stop', false, { plugin: true, outputs: ['silent'] }),
  e('pre_verify', 'turn:stop', 'turn.stop', true, { plugin: true, outputs: ['block'] }, 'after a turn that edited files; {"action":"continue","message"} keeps the agent working (only the person\'s own turn:stop hooks ask for that)'),
  e('post_llm_call', null, null, false),
  e('transform_terminal_output', null, null, false, {}, 'a string return replaces terminal output'),
  e('transform_tool_result', null, null, false, {}, 'a string return replaces a tool result'),
  e('transform_llm_output', null, null, false),
  e('pre_api_request', null, null, false),
  e('post_api_request', null, null, false),
  e('api_request_error', null, null, false),
  e('on_session_reset', null, null, false, {}, 'gateway /new; on_session_finalize covers the end of the old session'),
  e('pre_gateway_dispatch', null, null, false, {}, 'gateway only, before auth; can skip or rewrite a message'),
  e('pre_approval_request', null, null, false),
  e('post_approval_response', null, null, false),
  e('kanban_task_claimed', null, null, false),
  e('kanban_task_completed', null, null, false),
  e('kanban_task_blocked', null, null, false),
];

/** Hermes puts every field of its own beyond the common five under `extra`. */
const hermesExtra = (own: PayloadFields): PayloadField => ({
  fields: {
    canonical_event: 'canonicalEvent',
    host: 'hostFamily',
    ...own,
    source: opt('source'),
    reason: opt('reason'),
    child_role: opt('agentType'),
    child_subagent_id: opt('agentId'),
    transcript_path: opt('transcriptPath'),
    permission_mode: opt('permissionMode'),
  },
});

const hermesToolExtra: PayloadFields = { canonical_tool_name: opt('canonicalToolName'), tool_call_id: opt('toolUseId') };

/**
 * The person's Hermes shell hooks (v0.19.0): the `hooks:` section of config.yaml in the Hermes
 * folder (HERMES_HOME moves it), a flat list of `{matcher, command, timeout, fail_closed}` per
 * event, run by `sh -c`. A matcher is a regex on the whole tool name and applies only to the
 * tool events; stdout is read whatever the exit code.
 */
export const hermesHookFile: HookFileSpec = {
  files: [{ at: 'user', env: 'HERMES_HOME', dir: '.hermes', path: 'config.yaml', scope: 'user' }],
  format: 'yaml',
  fileNames: ['*.yaml', '*.yml'],
  events: hermesEvents,
  entry: 'flat-command',
  matcher: 'full-regex',
  matcherOnTools: 'dropped',
  timeoutUnit: 'sec',
  handler: { shell: 'sh', failClosedKeys: ['fail_closed', 'failClosed'] },
  payload: {
    all: { hook_event_name: 'eventName', tool_name: { value: null }, tool_input: { value: null }, session_id: 'sessionId', cwd: 'cwd', extra: hermesExtra({}) },
    events: {
      'tool:before': { tool_name: or('toolName', ''), tool_input: or('toolInput', null), extra: hermesExtra(hermesToolExtra) },
      'tool:after': { tool_name: or('toolName', ''), tool_input: or('toolInput', null), extra: hermesExtra({ ...hermesToolExtra, result: or('toolResponse', null) }) },
      'prompt:submit': { extra: hermesExtra({ user_message: or('prompt', '') }) },
    },
  },
  answer: 'action-json',
};
