/**
 * Mistral Vibe's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (vibe.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec, PayloadFields } from './types';
import { commandHook, timedEventRow } from './rows';
import { opt, or } from './hook-payloads';

/** Vibe gives a hook 60 s when its `[[hooks]]` table sets no timeout, and kills the process tree after it. */
const ev = timedEventRow({ defaultSec: 60 });

/**
 * stopline's `[[hooks]]` table on Vibe: every tool (no match), 10 s. A crash, a timeout or stdout
 * that is not Vibe's schema lets the tool run unless the table says `strict = true`, which
 * `--fail closed` writes.
 */
const hook = commandHook;

export const vibeEvents: EventEntry[] = [
  // registered by `stopline install vibe` (hooks.toml)
  ev('pre_tool', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: 'snake-tool-input' }, 'deny: top-level {"decision":"deny","reason"} with exit 0; the model reads the reason verbatim (verified on 3.0.2). exit 2 and the Claude hookSpecificOutput deny let the tool run. rewrite: hook_specific_output.tool_input replaces the whole input, re-validated against the tool schema (verified). No prompt event exists: the person\'s prompt of the turn is read from the session journal here (docs/hosts/vibe.md)'),
  ev('post_tool', 'tool:after', 'action.after', false, { install: hook(), outputs: ['context', 'feedback'] }, 'only when the tool body ran (never for a denied call); hook_specific_output.additional_context is appended to the text the model reads'),
  ev('post_agent', 'turn:stop', 'turn.stop', true, { install: hook({ observeOnly: true }), outputs: ['block'] }, 'decision "deny" sends the reason as a new user message (at most 3 a turn); stopline itself never blocks it'),
];

/** A tool event's fields on Vibe. */
const vibeTool: PayloadFields = { tool_name: or('toolName', ''), tool_call_id: or('toolUseId', ''), tool_input: or('toolInput', {}) };

/**
 * The person's Mistral Vibe hooks (3.0.2): the `[[hooks]]` tables of hooks.toml in VIBE_HOME (else
 * ~/.vibe); a project's .vibe/hooks.toml is left out (Vibe runs it only in a folder the person
 * trusted). Each table: `name`, `type` (the event), `command`, `match` (a glob on the lowered tool
 * name), `timeout`, `strict` (a failure denies); run by `sh -c`; Vibe's snake_case payload.
 */
export const vibeHookFile: HookFileSpec = {
  files: [{ at: 'user', env: 'VIBE_HOME', dir: '.vibe', path: 'hooks.toml', scope: 'user' }],
  format: 'toml',
  fileNames: ['hooks.toml'],
  events: vibeEvents,
  tableList: { eventKey: 'type', matcherKey: 'match', failClosedKey: 'strict', ignoredKeys: ['name'] },
  entry: 'groups',
  matcher: 'glob-ignore-case',
  timeoutUnit: 'sec',
  handler: { shell: 'sh' },
  payload: {
    all: { hook_event_name: 'eventName', session_id: 'sessionId', parent_session_id: { value: null }, transcript_path: or('transcriptPath', ''), cwd: 'cwd' },
    events: {
      'tool:before': vibeTool,
      'tool:after': {
        ...vibeTool,
        tool_status: 'okStatus',
        tool_output: 'okResponse',
        tool_output_text: 'okResponseText',
        tool_error: 'failureText',
      },
    },
  },
  answer: 'exit-zero-json-strict',
};
