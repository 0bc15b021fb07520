/**
 * Claude Code 2.1.332 (verified; docs/hosts/claude.md): tool table and host forms.
 * Tool inputs: Write {file_path, content}, Edit {file_path, old_string, new_string},
 * Bash {command}, Read {file_path}, Agent {description, prompt, subagent_type},
 * EnterWorktree {name}, ExitWorktree {action, discard_changes} (captured fixtures).
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { mcpDoubleUnderscorePatterns } from './mcp';
import { claudeEvents } from './claude-events';

/**
 * file_path / notebook_path (docs/hosts/claude.md): trimmed, `~` and `~/` to the home, Git
 * Bash drive paths on Windows, then joined with the session cwd; other forms are names.
 * Claude puts the resolved absolute path into the hook input itself, so this mostly sees
 * absolute paths already.
 */
const CLAUDE_PATHS: PathResolver = { steps: ['trim', 'expand-home', 'msys-drive', 'literal'] };

export const claudeRegistry: HostRegistry = {
  family: 'claude',
  displayName: hostSpec('claude').displayName,
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
    t('Grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob'] }),
    t('Glob', 'read', { canonical: 'Glob', readFields: ['path'], nameFields: ['pattern'] }),
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
  callRecord: {
    status: 'compared',
    record: 'transcript',
    where: 'the session transcript (`transcript_path`: `~/.claude/projects/<project>/<session>.jsonl`), one JSON line per message; each `tool_use` carries the id the hooks get as `tool_use_id`',
  },
};
