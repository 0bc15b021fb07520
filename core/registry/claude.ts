/**
 * Claude Code 2.1.332 (verified in ../shared/hosts/claude.md): tool table and host forms.
 * Tool inputs: Write {file_path, content}, Edit {file_path, old_string, new_string},
 * Bash {command}, Read {file_path}, Agent {description, prompt, subagent_type},
 * EnterWorktree {name}, ExitWorktree {action, discard_changes} (captured fixtures).
 */
import type { PathResolver } from '../path-resolve';
import type { EventEntry, HostRegistry, InstallSpec, ToolEntry, ToolPatternEntry } from './types';
import { eventRow, toolRow, type EventColumns } from './rows';

/** `_`-delimited verb segments in an MCP tool name, checked in this order. */
const EXEC_VERBS = 'run|execute|exec|eval|evaluate|invoke|shell|command|script|spawn|kill|start|stop|restart|terminate';
const WRITE_VERBS =
  'add|append|apply|archive|close|commit|copy|create|delete|deploy|drop|edit|insert|install|merge|move|patch|post|publish|push|put|remove|rename|replace|reset|save|send|set|submit|update|upload|upsert|write|modify|change|assign|approve|cancel|comment|fork|import|label|lock|mark|reply|resolve|schedule|transfer|unlock|enable|disable|grant|revoke|invite|rm|mv|cp|mkdir|touch|chmod';
const READ_VERBS = 'get|list|read|search|fetch|find|show|view|describe|inspect|status|lookup|count|diff|browse|ls|cat|grep|head|tail|stat|info|query_read|summarize|explain|preview|download_to_memory';

/**
 * Claude/Codex MCP tools are named `mcp__<server>__<tool>`. Conservative by name: a verb
 * that runs code is unknown, a verb that changes state is a write (targets from path-like
 * fields only), a verb that only reads is a read; every other MCP tool is unknown.
 */
export function mcpDoubleUnderscorePatterns(): ToolPatternEntry[] {
  const seg = (verbs: string) => `^mcp__.+__(?:[A-Za-z0-9-]+_)*(?:${verbs})(?:_[A-Za-z0-9_-]*)?$`;
  return [
    { namePattern: seg(EXEC_VERBS), kind: 'unknown', note: 'MCP tool whose name says it runs code or processes' },
    { namePattern: seg(WRITE_VERBS), kind: 'write', pathFields: ['path', 'file_path', 'filePath', 'filename', 'target', 'destination'], contentFields: ['content', 'text', 'new_text', 'newText'], note: 'MCP tool whose name says it changes state; targets only from path-like fields' },
    { namePattern: seg(READ_VERBS), kind: 'read', note: 'MCP tool whose name says it only reads' },
    { namePattern: '^mcp__', kind: 'unknown', note: 'MCP tool with no telling verb' },
  ];
}

const t = toolRow;

/** Claude gives a command hook 600 s when it sets no timeout. */
const ev = (native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, cols: EventColumns = {}, note?: string): EventEntry =>
  eventRow(native, canonical, control, blockable, { hostTimeout: { defaultSec: 600 }, ...cols }, note);

/**
 * stopline's handler on Claude: a hook that outlives its timeout is killed and, by default, the
 * action goes ahead, so timeouts are short (10 s).
 */
const hook = (spec: Partial<InstallSpec> = {}): InstallSpec => ({ timeoutSec: 10, failClosed: false, ...spec });

/**
 * file_path / notebook_path (docs/hosts/claude.md): trimmed, `~` and `~/` to the home, Git
 * Bash drive paths on Windows, then joined with the session cwd; other forms are names.
 * Claude puts the resolved absolute path into the hook input itself, so this mostly sees
 * absolute paths already.
 */
const CLAUDE_PATHS: PathResolver = { steps: ['trim', 'expand-home', 'msys-drive', 'literal'] };

/**
 * The event rows on their own, so a module that needs only the events (the person's-hooks
 * dialects) does not bundle the tool table.
 */
export const claudeEvents: EventEntry[] = [
  // registered by dist/claude/hooks/hooks.json and `stopline install claude` (the nine issue-5 events;
  // the observe-only ones only where the person's hooks or requested evidence need them)
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context: the active contract (startup, resume, compact)'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook({ failClosed: true }), outputs: ['context', 'block', 'notice'] }, 'arms or changes the contract; `/stopline …` and `/stopline:stopline …` are rewritten to the directive. A `<task-notification>` prompt (a finished subagent\'s report, no agent_id) is synthetic, never the person'),
  ev('UserPromptExpansion', null, 'prompt.submit', true, { install: hook({ failClosed: true }), outputs: ['context', 'block', 'notice'] }, "only the plugin's own /stopline and /stopline:stopline commands arm (command_args become the directive), and only when the expanded prompt is not the typed command itself: for a typed /stopline… Claude fires UserPromptSubmit first with the same text and prompt_id. Every other expansion is ignored"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook({ matcher: '*', failClosed: true }), outputs: ['context', 'block'] }, 'deny: hookSpecificOutput permissionDecision "deny", exit 0 (verified). ask: permissionDecision "ask" only when CLAUDE_CODE_SESSION_ATTENDED=1; in -p runs a hook ask is denied (plain -p) or handed to the SDK permission callback (--permission-prompt-tool stdio), which approved it with no person in a 2.1.332 run, so the core renders ask as deny there'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: hook({ matcher: '*', observeOnly: true }), outputs: ['context', 'feedback'] }, 'after-tool evidence and the person\'s tool:after hooks; registered only where those are wanted (the WATCH note already reaches the model at PreToolUse)'),
  ev('SubagentStart', 'subagent:start', 'subagent.start', false, { install: hook(), outputs: ['context'] }, "context: the root contract, delivered to the child's first request (verified)"),
  ev('SubagentStop', 'subagent:end', 'subagent.stop', false, { install: hook({ observeOnly: true }), outputs: ['context', 'block'] }, 'compaction also fires it with agent_type ""; registered only for the person\'s subagent:end hooks'),
  ev('Stop', 'turn:stop', 'turn.stop', true, { install: hook({ observeOnly: true }), outputs: ['context', 'block'] }, 'stopline never blocks it (a block keeps the turn going); registered only for the person\'s turn:stop hooks'),
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

export const claudeRegistry: HostRegistry = {
  family: 'claude',
  displayName: 'Claude Code',
  verifiedVersion: '2.1.332',
  events: claudeEvents,
  tools: [
    t('Write', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: CLAUDE_PATHS }),
    t('Edit', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_string'], pathResolver: CLAUDE_PATHS }),
    t('MultiEdit', 'multi-edit', { canonical: 'MultiEdit', pathFields: ['file_path'], pathResolver: CLAUDE_PATHS }),
    t('NotebookEdit', 'notebook-edit', { canonical: 'NotebookEdit', pathFields: ['notebook_path'], contentFields: ['new_source'], pathResolver: CLAUDE_PATHS }),
    t('Bash', 'shell', { canonical: 'Bash', commandField: 'command' }),
    t('PowerShell', 'powershell', { canonical: 'PowerShell', commandField: 'command' }),
    t('Monitor', 'monitor', { canonical: 'Monitor', commandField: 'command', note: 'a command source is a shell command; a WebSocket source only reads' }),
    t('Read', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: CLAUDE_PATHS }),
    t('NotebookRead', 'read', { canonical: 'Read', pathFields: ['notebook_path'], pathResolver: CLAUDE_PATHS }),
    t('Grep', 'read', { canonical: 'Grep' }),
    t('Glob', 'read', { canonical: 'Glob' }),
    t('LS', 'read', { canonical: 'LS' }),
    t('LSP', 'read', { canonical: 'LSP' }),
    t('WebFetch', 'read', { canonical: 'WebFetch' }),
    t('WebSearch', 'read', { canonical: 'WebSearch' }),
    t('BashOutput', 'read', { canonical: 'BashOutput', note: 'reads output of a background shell started by an earlier (analysed) Bash call' }),
    t('ListAgents', 'read'),
    t('ListMcpResourcesTool', 'read'),
    t('ReadMcpResourceTool', 'read'),
    t('Agent', 'delegate', { canonical: 'Task', note: 'one subagent per call; its own tool calls are hooked (verified)' }),
    t('Task', 'delegate', { canonical: 'Task', note: 'older name of the Agent tool' }),
    t('Workflow', 'delegate-unbounded', { canonical: 'Workflow', note: 'fans out subagents internally; the count cannot be known before it runs' }),
    t('EnterWorktree', 'write', { canonical: 'EnterWorktree', note: 'creates a git worktree (folder and branch); target not in the input' }),
    t('ExitWorktree', 'control', { canonical: 'ExitWorktree', kindBy: { field: 'action', cases: { remove: 'write', keep: 'control' }, otherwise: 'write' }, note: 'action "remove" deletes the worktree folder (discard_changes drops edits)' }),
    t('TodoWrite', 'control', { canonical: 'TodoWrite' }),
    t('TodoRead', 'control', { canonical: 'TodoRead' }),
    ...['TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet', 'TaskOutput', 'TaskStop'].map((n) => t(n, 'control', { canonical: n, note: 'task list / background task bookkeeping' })),
    t('KillShell', 'control', { note: 'stops a background shell' }),
    t('KillBash', 'control', { note: 'older name of KillShell' }),
    t('EnterPlanMode', 'control'),
    t('ExitPlanMode', 'control'),
    t('AskUserQuestion', 'control', { canonical: 'AskUserQuestion' }),
    t('ToolSearch', 'control', { note: 'loads deferred tool schemas' }),
    t('Skill', 'control', { note: 'loads skill instructions; skill shell lines fire PreSkillShellCommand, not this tool' }),
    t('SlashCommand', 'control'),
    t('ReportFindings', 'control'),
    t('ScheduleWakeup', 'control'),
    t('SendMessage', 'control'),
    t('PushNotification', 'control'),
    t('EndConversation', 'control'),
    t('WaitForMcpServers', 'control'),
    t('CronCreate', 'control', { note: 'schedules a later prompt; the later turn is hooked again' }),
    t('CronDelete', 'control'),
    t('CronList', 'control'),
    t('DeferredToolPlaceholder', 'unknown', { note: 'stands in for a tool whose schema is not loaded yet' }),
  ],
  toolPatterns: mcpDoubleUnderscorePatterns(),
  deny: 'claude-hso-deny',
  ask: 'host-ask',
  context: 'hookSpecificOutput.additionalContext (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse), delivered as a system message',
  unsupported: [],
  blindSpots: [
    'Hook failures (crash, timeout, bad JSON) fail open silently unless the hook is registered with onFailure:"block".',
    '`claude --bare` ignores hooks from --settings and --plugin-dir: nothing is guarded in that mode.',
    'Commands the user types in bash mode (`!cmd`) are not model tool calls and never reach PreToolUse.',
    'Skill shell lines (`!`command`` in a skill or slash command) fire PreSkillShellCommand, a separate event from PreToolUse.',
    'A Workflow tool fans out subagents whose number is not in its input.',
    'In an attended session a PermissionRequest hook of the person that answers allow approves a stopline ask without showing it (verified on 2.1.332); in -p / SDK runs stopline never asks.',
  ],
};
