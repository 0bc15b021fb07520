/**
 * Claude Code's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (claude.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec } from './types';
import { commandHook, timedEventRow } from './rows';
import { HOOK_CONTRACT_PAYLOAD } from './hook-payloads';

/** Claude gives a command hook 600 s when it sets no timeout. */
const ev = timedEventRow({ defaultSec: 600 });

/**
 * stopline's handler on Claude: a hook that outlives its timeout is killed and, by default, the
 * action goes ahead, so timeouts are short (10 s).
 */
const hook = commandHook;

export const claudeEvents: EventEntry[] = [
  // registered by dist/claude/hooks/hooks.json and `stopline install claude` (nine events;
  // the observe-only ones only where the person's hooks or requested evidence need them)
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: the active contract (startup, resume, compact)'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook({ failClosed: true }), outputs: ['context', 'block', 'notice'] }, 'arms or changes the contract; `/stopline …` and `/stopline:stopline …` are rewritten to the directive. A `<task-notification>` prompt (a finished subagent\'s report, no agent_id) is synthetic, never the person'),
  ev('UserPromptExpansion', null, 'prompt.submit', true, { install: hook({ failClosed: true }), outputs: ['context', 'block', 'notice'] }, "only the plugin's own /stopline and /stopline:stopline commands arm (command_args become the directive), and only when the expanded prompt is not the typed command itself: for a typed /stopline… Claude fires UserPromptSubmit first with the same text and prompt_id. Every other expansion is ignored"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook({ matcher: '*', failClosed: true }), outputs: ['context', 'block'], rewrite: 'updated-input' }, 'rewrite: hookSpecificOutput.updatedInput (the whole tool input, the command replaced; no permissionDecision, so Claude\'s own permission rules still apply) runs the new command, from the command hook and from the mod\'s classic.PreToolUse result alike (verified on 2.1.332). deny: hookSpecificOutput permissionDecision "deny", exit 0 (verified). ask: permissionDecision "ask" only when CLAUDE_CODE_SESSION_ATTENDED=1; in -p runs a hook ask is denied (plain -p) or handed to the SDK permission callback (--permission-prompt-tool stdio), which approved it with no person in a 2.1.332 run, so the core renders ask as deny there'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook({ matcher: '*', observeOnly: true }), outputs: ['context', 'feedback'] }, 'after-tool evidence and the person\'s tool:after hooks; registered only where those are wanted (the WATCH note already reaches the model at PreToolUse)'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "context: the root contract, delivered to the child's first request (verified)"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook({ observeOnly: true }), outputs: ['context', 'block'] }, 'compaction also fires it with agent_type ""; registered only for the person\'s subagent:end hooks'),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['context', 'block', 'notice'] }, 'the per-session check: the transcript\'s tool calls against the ones the guard saw; a missed call is told to the person (systemMessage) and, once per stop, to the model (additionalContext, which keeps the turn going like a block; stop_hook_active is then true). stopline never blocks it'),
  // without a timeout Claude cancels a SessionEnd hook after ~1.5 s
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), hostTimeout: { defaultSec: 1.5 } }, 'cleanup; registered with the 10 s of every row (without a timeout Claude cancels it after ~1.5 s)'),
  // mapped, not registered
  ev('PostToolUseFailure', 'tool:after', 'action.after', false, { outputs: ['context', 'feedback'] }, "Claude's second spelling of tool:after (the tool failed)"),
  ev('Notification', 'notice', null, false),
  ev('PreCompact', 'compact:before', null, false),
  ev('PostCompact', null, null, false),
  ev('PostToolBatch', null, null, false),
  ev('PermissionRequest', null, null, false, {}, "Claude's own permission prompt; PreToolUse has already decided. A person's PermissionRequest hook that answers allow also approves a stopline ask in an attended session"),
  ev('PermissionDenied', null, null, false),
  ev('PreSkillShellCommand', null, null, false, {}, 'skill `!` shell lines: not a tool call, see blind spots'),
  ...['StopFailure', 'PreModelSwitch', 'PostModelSwitch', 'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'Elicitation', 'ElicitationResult', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove', 'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded', 'MessageDisplay'].map((n) =>
    ev(n, null, null, false),
  ),
];

/**
 * The person's Claude Code hooks: settings.json of the user folder (CLAUDE_CONFIG_DIR moves it),
 * then the project's settings.json and settings.local.json; `disableAllHooks` in the last file
 * that sets it turns them all off. Matchers are literal names; `onFailure: block` makes a failed
 * hook deny; http hooks expand only the variables they list in allowedEnvVars.
 */
export const claudeHookFile: HookFileSpec = {
  files: [
    { at: 'user', env: 'CLAUDE_CONFIG_DIR', dir: '.claude', path: 'settings.json', scope: 'user' },
    { at: 'project', dir: '.claude', path: 'settings.json', scope: 'project' },
    { at: 'project', dir: '.claude', path: 'settings.local.json', scope: 'local' },
  ],
  format: 'json',
  fileNames: ['settings*.json'],
  events: claudeEvents,
  entry: 'groups',
  switches: [{ path: ['disableAllHooks'], offWhen: true, reach: 'host' }],
  matcher: 'literal-list',
  timeoutUnit: 'sec',
  handler: { failure: 'onFailure', shell: 'sh', shellKey: true, args: true, notRun: ['if', 'async'], httpEnvListed: true },
  payload: HOOK_CONTRACT_PAYLOAD,
  answer: 'exit-code-and-json',
};
