/**
 * OpenHands CLI's event rows, in a module of their own like the other hook-file hosts' (an
 * artifact that runs the person's hooks bundles the event rows without the host's tool table;
 * openhands.ts re-exports them in its registry).
 */
import type { EventEntry, HookFileSpec, PayloadField, PayloadFields } from './types';
import { commandHook, timedEventRow } from './rows';
import { opt, or } from './hook-payloads';

/** OpenHands gives a command hook 60 s when it sets no timeout (HookDefinition.timeout, seconds). */
const ev = timedEventRow({ defaultSec: 60 });

/**
 * stopline's handler on OpenHands: no matcher (OpenHands reads none as `*`, every tool), 10 s. A timeout, a crash, a missing command
 * or any exit but 0 and 2 lets the tool run; only stopline's own fail mode can close.
 */
const hook = commandHook;

export const openhandsEvents: EventEntry[] = [
  // registered by `stopline install openhands` (.openhands/hooks.json)
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['silent'] }, 'its additionalContext never reaches the model (seen on 1.16.0)'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['block'] }, 'the task in `message`; arms or changes the contract. A top-level decision "deny" (or exit 2) refuses the message; additionalContext never reaches the model, so the contract is told only in a deny reason'),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: { why: 'OpenHands 1.16.0 runs the action the model sent: a hook answer can only block it (no field of the answer changes the action)' } }, 'deny: top-level {"decision":"deny","reason"} with the stamp on stderr and exit 2; the model reads "Action rejected: <reason>". The Claude hookSpecificOutput deny is not read and the tool runs; there is no ask'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook(), outputs: ['silent'] }, 'evidence only: nothing a hook answers here reaches the model'),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block'] }, 'metadata.reason "agent_finished"; a deny keeps the agent going, which stopline never answers'),
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'cleanup'),
];

/** OpenHands sends every field of its HookEvent: one the event does not have is null. */
const NONE: PayloadField = { value: null };
const openhandsTool: PayloadFields = { tool_name: or('toolName', null), tool_input: or('toolInput', null) };

/**
 * The person's OpenHands hooks (1.16.0): the project's .openhands/hooks.json, else the user's (only
 * the first that exists is read); the event map is the file itself or its `hooks`, each name in
 * PascalCase or snake_case. One unknown event, one event written twice or one broken hook and
 * OpenHands loads none of the file. Matchers compare only tool names; `command` hooks only; the
 * payload is its HookEvent with every field, and four variables beside it.
 */
export const openhandsHookFile: HookFileSpec = {
  files: [
    { at: 'project', dir: '.openhands', path: 'hooks.json', scope: 'project', bare: 'without-hooks-key', firstFound: true },
    { at: 'user', dir: '.openhands', path: 'hooks.json', scope: 'user', bare: 'without-hooks-key', firstFound: true },
  ],
  format: 'json',
  events: openhandsEvents,
  snakeCaseToo: true,
  entry: 'groups',
  strictFile: true,
  matcher: 'slashed-regex-or-name',
  matcherOnTools: 'never-runs',
  timeoutUnit: 'sec',
  handler: { failure: 'onError', shell: 'sh', notRun: ['async'], noHttp: true },
  payload: {
    all: { event_type: 'hostEventName', tool_name: NONE, tool_input: NONE, tool_response: NONE, message: NONE, session_id: 'sessionId', working_dir: 'cwd', metadata: { fields: {} } },
    events: {
      'tool:before': openhandsTool,
      'tool:after': { ...openhandsTool, tool_response: or('toolResponseObject', null) },
      'prompt:submit': { message: or('prompt', '') },
      'turn:stop': { metadata: { fields: { reason: { value: 'agent_finished' } } } },
      'session:end': { metadata: { fields: { reason: opt('reason') } } },
    },
  },
  vars: {
    all: { OPENHANDS_PROJECT_DIR: 'projectDir', OPENHANDS_SESSION_ID: 'sessionId', OPENHANDS_EVENT_TYPE: 'hostEventName' },
    events: { 'tool:before': { OPENHANDS_TOOL_NAME: 'toolName' }, 'tool:after': { OPENHANDS_TOOL_NAME: 'toolName' } },
  },
  answer: 'decision-any-case',
};
