/**
 * Factory Droid's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (droid.ts, which re-exports these rows in its registry).
 */
import { HOOK_CONTRACT_PAYLOAD } from './hook-payloads';
import type { EventEntry, HookFileSpec } from './types';
import { commandHook, timedEventRow } from './rows';

/**
 * Droid gives a command hook 60 s when it sets none and lets the tool run when the hook outlives
 * it. Every mapped row is also a door of `stopline guard --host droid` and `listen`.
 */
const ev = timedEventRow({ defaultSec: 60 });

/** stopline's handler on Droid: no matcher (every tool), 10 s. */
const hook = commandHook;

export const droidEvents: EventEntry[] = [
  // registered by dist/droid/hooks/hooks.json and `stopline install droid`
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, "context: the active contract, a user message before the prompt (verified). A Task sub-agent's SessionStart names its parent in calling_session_id: it is read as subagent:start, and the link is recorded for the child's later events"),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block'] }, "arms or changes the contract; {\"continue\":false,\"stopReason\"} refuses the prompt (verified: no model request, exit 1). Fired by the session worker (the interactive CLI, `droid exec -o stream-jsonrpc`, a sub-agent's task), never by plain `droid exec` text/json runs or ACP (see blind spots)"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: 'updated-input' }, 'rewrite: hookSpecificOutput.updatedInput runs the new command, also without a permissionDecision (verified on 0.225.2). deny: hookSpecificOutput permissionDecision "deny", exit 0 (verified); the model reads "Error: <stamp>". Its additionalContext never reaches the model'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook(), outputs: ['context', 'feedback'] }, 'evidence; additionalContext becomes a user message after the tool result (verified). Not fired for a denied call'),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook(), outputs: ['silent'] }, "on the parent's session when a Task sub-agent ends; no child id"),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block'] }, '{"decision":"block","reason"} keeps the turn going (verified: it loops until the hook lets go); stopline itself never blocks it'),
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'cleanup'),
  // mapped, not registered
  ev('Notification', 'notice', null, false),
  ev('PreCompact', 'compact:before', null, false),
];

/**
 * The person's Droid hooks (0.225.2): in the user's .factory folder (FACTORY_HOME_OVERRIDE stands
 * for the home) and the project's, hooks.json (the event map itself, beside three switches) and
 * settings.json; within one folder an event in hooks.json replaces the same event of
 * settings.json. `hooksDisabled` turns a file off; `commandRegex` filters a group by the shell
 * command; hooks run by `sh -c` and get every top-level payload field as a variable too.
 */
export const droidHookFile: HookFileSpec = {
  files: [
    { at: 'user', env: 'FACTORY_HOME_OVERRIDE', dir: '', path: '.factory/hooks.json', scope: 'user', bare: true, overrides: true },
    { at: 'user', env: 'FACTORY_HOME_OVERRIDE', dir: '', path: '.factory/settings.json', scope: 'user-settings' },
    { at: 'project', dir: '.factory', path: 'hooks.json', scope: 'project', bare: true, overrides: true },
    { at: 'project', dir: '.factory', path: 'settings.json', scope: 'project-settings' },
  ],
  format: 'json',
  events: droidEvents,
  entry: 'groups',
  fileKeys: ['hooksDisabled', 'preserveRiskLevel', 'showHookOutput'],
  switches: [{ path: ['hooksDisabled'], offWhen: true, reach: 'file' }],
  matcher: 'full-regex',
  timeoutUnit: 'sec',
  handler: { shell: 'sh', commandFilter: 'commandRegex' },
  payload: HOOK_CONTRACT_PAYLOAD,
  payloadVars: true,
  answer: 'exit-code-and-json-permission-only',
};
