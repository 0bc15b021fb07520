/**
 * Gemini CLI's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (gemini.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec } from './types';
import { commandHook, timedEventRow } from './rows';
import { HOOK_CONTRACT_PAYLOAD } from './hook-payloads';

/** Gemini gives a command hook 60 s (60000 ms) when it sets no timeout. */
const ev = timedEventRow({ defaultSec: 60 });

/**
 * stopline's handler on Gemini: 10 s (the installer writes Gemini's milliseconds). A timeout,
 * a crash or exit 1 lets the tool run; only stopline's own fail mode can close.
 */
const hook = commandHook;

export const geminiEvents: EventEntry[] = [
  // registered by dist/gemini/hooks/hooks.json and `stopline install gemini`
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: prepended to the first prompt as <hook_context> (startup, resume)'),
  ev('BeforeAgent', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block', 'notice'] }, 'once per person prompt (never for a subagent); arms or changes the contract; context is an extra <hook_context> part after the prompt; decision "deny" drops the prompt'),
  ev('BeforeTool', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'], rewrite: 'tool-input' }, 'rewrite: hookSpecificOutput.tool_input runs the new command; the model reads that the input was modified (verified on 0.61.0). deny: top-level {"decision":"deny","reason"} (exit 2, the stamp on stderr too); the Claude hookSpecificOutput deny is ignored and the tool runs; additionalContext is dropped here; "ask" hangs a headless run, so there is no ask'),
  ev('AfterTool', 'tool:after', 'action.after', false, { install: hook(), outputs: ['context', 'feedback'] }, 'not sent for a denied call; context is appended to the tool output; a deny replaces the output with {"error"} (the tool already ran)'),
  ev('AfterAgent', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block'] }, 'stopline never blocks it (decision "deny" starts another turn)'),
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook(), outputs: ['silent'] }, 'cleanup (reason "exit")'),
  // mapped, not registered
  ev('PreCompress', 'compact:before', null, false, {}, 'fires before nearly every model request (each compression check)'),
  ev('Notification', 'notice', null, false, {}, 'only when a tool waits for an interactive confirmation'),
  ev('BeforeModel', null, null, false),
  ev('AfterModel', null, null, false),
  ev('BeforeToolSelection', null, null, false),
];

const { permission_mode: _noPermissionMode, ...geminiCommon } = HOOK_CONTRACT_PAYLOAD.all;

/**
 * The person's Gemini CLI hooks (0.61.0): `hooks` of .gemini/settings.json in the home
 * (GEMINI_CLI_HOME stands for it) and in the project; `hooksConfig.enabled: false` in the last
 * file that sets it turns them off. Timeouts are milliseconds; hooks run by `bash -c`; the
 * payload is Claude's without `permission_mode`, with Gemini's `timestamp`.
 */
export const geminiHookFile: HookFileSpec = {
  files: [
    { at: 'user', env: 'GEMINI_CLI_HOME', dir: '', path: '.gemini/settings.json', scope: 'user' },
    { at: 'project', dir: '.gemini', path: 'settings.json', scope: 'project' },
  ],
  format: 'json',
  events: geminiEvents,
  entry: 'groups',
  switches: [{ path: ['hooksConfig', 'enabled'], offWhen: false, reach: 'host' }],
  matcher: 'regex-else-name',
  timeoutUnit: 'ms',
  handler: { shell: 'bash', env: true, hostOnlyTypes: ['plugin', 'runtime', 'http'] },
  payload: { all: { ...geminiCommon, timestamp: 'nowIso' }, events: HOOK_CONTRACT_PAYLOAD.events },
  answer: 'json-any-exit-else-text',
};
