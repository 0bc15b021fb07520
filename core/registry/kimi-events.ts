/**
 * Kimi Code's event rows, in a module of their own like every command-hook host's, so a tool
 * table is never bundled where only the events are read (kimi.ts re-exports them).
 *
 * Kimi reads one answer on every event: `hookSpecificOutput.permissionDecision` "deny" with its
 * reason (or exit 2 with the reason on stderr). Nothing a hook prints reaches the model as
 * context, and no event takes a rewritten input (docs/hosts/kimi.md).
 */
import type { EventEntry, HookFileSpec, PayloadFields } from './types';
import { commandHook, timedEventRow } from './rows';
import { opt, or } from './hook-payloads';

/** Kimi gives a hook 30 s when it sets none and clamps a set timeout to 1..600 s. */
const ev = timedEventRow({ defaultSec: 30, minSec: 1, maxSec: 600 });

/** stopline's handler on Kimi: no matcher (every tool), 10 s; a hook that outlives it lets the tool run. */
const hook = commandHook;

export const kimiEvents: EventEntry[] = [
  // registered by dist/kimi/hooks.toml and `stopline install kimi`
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['silent'] }, 'awaited, its answer ignored: the contract cannot be shown to the model here. Closes any subagent bracket a crash left open'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['block'] }, "arms or changes the contract. A block ends the turn before the model and prints the reason as the assistant's text. A subagent's task and Kimi's own follow-ups to a child arrive here too, on the parent's session: inside a SubagentStart … SubagentStop bracket a prompt is never the person"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: { why: 'Kimi reads only the deny of a hook answer: an updatedInput is ignored and the model\'s command runs (docs/hosts/kimi.md), so a confined command is denied instead' } }, 'deny: hookSpecificOutput permissionDecision "deny", exit 0 (verified); the model reads "<system>ERROR: <stamp></system>" as the tool result. No ask: an ask is a deny whose reason says so'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook({ observeOnly: true }), outputs: ['silent'] }, 'fire and forget: after-tool evidence only, registered where it is asked for'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['silent'] }, "opens the bracket of an Agent child, which runs on the parent's session id with the parent's hooks; its answer is ignored"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook(), outputs: ['silent'] }, 'closes the bracket'),
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'cleanup'),
  // mapped, not registered
  ev('PostToolUseFailure', 'tool:after', 'action.after', false, { outputs: ['silent'] }, "Kimi's second spelling of tool:after (the tool failed)"),
  ev('Stop', 'turn:stop', 'turn.stop', true, { outputs: ['block'] }, 'a deny runs one more turn with the reason as a user message (once); stopline never blocks it and compares no call record, so it is not registered'),
  ev('Notification', 'notice', null, false),
  ev('PreCompact', 'compact:before', null, false),
  ev('PostCompact', null, null, false),
  ev('StopFailure', null, null, false),
];

/** A tool event's fields on Kimi. */
const kimiTool: PayloadFields = { tool_name: or('toolName', ''), tool_input: or('toolInput', {}), tool_call_id: or('toolUseId', '') };

/**
 * The person's Kimi Code hooks (1.51.0): the `[[hooks]]` tables of config.toml in KIMI_SHARE_DIR
 * (else ~/.kimi); there is no project file. Each table: `event`, `command`, `matcher` (an
 * unanchored regex; on UserPromptSubmit compared with the prompt), `timeout`; run by `sh -c`.
 * The payload is Claude-like without transcript path or permission mode; a tool's result is
 * `tool_output` text cut at 2000 characters, a failed tool's `error`.
 */
export const kimiHookFile: HookFileSpec = {
  files: [{ at: 'user', env: 'KIMI_SHARE_DIR', dir: '.kimi', path: 'config.toml', scope: 'user' }],
  format: 'toml',
  events: kimiEvents,
  tableList: { eventKey: 'event', matcherKey: 'matcher', promptMatcher: ['prompt:submit'] },
  entry: 'groups',
  matcher: 'search-regex',
  timeoutUnit: 'sec',
  handler: { shell: 'sh' },
  payload: {
    all: { hook_event_name: 'eventName', session_id: 'sessionId', cwd: 'cwd' },
    events: {
      'tool:before': kimiTool,
      'tool:after': { ...kimiTool, tool_output: { from: 'toolResponseText', max: 2000 } },
      'prompt:submit': { prompt: or('prompt', '') },
      'session:start': { source: or('source', 'startup') },
      'session:end': { reason: or('reason', 'other') },
      'turn:stop': { stop_hook_active: or('stopHookActive', false) },
      'subagent:start': { agent_name: or('agentType', '') },
      'subagent:end': { agent_name: or('agentType', '') },
    },
    spelling: {
      PostToolUseFailure: { ...kimiTool, error: 'toolResponseText' },
    },
  },
  answer: 'deny-only',
};
