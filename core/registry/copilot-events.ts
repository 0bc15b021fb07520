/**
 * GitHub Copilot CLI's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (copilot.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec, PayloadFields } from './types';
import { commandHook, timedEventRow } from './rows';
import { HOOK_CONTRACT_PAYLOAD, opt, or } from './hook-payloads';

/**
 * Copilot gives a command hook 30 s when it sets none, and lets the tool run when the hook
 * outlives it. Every mapped row is also a door of `stopline guard --host copilot` and `listen`,
 * for a payload that names its event in hook_event_name (the plugin form does; a camelCase
 * hook file passes the event as an argument instead).
 */
const ev = timedEventRow({ defaultSec: 30 });

/** stopline's handler on Copilot: no matcher (every tool), 10 s like the other command-hook hosts. */
const hook = commandHook;

export const copilotEvents: EventEntry[] = [
  // registered by dist/copilot/hooks.json and `stopline install copilot`
  ev('sessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: the active contract, as a user message before the prompt (verified); source new|resume'),
  ev('userPromptSubmitted', 'prompt:submit', 'prompt.submit', false, { install: hook(), outputs: ['context'] }, "arms or changes the contract; additionalContext is appended to the prompt in a <system_reminder> (verified). A subagent's prompt (agentId set) is its task, never the person. No block form was seen, so a hook's deny here is context"),
  ev('preToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['context', 'block'], rewrite: 'modified-args' }, 'rewrite: {"permissionDecision":"allow","modifiedArgs"} runs the new command (verified on 1.0.102; without the allow the host path check asks about the system folders a sandbox wrapper names, and unattended it refuses). deny: {"permissionDecision":"deny","permissionDecisionReason":stamp} on stdout, exit 0 (the flat form; a camelCase file ignores hookSpecificOutput, so both are written). The model reads "Denied by preToolUse hook: <stamp>"'),
  ev('postToolUse', 'tool:after', 'action.after', false, { install: hook(), outputs: ['context'] }, 'evidence; additionalContext is appended to the tool result (verified). Not fired for a denied call'),
  ev('subagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "the parent's sessionId with the child's agentId; additionalContext reaches the sub-agent's first request (verified): the root contract"),
  ev('subagentStop', 'subagent:end', 'subagent.stop', false, { install: hook(), outputs: ['silent'] }),
  ev('agentStop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block'] }, '{"decision":"block","reason"} keeps the turn going (verified); stopline itself never blocks it'),
  ev('sessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'cleanup; reason complete|error'),
  // mapped, not registered
  ev('postToolUseFailure', 'tool:after', 'action.after', false, { outputs: ['context'] }, "Copilot's second spelling of tool:after (the tool failed)"),
  ev('userPromptTransformed', null, null, false, {}, 'the prompt after Copilot rewrote it; userPromptSubmitted already carried what the person typed'),
  ev('permissionRequest', null, null, false, {}, "Copilot's own permission step; preToolUse has already decided"),
  ev('preMcpToolCall', null, null, false, {}, 'before an MCP tool; preToolUse fires for it too'),
  ev('errorOccurred', null, null, false),
  ev('preCompact', 'compact:before', null, false),
  ev('notification', 'notice', null, false),
];

/**
 * Claude's PascalCase keys, which a Copilot hook file may use instead (read in the 1.0.102
 * settings schema; each fired in the capture except where docs/hosts/copilot.md says not): the
 * file's entries are then Claude's nested groups and its payloads Claude's snake_case shape.
 * @keep COPILOT_CLAUDE_SPELLINGS Copilot's Claude-style event spellings: the tests hold each against the
 *   registry's event rows
 */
export const COPILOT_CLAUDE_SPELLINGS: Readonly<Record<string, string>> = {
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  UserPromptSubmit: 'userPromptSubmitted',
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  PostToolUseFailure: 'postToolUseFailure',
  PermissionRequest: 'permissionRequest',
  Stop: 'agentStop',
  SubagentStart: 'subagentStart',
  SubagentStop: 'subagentStop',
  ErrorOccurred: 'errorOccurred',
  PreCompact: 'preCompact',
  Notification: 'notification',
  PreMcpToolCall: 'preMcpToolCall',
};

/** A tool event's fields in Copilot's camelCase payload. */
const copilotTool: PayloadFields = { toolName: or('toolName', ''), toolArgs: or('toolInput', {}) };

/**
 * The person's Copilot hooks (1.0.102): every *.json of the hooks folder in COPILOT_HOME (else
 * ~/.copilot), then its settings.json; a project's .github/hooks is left out (Copilot runs it only
 * in a folder the person trusted). `disableAllHooks` turns one file off. A camelCase key holds flat
 * handlers and gets Copilot's camelCase payload; Claude's PascalCase keys hold Claude's groups and
 * get Claude's payload. Hooks run by `/bin/bash --norc --noprofile -c`.
 */
export const copilotHookFile: HookFileSpec = {
  files: [
    { at: 'user', env: 'COPILOT_HOME', dir: '.copilot', path: 'hooks/*.json', scope: 'user' },
    { at: 'user', env: 'COPILOT_HOME', dir: '.copilot', path: 'settings.json', scope: 'settings' },
  ],
  format: 'json',
  events: copilotEvents,
  aliases: { names: COPILOT_CLAUDE_SPELLINGS, entry: 'groups', payload: HOOK_CONTRACT_PAYLOAD },
  entry: 'flat-handler',
  switches: [{ path: ['disableAllHooks'], offWhen: true, reach: 'file' }],
  matcher: 'full-regex',
  timeoutUnit: 'sec',
  handler: { shell: 'bash', args: true, env: true, cwd: true },
  payload: {
    all: { sessionId: 'sessionId', timestamp: 'nowMs', cwd: 'cwd', agentId: opt('agentId'), agentType: opt('agentType') },
    events: {
      'tool:before': copilotTool,
      'tool:after': { ...copilotTool, toolResult: or('toolResponse', null) },
      'prompt:submit': { prompt: or('prompt', '') },
      'session:start': { source: or('source', 'new') },
      'session:end': { reason: or('reason', 'complete') },
      'turn:stop': { stopReason: { value: 'end_turn' }, stop_hook_active: or('stopHookActive', false), transcriptPath: opt('transcriptPath') },
      'subagent:start': { transcriptPath: opt('transcriptPath') },
      'subagent:end': { transcriptPath: opt('transcriptPath') },
      notice: { message: or('message', '') },
    },
  },
  answer: 'flat-permission-fail-closed',
};
