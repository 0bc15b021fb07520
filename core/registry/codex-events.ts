/**
 * Codex CLI's event rows, in a module of their own: the person's-hooks dialects (core/hooks/dialects.ts)
 * read every host's event names, and an artifact that runs the person's hooks bundles this file
 * without the host's tool table (codex.ts, which re-exports these rows in its registry).
 */
import type { EventEntry, HookFileSpec } from './types';
import { commandHook, timedEventRow } from './rows';
import { HOOK_CONTRACT_PAYLOAD } from './hook-payloads';

/** Codex gives a command hook 600 s when it sets no timeout... */
const ev = timedEventRow({ defaultSec: 600 });

/** ...but 1 s on SessionEnd and Interrupt, and clamps a configured one to at most 3 s. */
const SHORT = { defaultSec: 1, minSec: 0, maxSec: 3 };

/** stopline's handler on Codex: no matcher (an omitted one matches every tool and keeps the trust hash simple), 10 s. */
const hook = commandHook;

export const codexEvents: EventEntry[] = [
  // registered by dist/codex/hooks.json and `stopline install codex` (eight events;
  // the observe-only ones only where the person's hooks or requested evidence need them)
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: the active contract'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block', 'notice'], matcherIgnored: true }, "arms or changes the contract; a child agent's first prompt (agent_id set) is the parent's spawn message, never the person"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['context', 'block'], rewrite: 'updated-input-allow' }, 'rewrite: hookSpecificOutput.updatedInput runs the new command only with permissionDecision "allow" beside it (verified on 0.171.0: without it the model\'s command ran). deny: the exact hookSpecificOutput deny (no extra field) + the stamp on stderr + exit 2; there is no ask'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook({ observeOnly: true }), outputs: ['context', 'feedback'] }, 'after-tool evidence and the person\'s tool:after hooks; registered only where those are wanted (the WATCH note already reaches the model at PreToolUse)'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "context: the root contract, delivered to the child's first request (verified)"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook({ observeOnly: true }), outputs: ['block'] }, 'registered only for the person\'s subagent:end hooks'),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook(), outputs: ['block', 'notice'], matcherIgnored: true }, 'the per-session check: the rollout\'s tool calls against the ones the guard saw; a missed call is told to the person (systemMessage: a warning entry of the hook run) and, once per stop, to the model (a block reason, the only text Stop hands the model: the turn goes on, stop_hook_active is then true)'),
  // SessionEnd has no output schema at all in 0.171.0; writing 3 s keeps written and effective timeout equal
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook({ timeoutSec: 3 }), outputs: ['silent'], hostTimeout: SHORT }, 'cleanup; Codex clamps its timeout to 3 s'),
  // mapped, not registered
  ev('PermissionRequest', null, null, false, {}, 'unreachable from codex exec (approval policy never); PreToolUse has already decided'),
  ev('PreCompact', 'compact:before', null, false),
  ev('PostCompact', null, null, false),
  ev('Interrupt', null, null, false, { matcherIgnored: true, hostTimeout: SHORT }, 'SIGINT during a turn; SessionEnd follows'),
];

/**
 * The person's Codex hooks: hooks.json of the Codex folder (CODEX_HOME moves it), Claude's
 * contract run by `bash -c`; a matcher of only `[A-Za-z0-9_|]` is a name list, else a regex
 * (Codex 0.171.0). A failed hook lets the tool run.
 */
export const codexHookFile: HookFileSpec = {
  files: [{ at: 'user', env: 'CODEX_HOME', dir: '.codex', path: 'hooks.json', scope: 'user' }],
  format: 'json',
  fileNames: ['hooks.json'],
  events: codexEvents,
  entry: 'groups',
  matcher: 'name-list-else-regex',
  timeoutUnit: 'sec',
  handler: { shell: 'bash', notRun: ['if', 'async'] },
  payload: HOOK_CONTRACT_PAYLOAD,
  answer: 'exit-code-and-json',
};
