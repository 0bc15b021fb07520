/**
 * Hermes Agent v0.19.0 (verified; docs/hosts/hermes.md).
 * pre_tool_call kwargs carry `tool_name` and `args`; there is no cwd kwarg (the shim uses
 * TERMINAL_CWD or the process cwd as the event's folder, and adds the folder Hermes joins
 * relative tool paths with); `terminal` may carry its own `workdir`.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { hermesEvents } from './hermes-events';

/**
 * File-tool paths, the terminal's workdir and the folder its commands run in
 * (docs/hosts/hermes.md): Git Bash drive paths on Windows, `~` and `~/` to the home, `~name` to
 * that user's home (unproven here); `@` and URL forms are names. A relative path joins the
 * folder Hermes itself resolves for the task (`_resolve_base_dir(task_id)`: the live terminal
 * folder after a `cd`, a registered workspace, TERMINAL_CWD, the process folder), which the
 * plugin shim reads from Hermes and passes with each tool call.
 */
const HERMES_PATHS: PathResolver = { steps: ['msys-drive', 'expand-home', 'expand-user-home', 'literal'], base: 'host' };

export const hermesRegistry: HostRegistry = {
  family: 'hermes',
  displayName: hostSpec('hermes').displayName,
  verifiedVersion: '0.19.0',
  // Every v0.19.0 hook (VALID_HOOKS, §3). `registered` = the plugin shim registers it (and
  // plugin.yaml lists it); the rest fire in Hermes but stopline does not listen.
  events: hermesEvents,
  tools: [
    t('read_file', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: HERMES_PATHS }),
    t('search_files', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['file_glob'] }),
    t('write_file', 'write', { canonical: 'Write', pathFields: ['path'], contentFields: ['content'], pathResolver: HERMES_PATHS }),
    t('patch', 'v4a-patch', { canonical: 'Edit', pathFields: ['path'], contentFields: ['new_string'], patchField: 'patch', pathResolver: HERMES_PATHS, note: 'mode "replace" (default) edits `path`; mode "patch" applies V4A text' }),
    t('terminal', 'shell', { canonical: 'Bash', commandField: 'command', workdirField: 'workdir', pathResolver: HERMES_PATHS }),
    t('process', 'unknown', { kindBy: { field: 'action', cases: { list: 'read', poll: 'read', log: 'read', wait: 'read', close: 'control' }, otherwise: 'unknown' }, note: 'kill/write/submit act on a running process' }),
    t('read_terminal', 'read'),
    t('close_terminal', 'control'),
    t('execute_code', 'unknown', { note: 'runs Python; the 7 sandbox tools it calls fire their own pre_tool_call, but plain Python file I/O does not' }),
    t('delegate_task', 'delegate-batch', { canonical: 'Task', note: 'count = tasks.length, or 1 for a goal' }),
    t('todo', 'control', { canonical: 'TodoWrite' }),
    t('clarify', 'control', { canonical: 'AskUserQuestion' }),
    t('memory', 'control', { note: "writes the agent's own memory store under HERMES_HOME, not the project" }),
    t('session_search', 'read'),
    t('skills_list', 'read'),
    t('skill_view', 'read'),
    t('skill_manage', 'control', { note: "writes the agent's own skills under HERMES_HOME, not the project" }),
    t('web_search', 'read', { canonical: 'WebSearch' }),
    t('web_extract', 'read', { canonical: 'WebFetch' }),
    t('x_search', 'read', { canonical: 'WebSearch' }),
    t('vision_analyze', 'read'),
    t('video_analyze', 'read'),
    t('browser_snapshot', 'read'),
    t('browser_get_images', 'read'),
    t('browser_vision', 'read'),
    ...['browser_navigate', 'browser_click', 'browser_type', 'browser_press', 'browser_scroll', 'browser_back', 'browser_dialog'].map((n) => t(n, 'unknown', { note: 'acts on a web page (external state)' })),
    t('browser_console', 'unknown', { note: 'evaluates JavaScript in the page' }),
    t('browser_cdp', 'unknown', { note: 'raw DevTools protocol' }),
    t('image_generate', 'write', { note: 'generates a file; target chosen by the tool' }),
    t('video_generate', 'write', { note: 'generates a file; target chosen by the tool' }),
    t('text_to_speech', 'write', { pathFields: ['output_path'] }),
    t('cronjob', 'unknown', { kindBy: { field: 'action', cases: { list: 'read' }, otherwise: 'unknown' }, note: 'schedules prompts or scripts for later; script jobs with no_agent run without any hook' }),
    t('computer_use', 'unknown', { note: 'drives the desktop' }),
    t('ha_list_entities', 'read'),
    t('ha_get_state', 'read'),
    t('ha_list_services', 'read'),
    t('ha_call_service', 'unknown', { note: 'changes a Home Assistant device' }),
    ...['kanban_show', 'kanban_list', 'kanban_attachments'].map((n) => t(n, 'read')),
    ...['kanban_create', 'kanban_complete', 'kanban_block', 'kanban_unblock', 'kanban_comment', 'kanban_link', 'kanban_heartbeat', 'kanban_attach', 'kanban_attach_url'].map((n) => t(n, 'control', { note: "changes Hermes' own board, not the project" })),
    t('project_list', 'read'),
    t('project_create', 'control'),
    t('project_switch', 'control'),
    t('tool_search', 'control'),
    t('tool_describe', 'control'),
    t('tool_call', 'unknown', { note: 'hooks normally see the unwrapped tool; a raw tool_call is not analysed' }),
    t('send_message', 'unknown'),
  ],
  toolPatterns: [{ namePattern: '^mcp_', kind: 'unknown', note: 'MCP tools (mcp_<server>_<tool>) and every unlisted plugin tool are unknown' }],
  deny: 'hermes-block',
  ask: 'approve',
  context: '{"context": "…"} returned from pre_llm_call, appended to the current user message (and replayed in later turns)',
  unsupported: [
    { canonical: 'notice', why: 'Hermes v0.19.0 has no notification hook' },
    { canonical: 'compact:before', why: 'Hermes v0.19.0 has no hook before context compression' },
  ],
  blindSpots: [
    'execute_code runs Python: the sandbox tools it calls fire pre_tool_call, but file I/O done in Python itself is not seen.',
    'A pre_tool_call callback that raises is skipped (fail open) in v0.19.0; async callbacks never run.',
    'Cron jobs with a script and no agent run later without any tool hook.',
    'Gateway, cron, Kanban worker and other surfaces that bypass the standard tool dispatcher are not covered.',
    'pre_tool_call has no cwd: the plugin shim must use TERMINAL_CWD or the process cwd to place relative paths.',
    'Another plugin that blocks first wins (Hermes takes the first block with a message); a background-review tool whitelist can block before any plugin runs.',
    'Execution middleware of other plugins can still change tool arguments after pre_tool_call decided.',
    'pre_llm_call context is dropped when the user message is not plain text (images), and a piece over 10,000 characters is replaced by a preview.',
    'A delegate_task child whose subagent_start was never seen is indistinguishable from a new root session: its tool calls are judged by its own (default) contract.',
    'Tool calls made from inside execute_code carry no session_id; they are filed under their task_id (the session id in the interactive CLI, a fresh id elsewhere).',
    'Hermes v0.19.0 has no hook timeout: only the shim bounds a slow evaluator (STOPLINE_HERMES_TIMEOUT_MS).',
    'A shell hook (hooks: in config.yaml) cannot send a call to the approval gate: there an ask is always a block.',
    "A confined command runs as `sh <script> <the model's command>` (the short form every host is handed) so that Hermes's dangerous-command check reads the model's command, not the sandbox wrapper; where that line is still flagged only for stopline's text (its folder's name) and Hermes would ask a person, the call is stopped with a GUARD_UNAVAILABLE stamp instead of a prompt about a line the person never typed, and the evidence records the stop. Hermes gives a plugin no way to pre-approve one command line.",
    'Proven on the real Hermes 0.19.0 (test/hosts/hermes/real-scenarios.test.ts, `hermes chat -q` and `hermes -z`): blocks of write_file, patch (replace and V4A) and terminal with the files unchanged, files=, deps=deny, agents=1 with two delegate_task calls and a tasks batch, no directive, fail open and closed with a crashed or missing evaluator, a person\'s own tool:before hook, and both installs (stopline install hermes; hermes plugins install + enable); a confined command (deps=allow) run without an approval prompt under both modes (test/hosts/hermes/real-confined.test.ts).',
    'Proven only on the emulator (test/hosts/hermes/harness.py), not on a real Hermes: the v0.21 rules (Hermes 0.21 needs Python 3.14), the approval gate with a person answering, pre_verify, the tool calls of a delegate_task child, the one-shot fallback and a frozen evaluator.',
  ],
  callRecord: {
    status: 'none',
    why: 'Hermes keeps messages in an SQLite database (`state.db` in the profile, read in its code, not exercised); the plugin carries no SQLite reader',
  },
};
