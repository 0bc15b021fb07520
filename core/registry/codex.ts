/**
 * Codex CLI 0.171.0 (verified in ../shared/hosts/codex.md §8): the hook sees exec_command
 * as `Bash` {command}, apply_patch as `apply_patch` {command: <patch envelope>},
 * spawn_agent {message}, and wait_agent as `multi_agent_v1wait_agent` {targets, timeout_ms}.
 * write_stdin has no hook at all.
 */
import type { PathResolver } from '../path-resolve';
import { mcpDoubleUnderscorePatterns } from './claude';
import type { EventEntry, HostRegistry, InstallSpec, ToolEntry } from './types';
import { eventRow, toolRow, type EventColumns } from './rows';

const t = toolRow;

/** Codex gives a command hook 600 s when it sets no timeout... */
const ev = (native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, cols: EventColumns = {}, note?: string): EventEntry =>
  eventRow(native, canonical, control, blockable, { hostTimeout: { defaultSec: 600 }, ...cols }, note);
/** ...but 1 s on SessionEnd and Interrupt, and clamps a configured one to at most 3 s. */
const SHORT = { defaultSec: 1, minSec: 0, maxSec: 3 };

/** stopline's handler on Codex: no matcher (an omitted one matches every tool and keeps the trust hash simple), 10 s. */
const hook = (spec: Partial<InstallSpec> = {}): InstallSpec => ({ timeoutSec: 10, failClosed: false, ...spec });

/**
 * apply_patch headers and exec_command workdir (docs/hosts/codex.md): absolute as given, else
 * joined with the turn cwd; `~/x` (seen on the real 0.171.0: the folder `~` in the project),
 * `@` and URL forms are plain names.
 */
const CODEX_PATHS: PathResolver = { steps: ['literal'] };

/**
 * The event rows on their own, so a module that needs only the events (the person's-hooks
 * dialects) does not bundle the tool table.
 */
export const codexEvents: EventEntry[] = [
  // registered by dist/codex/hooks.json and `stopline install codex` (the eight issue-5 events;
  // the observe-only ones only where the person's hooks or requested evidence need them)
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: the active contract'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block', 'notice'], matcherIgnored: true }, "arms or changes the contract; a child agent's first prompt (agent_id set) is the parent's spawn message, never the person"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['context', 'block'] }, 'deny: the exact hookSpecificOutput deny (no extra field) + the stamp on stderr + exit 2; there is no ask'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook({ observeOnly: true }), outputs: ['context', 'feedback'] }, 'after-tool evidence and the person\'s tool:after hooks; registered only where those are wanted (the WATCH note already reaches the model at PreToolUse)'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "context: the root contract, delivered to the child's first request (verified)"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook({ observeOnly: true }), outputs: ['block'] }, 'registered only for the person\'s subagent:end hooks'),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook({ observeOnly: true }), outputs: ['block'], matcherIgnored: true }, 'stopline never blocks it (a block keeps the turn going); registered only for the person\'s turn:stop hooks'),
  // SessionEnd has no output schema at all in 0.171.0; writing 3 s keeps written and effective timeout equal
  ev('SessionEnd', 'session:end', 'session.end', false, { install: hook({ timeoutSec: 3 }), outputs: ['silent'], hostTimeout: SHORT }, 'cleanup; Codex clamps its timeout to 3 s'),
  // mapped, not registered
  ev('PermissionRequest', null, null, false, {}, 'unreachable from codex exec (approval policy never); PreToolUse has already decided'),
  ev('PreCompact', 'compact:before', null, false),
  ev('PostCompact', null, null, false),
  ev('Interrupt', null, null, false, { matcherIgnored: true, hostTimeout: SHORT }, 'SIGINT during a turn; SessionEnd follows'),
];

export const codexRegistry: HostRegistry = {
  family: 'codex',
  displayName: 'Codex CLI',
  verifiedVersion: '0.171.0',
  events: codexEvents,
  tools: [
    t('Bash', 'shell', { canonical: 'Bash', commandField: 'command', note: 'exec_command as the hook sees it; workdir is not in the hook input' }),
    t('apply_patch', 'apply-patch', { canonical: 'Edit', patchField: 'command', pathResolver: CODEX_PATHS, note: 'the whole patch envelope arrives in tool_input.command' }),
    t('spawn_agent', 'delegate', { canonical: 'Task', note: 'one child agent per call; its tool calls go through the same hooks (verified)' }),
    t('multi_agent_v1spawn_agent', 'delegate', { canonical: 'Task', note: 'namespaced spelling (unverified; wait_agent arrives namespaced)' }),
    t('multi_agent_v1wait_agent', 'control', { note: 'waits for child agents (name as the hook spells it)' }),
    t('wait_agent', 'control'),
    t('multi_agent_v1send_input', 'control', { note: 'sends a message to a running child (unverified name)' }),
    t('send_input', 'control'),
    t('multi_agent_v1close_agent', 'control'),
    t('close_agent', 'control'),
    t('update_plan', 'control', { canonical: 'TodoWrite' }),
    t('request_user_input', 'control', { canonical: 'AskUserQuestion' }),
    t('view_image', 'read', { canonical: 'Read' }),
    t('web_search', 'read', { canonical: 'WebSearch' }),
    t('tool_search', 'control'),
    t('get_goal', 'control'),
    t('create_goal', 'control'),
    t('update_goal', 'control'),
    t('exec_command', 'shell', { canonical: 'Bash', commandField: 'cmd', workdirField: 'workdir', pathResolver: CODEX_PATHS, note: 'model-side name; 0.171.0 hooks report it as Bash' }),
    t('shell_command', 'shell', { canonical: 'Bash', commandField: 'command', note: 'older tool name (unsupported call in 0.171.0)' }),
    t('write_stdin', 'unknown', { note: 'keystrokes into a running process; 0.171.0 fires no hook for it' }),
  ],
  toolPatterns: [
    { namePattern: '^(?:multi_agent_v1)?(?:list_agents|resume_agent)$', kind: 'control', note: 'child-agent bookkeeping' },
    ...mcpDoubleUnderscorePatterns().map((p) => ({ ...p, note: `${p.note ?? ''} (MCP naming on Codex not exercised in 0.171.0)` })),
  ],
  deny: 'codex-hso-deny+exit2',
  ask: 'deny',
  context: 'hookSpecificOutput.additionalContext (SessionStart, UserPromptSubmit, PostToolUse; plain stdout also works on SessionStart/UserPromptSubmit), delivered as a developer message',
  unsupported: [{ canonical: 'notice', why: 'Codex 0.171.0 has no Notification event; unknown event keys are ignored without a warning' }],
  blindSpots: [
    'write_stdin (keystrokes into a running exec_command session) fires no PreToolUse: `bash`/`python` started with a TTY and driven by write_stdin writes unseen, so interactive programs are classified unknown.',
    'PreToolUse cannot ask a person: permissionDecision "ask" is ignored and the tool runs, so ask is rendered as deny.',
    'Untrusted hooks are skipped silently; a hook command that cannot find its script exits non-zero and Codex runs the tool (fail open).',
    'exec_command `apply_patch <<EOF` heredocs write files through Bash (the shell analysis parses such heredocs) and fire no PostToolUse.',
    'The hook input carries only the command string, not exec_command workdir: relative targets are placed against the session cwd.',
  ],
};
