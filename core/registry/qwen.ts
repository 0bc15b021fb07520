/**
 * Qwen Code 0.24.4 (verified in docs/hosts/qwen.md): Claude-shaped command hooks in
 * settings.json (or an extension's hooks/hooks.json), one process per event, JSON on stdin.
 * PreToolUse gets `tool_name` (Qwen's own names), `tool_input`, `tool_use_id`, `tool_call_id`,
 * `permission_mode`, `prompt_id`, and inside a subagent `agent_id`. Qwen trims and unescapes
 * the path fields before the hook, and write_file / edit / notebook_edit refuse a relative
 * path before any hook runs, so the paths the hook sees are the ones the tool writes.
 */
import type { PathResolver } from '../paths/path-resolve';
import { mcpDoubleUnderscorePatterns } from './mcp';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { qwenEvents } from './qwen-events';

/** file_path, notebook_path and a shell's directory arrive absolute (Qwen refuses relative ones): plain names. */
const QWEN_PATHS: PathResolver = { steps: ['literal'] };

export const qwenRegistry: HostRegistry = {
  family: 'qwen',
  displayName: hostSpec('qwen').displayName,
  verifiedVersion: '0.24.4',
  events: qwenEvents,
  tools: [
    t('write_file', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: QWEN_PATHS }),
    t('edit', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_string'], pathResolver: QWEN_PATHS }),
    t('notebook_edit', 'notebook-edit', { canonical: 'NotebookEdit', pathFields: ['notebook_path'], contentFields: ['new_source'], pathResolver: QWEN_PATHS }),
    t('run_shell_command', 'shell', { canonical: 'Bash', commandField: 'command', workdirField: 'directory', pathResolver: QWEN_PATHS }),
    t('monitor', 'shell', { canonical: 'Monitor', commandField: 'command', workdirField: 'directory', pathResolver: QWEN_PATHS, note: 'a deferred tool (reached through tool_search + tool_call) that runs a long-lived shell command; the hook sees it as monitor' }),
    t('read_file', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: QWEN_PATHS }),
    t('glob', 'read', { canonical: 'Glob', readFields: ['path'], nameFields: ['pattern'] }),
    t('grep_search', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob', 'include'] }),
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
  callRecord: {
    status: 'kept',
    where: 'a chat file (`transcript_path`: `~/.qwen/projects/<cwd>/chats/<session>.jsonl`); each `functionCall` carries the model\'s call id, the hooks\' `tool_call_id` (seen on 0.24.4)',
    why: 'not wired yet: the guard keys a check by the hooks\' `tool_use_id`, which the chat file does not hold',
  },
};
