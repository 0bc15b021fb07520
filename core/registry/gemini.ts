/**
 * Gemini CLI 0.61.0 (verified in docs/hosts/gemini.md): command hooks in settings.json (or an
 * extension's hooks/hooks.json), one process per event, JSON on stdin. BeforeTool gets
 * `tool_name` and the model's arguments verbatim in `tool_input`: write_file {file_path,
 * content}, replace {file_path, instruction, old_string, new_string, allow_multiple?},
 * run_shell_command {command, description?, dir_path?, is_background?}, invoke_agent
 * {agent_name, prompt}. No call id, no permission mode, no agent id: a subagent's calls carry
 * the parent's session id and cannot be told apart from the parent's.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { geminiEvents } from './gemini-events';

/**
 * write_file / replace file_path, run_shell_command dir_path (docs/hosts/gemini.md, Paths):
 * joined with the target folder, never `~`-expanded; the adapter resolves the parts that
 * depend on the file system (a conditional `@` strip, replace's workspace search, the
 * percent-decoding of the joined path) before the analysis, so what reaches it is absolute.
 */
const GEMINI_PATHS: PathResolver = { steps: ['literal'] };

export const geminiRegistry: HostRegistry = {
  family: 'gemini',
  displayName: hostSpec('gemini').displayName,
  verifiedVersion: '0.61.0',
  events: geminiEvents,
  tools: [
    t('write_file', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: GEMINI_PATHS }),
    t('replace', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_string'], pathResolver: GEMINI_PATHS, note: 'a relative file_path that does not exist is searched for by name in the workspace (the adapter then calls the target unproven)' }),
    t('run_shell_command', 'shell', { canonical: 'Bash', commandField: 'command', workdirField: 'dir_path', pathResolver: GEMINI_PATHS, note: 'bash -c on Linux and macOS (PowerShell on Windows); dir_path is joined with the target folder' }),
    t('read_file', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: GEMINI_PATHS }),
    t('read_many_files', 'read', { canonical: 'Read', readFields: ['paths'], nameFields: ['include'] }),
    t('list_directory', 'read', { canonical: 'LS' }),
    t('glob', 'read', { canonical: 'Glob', readFields: ['dir_path', 'path'], nameFields: ['pattern'] }),
    t('grep_search', 'read', { canonical: 'Grep', readFields: ['dir_path', 'path'], nameFields: ['include'] }),
    t('web_fetch', 'read', { canonical: 'WebFetch' }),
    t('google_web_search', 'read', { canonical: 'WebSearch' }),
    t('list_mcp_resources', 'read'),
    t('read_mcp_resource', 'read'),
    t('get_internal_docs', 'read', { note: "reads the CLI's own documentation" }),
    t('list_background_processes', 'read'),
    t('read_background_output', 'read', { note: 'output of a background shell started by an earlier (analysed) run_shell_command' }),
    t('invoke_agent', 'delegate', { canonical: 'Task', hookFields: { prompt: 'prompt', subagent_type: 'agent_name' }, note: "one subagent per call; its tool calls go through the same BeforeTool hooks with the parent's session id (verified)" }),
    t('complete_task', 'control', { note: "a subagent's final answer" }),
    t('activate_skill', 'control'),
    t('update_topic', 'control'),
    t('enter_plan_mode', 'control'),
    t('exit_plan_mode', 'control'),
    t('write_todos', 'control', { canonical: 'TodoWrite' }),
    t('ask_user', 'control', { canonical: 'AskUserQuestion' }),
    ...['tracker_create_task', 'tracker_update_task', 'tracker_get_task', 'tracker_list_tasks', 'tracker_add_dependency', 'tracker_visualize'].map((n) => t(n, 'control', { note: 'task tracker bookkeeping' })),
  ],
  toolPatterns: [{ namePattern: '^mcp_', kind: 'unknown', note: 'MCP tools are mcp_<server>_<tool> (one underscore, so server and tool cannot be told apart): unknown' }],
  deny: 'gemini-decision-deny+exit2',
  ask: 'deny',
  context: 'hookSpecificOutput.additionalContext (SessionStart: before the prompt; BeforeAgent: a part after it; AfterTool: appended to the tool output), wrapped in <hook_context>',
  unsupported: [
    { canonical: 'subagent:start', why: 'Gemini CLI 0.61.0 has no subagent events; a subagent is seen only as the parent\'s invoke_agent call' },
    { canonical: 'subagent:end', why: 'no subagent events in 0.61.0 (AfterTool of invoke_agent is the nearest)' },
  ],
  blindSpots: [
    'A headless run (-p) in the default approval mode hides write_file, replace and run_shell_command from the model; with --approval-mode yolo (or auto_edit for the file tools) they run, and BeforeTool sees them.',
    'A hook that crashes, exits 1, prints text, or times out lets the tool run; only stopline\'s own fail mode (failMode closed) denies when it cannot decide.',
    'Project .gemini/settings.json hooks load only in a trusted folder (GEMINI_CLI_TRUST_WORKSPACE=true, or trusted in the UI); --skip-trust drops them. hooksConfig.enabled:false or hooksConfig.disabled naming stopline turns the guard off.',
    'A subagent\'s tool calls carry the parent\'s session id and no agent marker: they are judged under the parent\'s contract, and a subagent is counted only by the invoke_agent call that starts it.',
    'When GITHUB_SHA is set or security.environmentVariableRedaction is on, hooks get a filtered environment: STOPLINE_* settings other than GEMINI_CLI_* names may not reach the hook.',
    'Commands the person runs with `!` in the interactive CLI are not model tool calls and never reach BeforeTool.',
  ],
  callRecord: {
    status: 'kept',
    where: 'a chat file under `~/.gemini` (`transcript_path`: `tmp/<project>/chats/session-<date>-<id>.jsonl` there)',
    why: 'BeforeTool carries no tool-call id, so a recorded call cannot be matched to the call the guard checked',
  },
};
