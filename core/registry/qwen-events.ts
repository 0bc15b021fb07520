/**
 * Qwen Code's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (qwen.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec } from './types';
import { HOOK_CONTRACT_PAYLOAD } from './hook-payloads';
import { commandHook, timedEventRow } from './rows';

/** Qwen gives a command hook 60 s when it sets no timeout (seconds; a value of 1000 or more is read as milliseconds). */
const ev = timedEventRow({ defaultSec: 60 });

/** stopline's handler on Qwen: 10 s; a timeout, a crash or any exit but 0 and 2 lets the tool run. */
const hook = commandHook;

export const qwenEvents: EventEntry[] = [
  // registered by dist/qwen/hooks/hooks.json and `stopline install qwen`
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context goes into the system message (startup, resume)'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block', 'notice'] }, 'fires before every model request; only the one with submitted_prompt is the person (the others, prompt "", are ignored); inside a subagent (agent_id) never the person'),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: { why: 'Qwen Code 0.24.4 runs the model\'s own command: it ignores a PreToolUse updatedInput, and PermissionRequest (whose decision may carry one) never fired in a headless run: yolo runs the shell without a dialog, default, auto-edit and plan refuse it before any hook' } }, 'deny: hookSpecificOutput permissionDecision "deny", exit 0 (an exit-2 deny has no permissionDecision, so any other hook\'s "allow" would cancel it); a LATER hook that answers permissionDecision "allow" cancels this one too, so stopline never answers allow; additionalContext is not sent here; "ask" is a deny headless'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook(), outputs: ['context'] }, 'evidence, context appended to the tool result; a deny here is ignored'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "Qwen keeps the context as the subagent's hook_context, which only a subagent whose prompt template names it shows the model: the built-in general-purpose subagent in a headless run never sees it (0.24.4)"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook(), outputs: ['block'] }),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block'] }, 'stopline never blocks it (a block keeps the turn going)'),
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'interactive exit, /clear and ACP only: a headless run never fires it'),
  // mapped, not registered
  ev('PostToolUseFailure', 'tool:after', 'action.after', false, { outputs: ['context'] }, "Qwen's second spelling of tool:after (the tool failed)"),
  ev('Notification', 'notice', null, false),
  ev('PreCompact', 'compact:before', null, false),
  ev('PostCompact', null, null, false),
  ev('PostToolBatch', null, null, false),
  ev('UserPromptExpansion', null, null, false),
  ev('MessageDisplay', null, null, false),
  ev('SessionDelete', null, null, false),
  ev('PermissionRequest', null, null, false, {}, 'no dialog headless; PreToolUse has already decided'),
  ev('PermissionDenied', null, null, false),
  ev('StopFailure', null, null, false),
  ev('TodoCreated', null, null, false),
  ev('TodoCompleted', null, null, false),
  ev('InstructionsLoaded', null, null, false),
];

/**
 * The person's Qwen Code hooks (0.24.4): the project's .qwen/settings.json, then the user's (QWEN_HOME
 * moves it): Qwen runs project hooks first. `disableAllHooks` as in Claude; a timeout of 1000 or
 * more is milliseconds; hooks run by `bash -c`; Claude's payload.
 */
export const qwenHookFile: HookFileSpec = {
  files: [
    { at: 'project', dir: '.qwen', path: 'settings.json', scope: 'project' },
    { at: 'user', env: 'QWEN_HOME', dir: '.qwen', path: 'settings.json', scope: 'user' },
  ],
  format: 'json',
  events: qwenEvents,
  entry: 'groups',
  switches: [{ path: ['disableAllHooks'], offWhen: true, reach: 'host' }],
  matcher: 'names-then-regex',
  timeoutUnit: 'sec-or-ms',
  handler: { shell: 'bash', shellKey: true, env: true, notRun: ['if', 'async'] },
  payload: HOOK_CONTRACT_PAYLOAD,
  answer: 'stderr-on-2-else-json',
};
