/**
 * Qwen Code 0.24.4 (verified in docs/hosts/qwen.md): Claude-shaped command hooks in
 * settings.json (or an extension's hooks/hooks.json), one process per event, JSON on stdin.
 * PreToolUse gets `tool_name` (Qwen's own names), `tool_input`, `tool_use_id`, `tool_call_id`,
 * `permission_mode`, `prompt_id`, and inside a subagent `agent_id`. Qwen trims and unescapes
 * the path fields before the hook, and write_file / edit / notebook_edit refuse a relative
 * path before any hook runs, so the paths the hook sees are the ones the tool writes.
 */
import type { PathResolver } from '../path-resolve';
import { mcpDoubleUnderscorePatterns } from './claude';
import type { EventEntry, HostRegistry, InstallSpec } from './types';
import { eventRow, toolRow, type EventColumns } from './rows';

const t = toolRow;

/** Qwen gives a command hook 60 s when it sets no timeout (seconds; a value of 1000 or more is read as milliseconds). */
const ev = (native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, cols: EventColumns = {}, note?: string): EventEntry =>
  eventRow(native, canonical, control, blockable, { hostTimeout: { defaultSec: 60 }, ...cols }, note);

/** stopline's handler on Qwen: 10 s; a timeout, a crash or any exit but 0 and 2 lets the tool run. */
const hook = (spec: Partial<InstallSpec> = {}): InstallSpec => ({ timeoutSec: 10, failClosed: false, ...spec });

/** file_path, notebook_path and a shell's directory arrive absolute (Qwen refuses relative ones): plain names. */
const QWEN_PATHS: PathResolver = { steps: ['literal'] };

/**
 * The event rows on their own, so a module that needs only the events (the person's-hooks
 * dialects) does not bundle the tool table.
 */
export const qwenEvents: EventEntry[] = [
  // registered by dist/qwen/hooks/hooks.json and `stopline install qwen`
  ev('SessionStart', 'session:start', 'session.start', false, { install: hook(), outputs: ['context'] }, 'context goes into the system message (startup, resume)'),
  ev('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { install: hook(), outputs: ['context', 'block', 'notice'] }, 'fires before every model request; only the one with submitted_prompt is the person (the others, prompt "", are ignored); inside a subagent (agent_id) never the person'),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: hook(), outputs: ['block'] }, 'deny: hookSpecificOutput permissionDecision "deny", exit 0 (an exit-2 deny has no permissionDecision, so any other hook\'s "allow" would cancel it); a LATER hook that answers permissionDecision "allow" cancels this one too, so stopline never answers allow; additionalContext is not sent here; "ask" is a deny headless'),
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

export const qwenRegistry: HostRegistry = {
  family: 'qwen',
  displayName: 'Qwen Code',
  verifiedVersion: '0.24.4',
  events: qwenEvents,
  tools: [
    t('write_file', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: QWEN_PATHS }),
    t('edit', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_string'], pathResolver: QWEN_PATHS }),
    t('notebook_edit', 'notebook-edit', { canonical: 'NotebookEdit', pathFields: ['notebook_path'], contentFields: ['new_source'], pathResolver: QWEN_PATHS }),
    t('run_shell_command', 'shell', { canonical: 'Bash', commandField: 'command', workdirField: 'directory', pathResolver: QWEN_PATHS }),
    t('monitor', 'shell', { canonical: 'Monitor', commandField: 'command', workdirField: 'directory', pathResolver: QWEN_PATHS, note: 'a deferred tool (reached through tool_search + tool_call) that runs a long-lived shell command; the hook sees it as monitor' }),
    t('read_file', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: QWEN_PATHS }),
    t('glob', 'read', { canonical: 'Glob' }),
    t('grep_search', 'read', { canonical: 'Grep' }),
    t('list_directory', 'read', { canonical: 'LS' }),
    t('lsp', 'read', { canonical: 'LSP' }),
    t('web_fetch', 'read', { canonical: 'WebFetch' }),
    t('web_search', 'read', { canonical: 'WebSearch' }),
    t('read_mcp_resource', 'read'),
    t('zoom_image', 'read', { note: 'reads a crop of an image file' }),
    t('agent', 'delegate', { canonical: 'Task', note: 'one subagent per call (headless: in the background); its tool calls go through the same hooks with agent_id set (verified)' }),
    t('save_memory', 'write', { note: 'writes a memory file (QWEN.md) the input does not name: target unproven' }),
    t('enter_worktree', 'write', { canonical: 'EnterWorktree', note: 'creates a git worktree; target not in the input' }),
    t('exit_worktree', 'control', { canonical: 'ExitWorktree', kindBy: { field: 'action', cases: { remove: 'write', keep: 'control' }, otherwise: 'write' }, note: 'action "remove" deletes the worktree folder' }),
    t('tool_call', 'unknown', { note: 'the bridge to a deferred tool; the hook normally sees the deferred tool by its own name (monitor), so this name alone says nothing of what runs' }),
    t('tool_search', 'control', { note: 'loads deferred tool schemas' }),
    t('skill', 'control'),
    t('todo_write', 'control', { canonical: 'TodoWrite' }),
    t('ask_user_question', 'control', { canonical: 'AskUserQuestion' }),
    t('enter_plan_mode', 'control'),
    t('exit_plan_mode', 'control'),
    t('list_agents', 'control'),
    t('send_message', 'control', { note: 'a message to a running background agent or task' }),
    t('get_goal', 'control'),
    t('update_goal', 'control'),
    t('propose_goal', 'control'),
    t('structured_output', 'control'),
    t('report_findings', 'control'),
    ...['task_create', 'task_update', 'task_list', 'task_stop'].map((n) => t(n, 'control', { note: 'task list / background task bookkeeping' })),
    ...['cron_create', 'cron_list', 'cron_delete', 'loop_wakeup'].map((n) => t(n, 'control', { note: 'schedules a later prompt; the later turn is hooked again' })),
  ],
  toolPatterns: mcpDoubleUnderscorePatterns(),
  deny: 'qwen-hso-deny',
  ask: 'deny',
  context: 'hookSpecificOutput.additionalContext (SessionStart: the system message; UserPromptSubmit: an extra user part; PostToolUse: appended to the tool result)',
  unsupported: [],
  blindSpots: [
    'A later PreToolUse hook that answers permissionDecision "allow" cancels stopline\'s deny (hook outputs are merged in order: project settings, user settings, system settings, extensions; the last one wins). stopline install puts its hook last in its file, and doctor warns about hooks after it.',
    'A headless run in the default, auto or plan approval mode refuses write and shell tools before any hook runs; with --approval-mode yolo (auto-edit for the file tools) they run, and PreToolUse sees them.',
    'A hook that crashes, exits with a code other than 0 and 2, exits 2 without a reason, or times out lets the tool run silently; only stopline\'s own fail mode (failMode closed) denies when it cannot decide.',
    'disableAllHooks, --bare and --safe-mode turn every hook off.',
    'Tools not in this table (exec, workflow, create_sub_session, team_create, image_gen, artifact tools, MCP tools without a telling verb) are unknown: denied in review, unproven under files=.',
    'Commands the person runs with `!` in the interactive CLI are not model tool calls and never reach PreToolUse.',
  ],
};
