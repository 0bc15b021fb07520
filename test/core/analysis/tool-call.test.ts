/**
 * analyzeToolCall per host, for every tool each registry lists. Inputs come from the
 * captured host payloads in test/fixtures/<host>/ where the lab captured that tool, and
 * from the documented input shapes (host notes) otherwise. A completeness check makes a
 * registry tool without a case fail.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { isAction } from '../../../core/protocol';
import { REGISTRIES, findToolEntry, type RegistryFamily } from '../../../core/registry/index';

import cWrite from '../../fixtures/claude/PreToolUse-Write.json';
import cEdit from '../../fixtures/claude/PreToolUse-Edit.json';
import cBash from '../../fixtures/claude/PreToolUse-Bash.json';
import cRead from '../../fixtures/claude/PreToolUse-Read.json';
import cAgent from '../../fixtures/claude/PreToolUse-Agent.json';
import cEnterWt from '../../fixtures/claude/PreToolUse-EnterWorktree.json';
import cExitWt from '../../fixtures/claude/PreToolUse-ExitWorktree.json';
import cTaskCreate from '../../fixtures/claude/PreToolUse-TaskCreate.json';
import cTaskUpdate from '../../fixtures/claude/PreToolUse-TaskUpdate.json';
import cToolSearch from '../../fixtures/claude/PreToolUse-ToolSearch.json';
import cMcp from '../../fixtures/claude/PreToolUse-mcp__lab__ask_user.json';
import xBash from '../../fixtures/codex/PreToolUse-Bash.json';
import xBashSub from '../../fixtures/codex/PreToolUse-Bash-subagent.json';
import xPatch from '../../fixtures/codex/PreToolUse-apply_patch.json';
import xSpawn from '../../fixtures/codex/PreToolUse-spawn_agent.json';
import xWait from '../../fixtures/codex/PreToolUse-multi_agent_v1wait_agent.json';
import oWrite from '../../fixtures/opencode/tool.execute.before-write.json';
import oWriteDenied from '../../fixtures/opencode/tool.execute.before-write-denied.json';
import oEditDenied from '../../fixtures/opencode/tool.execute.before-edit-denied.json';
import oBash from '../../fixtures/opencode/tool.execute.before-bash.json';
import oBashDenied from '../../fixtures/opencode/tool.execute.before-bash-denied.json';
import oTask from '../../fixtures/opencode/tool.execute.before-task.json';
import kWrite from '../../fixtures/kilo/tool.execute.before-write.json';
import kBash from '../../fixtures/kilo/tool.execute.before-bash.json';
import kBashDenied from '../../fixtures/kilo/tool.execute.before-bash-denied.json';
import kTask from '../../fixtures/kilo/tool.execute.before-task.json';
import pBash from '../../fixtures/pi/tool_call-bash.json';
import ocWrite from '../../fixtures/openclaw/before_tool_call-write.json';
import ocExec from '../../fixtures/openclaw/before_tool_call-exec.json';
import ocRm from '../../fixtures/openclaw/before_tool_call-exec-blocked.json';
import pEdit from '../../fixtures/pi/tool_call-edit.json';
import pRead from '../../fixtures/pi/tool_call-read.json';
import pWrite from '../../fixtures/pi/tool_call-write.json';
import hWrite from '../../fixtures/hermes/pre_tool_call-write_file.json';
import hRead from '../../fixtures/hermes/pre_tool_call-read_file.json';
import hPatch from '../../fixtures/hermes/pre_tool_call-patch.json';
import hPatchReplace from '../../fixtures/hermes/pre_tool_call-patch-replace.json';
import hSearch from '../../fixtures/hermes/pre_tool_call-search_files.json';
import hTerminal from '../../fixtures/hermes/pre_tool_call-terminal.json';
import hDelegate from '../../fixtures/hermes/pre_tool_call-delegate_task.json';
import hExec from '../../fixtures/hermes/pre_tool_call-execute_code.json';
import hTodo from '../../fixtures/hermes/pre_tool_call-todo.json';
import hMemory from '../../fixtures/hermes/pre_tool_call-memory.json';
import hClarify from '../../fixtures/hermes/pre_tool_call-clarify.json';
import hSkill from '../../fixtures/hermes/pre_tool_call-skill_manage.json';
import hBrowser from '../../fixtures/hermes/pre_tool_call-browser_navigate.json';
import hWebSearch from '../../fixtures/hermes/pre_tool_call-web_search.json';
import hWebExtract from '../../fixtures/hermes/pre_tool_call-web_extract.json';
import hVision from '../../fixtures/hermes/pre_tool_call-vision_analyze.json';
import hCron from '../../fixtures/hermes/pre_tool_call-cronjob.json';
import hProcess from '../../fixtures/hermes/pre_tool_call-process.json';
import hMcp from '../../fixtures/hermes/pre_tool_call-mcp_github_create_issue.json';
import gWrite from '../../fixtures/gemini/BeforeTool-write_file.json';
import gReplace from '../../fixtures/gemini/BeforeTool-replace.json';
import gShell from '../../fixtures/gemini/BeforeTool-run_shell_command.json';
import gShellSub from '../../fixtures/gemini/BeforeTool-run_shell_command-subagent.json';
import gAgent from '../../fixtures/gemini/BeforeTool-invoke_agent-subagent.json';
import gComplete from '../../fixtures/gemini/BeforeTool-complete_task-subagent.json';
import qWrite from '../../fixtures/qwen/PreToolUse-write_file.json';
import qEdit from '../../fixtures/qwen/PreToolUse-edit.json';
import qShell from '../../fixtures/qwen/PreToolUse-run_shell_command.json';
import qShellSub from '../../fixtures/qwen/PreToolUse-run_shell_command-subagent.json';
import qMonitor from '../../fixtures/qwen/PreToolUse-monitor.json';
import qRead from '../../fixtures/qwen/PreToolUse-read_file.json';
import qAgent from '../../fixtures/qwen/PreToolUse-agent-subagent.json';
import qToolSearch from '../../fixtures/qwen/PreToolUse-tool_search.json';
import ghBash from '../../fixtures/copilot/preToolUse-bash.json';
import ghBashSub from '../../fixtures/copilot/preToolUse-bash-subagent.json';
import ghCreate from '../../fixtures/copilot/preToolUse-create.json';
import ghEdit from '../../fixtures/copilot/preToolUse-edit.json';
import ghView from '../../fixtures/copilot/preToolUse-view.json';
import ghTask from '../../fixtures/copilot/preToolUse-task.json';
import dExecute from '../../fixtures/droid/PreToolUse-Execute.json';
import dExecuteSub from '../../fixtures/droid/PreToolUse-Execute-subagent.json';
import dCreate from '../../fixtures/droid/PreToolUse-Create.json';
import dEdit from '../../fixtures/droid/PreToolUse-Edit.json';
import dRead from '../../fixtures/droid/PreToolUse-Read.json';
import dTask from '../../fixtures/droid/PreToolUse-Task.json';
import clShell from '../../fixtures/cline/PreToolUse-run_commands.json';
import clEditor from '../../fixtures/cline/PreToolUse-editor.json';
import clRead from '../../fixtures/cline/PreToolUse-read_files.json';
import kShell from '../../fixtures/kimi/PreToolUse-Shell.json';
import kShellSub from '../../fixtures/kimi/PreToolUse-Shell-subagent.json';
import kimiWrite from '../../fixtures/kimi/PreToolUse-WriteFile.json';
import kReplace from '../../fixtures/kimi/PreToolUse-StrReplaceFile.json';
import kRead from '../../fixtures/kimi/PreToolUse-ReadFile.json';
import kAgent from '../../fixtures/kimi/PreToolUse-Agent.json';
import ohTerminal from '../../fixtures/openhands/PreToolUse-terminal.json';
import ohCreate from '../../fixtures/openhands/PreToolUse-file_editor-create.json';
import ohView from '../../fixtures/openhands/PreToolUse-file_editor-view.json';
import ohFinish from '../../fixtures/openhands/PreToolUse-finish.json';
import vBash from '../../fixtures/vibe/pre_tool-bash.json';
import vRm from '../../fixtures/vibe/pre_tool-bash-denied.json';
import vWrite from '../../fixtures/vibe/pre_tool-write_file.json';
import vEdit from '../../fixtures/vibe/pre_tool-search_replace.json';
import vRead from '../../fixtures/vibe/pre_tool-read_file.json';

type M = 'read' | 'write' | 'delegate' | 'control' | 'unknown';
interface Case {
  tool: string;
  input: unknown;
  cwd: string;
  mutability: M;
  /** expected affectedPaths; omitted = [] for read/control/delegate, null for unknown */
  paths?: string[] | null;
  delegation?: number;
  unbounded?: boolean;
  dep?: boolean;
  hash?: boolean;
  /** where the input comes from */
  from: 'fixture' | 'host notes';
}

const P = '/home/dev/project';
const H = '/home/dev/acme-app';
const fx = (tool: string, input: unknown, cwd: string, mutability: M, rest: Partial<Case> = {}): Case => ({ tool, input, cwd, mutability, from: 'fixture', ...rest });
const doc = (tool: string, input: unknown, mutability: M, rest: Partial<Case> = {}): Case => ({ tool, input, cwd: rest.cwd ?? P, mutability, from: 'host notes', ...rest });

const CASES: Record<RegistryFamily, Case[]> = {
  claude: [
    fx('Write', cWrite.tool_input, cWrite.cwd, 'write', { paths: ['created.txt'] }),
    fx('Edit', cEdit.tool_input, cEdit.cwd, 'write', { paths: ['edit-me.txt'] }),
    fx('Bash', cBash.tool_input, cBash.cwd, 'write', { paths: ['watched.txt', '.claude/settings.local.json'] }),
    fx('Read', cRead.tool_input, cRead.cwd, 'read'),
    fx('Agent', cAgent.tool_input, cAgent.cwd, 'delegate', { delegation: 1 }),
    fx('EnterWorktree', cEnterWt.tool_input, cEnterWt.cwd, 'write', { paths: null }),
    fx('ExitWorktree', cExitWt.tool_input, cExitWt.cwd, 'write', { paths: null }),
    fx('TaskCreate', cTaskCreate.tool_input, cTaskCreate.cwd, 'control'),
    fx('TaskUpdate', cTaskUpdate.tool_input, cTaskUpdate.cwd, 'control'),
    fx('ToolSearch', cToolSearch.tool_input, cToolSearch.cwd, 'control'),
    fx('mcp__lab__ask_user', cMcp.tool_input, cMcp.cwd, 'unknown'),
    doc('ExitWorktree', { action: 'keep' }, 'control'),
    doc('MultiEdit', { file_path: `${P}/src/a.ts`, edits: [{ old_string: 'a', new_string: "createHash('md5')" }] }, 'write', { paths: ['src/a.ts'], hash: true }),
    doc('NotebookEdit', { notebook_path: `${P}/nb.ipynb`, cell_id: 'c1', new_source: '!pip install polars', edit_mode: 'replace' }, 'write', { paths: ['nb.ipynb'], dep: true }),
    doc('PowerShell', { command: 'Remove-Item -Recurse build' }, 'write', { paths: ['build'] }),
    doc('Monitor', { command: 'tail -f app.log | grep ERROR', description: 'watch errors' }, 'read'),
    doc('Monitor', { ws: 'ws://127.0.0.1:9229/x' }, 'read'),
    doc('NotebookRead', { notebook_path: `${P}/nb.ipynb` }, 'read'),
    doc('Grep', { pattern: 'TODO', path: 'src' }, 'read'),
    doc('Glob', { pattern: '**/*.ts' }, 'read'),
    doc('LS', { path: P }, 'read'),
    doc('LSP', { operation: 'hover', file_path: `${P}/a.ts` }, 'read'),
    doc('WebFetch', { url: 'https://example.com', prompt: 'x' }, 'read'),
    doc('WebSearch', { query: 'x' }, 'read'),
    doc('BashOutput', { bash_id: 'b1' }, 'read'),
    doc('ListAgents', {}, 'read'),
    doc('ListMcpResourcesTool', {}, 'read'),
    doc('ReadMcpResourceTool', { server: 's', uri: 'x://y' }, 'read'),
    doc('Task', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' }, 'delegate', { delegation: 1 }),
    doc('Workflow', { name: 'wf' }, 'delegate', { delegation: 1, unbounded: true }),
    ...['TodoWrite', 'TodoRead', 'TaskList', 'TaskGet', 'TaskOutput', 'TaskStop', 'KillShell', 'KillBash', 'EnterPlanMode', 'ExitPlanMode', 'AskUserQuestion', 'Skill', 'SlashCommand', 'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'PushNotification', 'EndConversation', 'WaitForMcpServers', 'CronCreate', 'CronDelete', 'CronList'].map((t) => doc(t, {}, 'control')),
    doc('DeferredToolPlaceholder', {}, 'unknown'),
    doc('mcp__filesystem__write_file', { path: `${P}/notes.md`, content: 'x' }, 'write', { paths: ['notes.md'] }),
    doc('mcp__github__create_pull_request', { title: 't' }, 'write', { paths: null }),
    doc('mcp__github__get_file_contents', { path: 'a' }, 'read'),
    doc('mcp__shell__run_command', { command: 'ls' }, 'unknown'),
    doc('NotARealTool', {}, 'unknown'),
  ],
  codex: [
    fx('Bash', xBash.tool_input, xBash.cwd, 'write', { paths: ['shell_made.txt'] }),
    fx('Bash', xBashSub.tool_input, xBashSub.cwd, 'write', { paths: ['child_made.txt'] }),
    fx('apply_patch', xPatch.tool_input, xPatch.cwd, 'write', { paths: ['patch_made.txt'] }),
    fx('spawn_agent', xSpawn.tool_input, xSpawn.cwd, 'delegate', { delegation: 1 }),
    fx('multi_agent_v1wait_agent', xWait.tool_input, xWait.cwd, 'control'),
    doc('multi_agent_v1spawn_agent', { message: 'x' }, 'delegate', { delegation: 1 }),
    ...['wait_agent', 'multi_agent_v1send_input', 'send_input', 'multi_agent_v1close_agent', 'close_agent', 'update_plan', 'request_user_input', 'tool_search', 'get_goal', 'create_goal', 'update_goal', 'list_agents', 'multi_agent_v1resume_agent'].map((t) => doc(t, {}, 'control')),
    doc('view_image', { path: 'a.png' }, 'read'),
    doc('web_search', { query: 'x' }, 'read'),
    doc('exec_command', { cmd: 'touch x', workdir: `${P}/w` }, 'write', { paths: ['w/x'] }),
    doc('shell_command', { command: 'ls' }, 'read'),
    doc('write_stdin', { session_id: 1, chars: 'rm -rf x\n' }, 'unknown'),
    doc('mcp__docs__search_docs', { q: 'x' }, 'read'),
    doc('Bash', { command: 'bash' }, 'unknown'),
  ],
  opencode: [
    fx('write', oWrite.output.args, P, 'write', { paths: ['allowed.txt'] }),
    fx('write', oWriteDenied.output.args, P, 'write', { paths: ['LAB_BLOCK-write.txt'] }),
    fx('edit', oEditDenied.output.args, P, 'write', { paths: ['allowed.txt'] }),
    fx('bash', oBash.output.args, P, 'write', { paths: ['bash-allowed.txt'] }),
    fx('bash', oBashDenied.output.args, P, 'write', { paths: ['LAB_BLOCK-bash.txt'] }),
    fx('task', oTask.output.args, P, 'delegate', { delegation: 1 }),
    doc('task', { description: 'd', prompt: 'p', subagent_type: 'general', task_id: 'ses_abc' }, 'control'),
    doc('read', { filePath: 'a.txt' }, 'read'),
    doc('grep', { pattern: 'x' }, 'read'),
    doc('glob', { pattern: '*.ts' }, 'read'),
    doc('list', { path: '.' }, 'read'),
    doc('lsp', {}, 'read'),
    doc('webfetch', { url: 'https://x' }, 'read'),
    doc('websearch', { query: 'x' }, 'read'),
    doc('codesearch', { query: 'x' }, 'read'),
    doc('multiedit', { filePath: 'a.ts', edits: [{ oldString: 'a', newString: 'b' }] }, 'write', { paths: ['a.ts'] }),
    doc('patch', { patchText: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch' }, 'write', { paths: ['p.ts'] }),
    doc('apply_patch', { patchText: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch' }, 'write', { paths: ['q.ts'] }),
    doc('bash', { command: 'rm -rf dist', workdir: 'web' }, 'write', { paths: ['web/dist'] }),
    ...['todowrite', 'todoread', 'question', 'skill', 'plan_enter', 'plan_exit', 'invalid'].map((t) => doc(t, {}, 'control')),
    doc('batch', { tool_calls: [] }, 'unknown'),
    doc('github_create_issue', { title: 'x' }, 'unknown'),
  ],
  hermes: [
    fx('write_file', hWrite.args, H, 'write', { paths: ['src/config.ts'] }),
    fx('read_file', hRead.args, H, 'read'),
    fx('patch', hPatch.args, H, 'write', { paths: ['src/config.ts', 'src/flags.ts'] }),
    fx('patch', hPatchReplace.args, H, 'write', { paths: ['src/config.ts'] }),
    fx('search_files', hSearch.args, H, 'read'),
    fx('terminal', hTerminal.args, H, 'read'),
    fx('delegate_task', hDelegate.args, H, 'delegate', { delegation: 2 }),
    fx('execute_code', hExec.args, H, 'unknown'),
    fx('todo', hTodo.args, H, 'control'),
    fx('memory', hMemory.args, H, 'control'),
    fx('clarify', hClarify.args, H, 'control'),
    fx('skill_manage', hSkill.args, H, 'control'),
    fx('browser_navigate', hBrowser.args, H, 'unknown'),
    fx('web_search', hWebSearch.args, H, 'read'),
    fx('web_extract', hWebExtract.args, H, 'read'),
    fx('vision_analyze', hVision.args, H, 'read'),
    fx('cronjob', hCron.args, H, 'unknown'),
    fx('process', hProcess.args, H, 'unknown'),
    fx('mcp_github_create_issue', hMcp.args, H, 'unknown'),
    doc('terminal', { command: 'npm install zod', workdir: `${H}/web` }, 'write', { cwd: H, paths: null, dep: true }),
    doc('terminal', { command: 'touch x', workdir: 'pkg' }, 'write', { cwd: H, paths: ['pkg/x'] }),
    doc('delegate_task', { goal: 'write tests' }, 'delegate', { delegation: 1 }),
    doc('delegate_task', { action: 'list' }, 'control'),
    doc('delegate_task', {}, 'delegate', { delegation: 1, unbounded: true }),
    doc('process', { action: 'poll', session_id: 'p' }, 'read'),
    doc('process', { action: 'close', session_id: 'p' }, 'control'),
    doc('cronjob', { action: 'list' }, 'read'),
    ...['read_terminal', 'session_search', 'skills_list', 'skill_view', 'x_search', 'video_analyze', 'browser_snapshot', 'browser_get_images', 'browser_vision', 'ha_list_entities', 'ha_get_state', 'ha_list_services', 'kanban_show', 'kanban_list', 'kanban_attachments', 'project_list'].map((t) => doc(t, {}, 'read')),
    ...['close_terminal', 'tool_search', 'tool_describe', 'project_create', 'project_switch', 'kanban_create', 'kanban_complete', 'kanban_block', 'kanban_unblock', 'kanban_comment', 'kanban_link', 'kanban_heartbeat', 'kanban_attach', 'kanban_attach_url'].map((t) => doc(t, {}, 'control')),
    ...['browser_click', 'browser_type', 'browser_press', 'browser_scroll', 'browser_back', 'browser_dialog', 'browser_console', 'browser_cdp', 'computer_use', 'ha_call_service', 'tool_call', 'send_message'].map((t) => doc(t, {}, 'unknown')),
    doc('image_generate', { prompt: 'x' }, 'write', { paths: null }),
    doc('video_generate', { prompt: 'x' }, 'write', { paths: null }),
    doc('text_to_speech', { text: 'hi', output_path: 'out/a.mp3' }, 'write', { paths: ['out/a.mp3'] }),
  ],
  pi: [
    fx('bash', pBash.event.input, pBash.ctx.cwd, 'write', { paths: ['bash-ran.txt'] }),
    fx('edit', pEdit.event.input, pEdit.ctx.cwd, 'write', { paths: ['target.txt'] }),
    fx('read', pRead.event.input, pRead.ctx.cwd, 'read'),
    fx('write', pWrite.event.input, pWrite.ctx.cwd, 'write', { paths: ['blocked.txt'] }),
    doc('grep', { pattern: 'x' }, 'read'),
    doc('find', { pattern: '*.ts' }, 'read'),
    doc('ls', { path: '.' }, 'read'),
    doc('powershell', { command: 'Set-Content a.txt x' }, 'write', { paths: ['a.txt'] }),
    doc('subagent', { agent: 'scout', task: 'look' }, 'delegate', { delegation: 1 }),
    doc('subagent', { tasks: [{ agent: 'a', task: '1' }, { agent: 'b', task: '2' }, { agent: 'c', task: '3' }] }, 'delegate', { delegation: 3 }),
    doc('subagent', { chain: [{ agent: 'a', task: '1' }, { agent: 'b', task: '{previous}' }] }, 'delegate', { delegation: 1 }),
    doc('subagent', { mode: 'swarm' }, 'delegate', { delegation: 1, unbounded: true }),
    doc('custom_extension_tool', {}, 'unknown'),
  ],
  // the analysis column only: the adapter first places write_file / replace paths on the disk (hosts/gemini/paths.ts)
  gemini: [
    fx('write_file', gWrite.tool_input, gWrite.cwd, 'write', { paths: ['made.txt'] }),
    fx('replace', gReplace.tool_input, gReplace.cwd, 'write', { paths: ['edit_me.txt'] }),
    fx('run_shell_command', gShell.tool_input, gShell.cwd, 'write', { paths: ['shell_made.txt', 'victim.txt'] }),
    fx('run_shell_command', gShellSub.tool_input, gShellSub.cwd, 'write', { paths: ['sub_made.txt', 'victim.txt'] }),
    fx('invoke_agent', gAgent.tool_input, gAgent.cwd, 'delegate', { delegation: 1 }),
    fx('complete_task', gComplete.tool_input, gComplete.cwd, 'control'),
    doc('run_shell_command', { command: 'touch x', dir_path: 'pkg' }, 'write', { paths: ['pkg/x'] }),
    doc('read_file', { file_path: 'a.txt' }, 'read'),
    ...['read_many_files', 'list_directory', 'glob', 'grep_search', 'web_fetch', 'google_web_search', 'list_mcp_resources', 'read_mcp_resource', 'get_internal_docs', 'list_background_processes', 'read_background_output'].map((t) => doc(t, {}, 'read')),
    ...['activate_skill', 'update_topic', 'enter_plan_mode', 'exit_plan_mode', 'write_todos', 'ask_user', 'tracker_create_task', 'tracker_update_task', 'tracker_get_task', 'tracker_list_tasks', 'tracker_add_dependency', 'tracker_visualize'].map((t) => doc(t, {}, 'control')),
    doc('mcp_github_create_issue', { title: 'x' }, 'unknown'),
  ],
  qwen: [
    fx('write_file', qWrite.tool_input, qWrite.cwd, 'write', { paths: ['made.txt'] }),
    fx('edit', qEdit.tool_input, qEdit.cwd, 'write', { paths: ['edit_me.txt'] }),
    fx('run_shell_command', qShell.tool_input, qShell.cwd, 'write', { paths: ['shell_made.txt', 'victim.txt'] }),
    fx('run_shell_command', qShellSub.tool_input, qShellSub.cwd, 'write', { paths: ['sub_made.txt', 'victim.txt'] }),
    fx('monitor', qMonitor.tool_input, qMonitor.cwd, 'write', { paths: ['mon_made.txt', 'victim.txt'] }),
    fx('read_file', qRead.tool_input, qRead.cwd, 'read'),
    fx('agent', qAgent.tool_input, qAgent.cwd, 'delegate', { delegation: 1 }),
    fx('tool_search', qToolSearch.tool_input, qToolSearch.cwd, 'control'),
    doc('notebook_edit', { notebook_path: `${P}/nb.ipynb`, new_source: '!pip install polars' }, 'write', { paths: ['nb.ipynb'], dep: true }),
    doc('run_shell_command', { command: 'touch x', directory: `${P}/pkg` }, 'write', { paths: ['pkg/x'] }),
    ...['glob', 'grep_search', 'list_directory', 'lsp', 'web_fetch', 'web_search', 'read_mcp_resource', 'zoom_image'].map((t) => doc(t, {}, 'read')),
    doc('save_memory', { fact: 'x' }, 'write', { paths: null }),
    doc('enter_worktree', { name: 'wt' }, 'write', { paths: null }),
    doc('exit_worktree', { name: 'wt', action: 'remove' }, 'write', { paths: null }),
    doc('exit_worktree', { name: 'wt', action: 'keep' }, 'control'),
    doc('tool_call', { name: 'monitor', arguments: { command: 'touch x' } }, 'unknown'),
    ...['skill', 'todo_write', 'ask_user_question', 'enter_plan_mode', 'exit_plan_mode', 'list_agents', 'send_message', 'get_goal', 'update_goal', 'propose_goal', 'structured_output', 'report_findings', 'task_create', 'task_update', 'task_list', 'task_stop', 'cron_create', 'cron_list', 'cron_delete', 'loop_wakeup'].map((t) => doc(t, {}, 'control')),
    doc('mcp__github__create_pull_request', { title: 't' }, 'write', { paths: null }),
    doc('exec', { code: 'x' }, 'unknown'),
  ],
  copilot: [
    fx('bash', ghBash.toolArgs, ghBash.cwd, 'write', { paths: ['allowed.txt'] }),
    fx('bash', ghBashSub.toolArgs, ghBashSub.cwd, 'write', { paths: ['sub.txt'] }),
    fx('create', ghCreate.toolArgs, ghCreate.cwd, 'write', { paths: ['created.txt'] }),
    fx('edit', ghEdit.toolArgs, ghEdit.cwd, 'write', { paths: ['victim.txt'] }),
    fx('view', ghView.toolArgs, ghView.cwd, 'read'),
    fx('task', ghTask.toolArgs, ghTask.cwd, 'delegate', { delegation: 1 }),
    doc('powershell', { command: 'Remove-Item -Recurse build' }, 'write', { paths: ['build'] }),
    doc('write_bash', { shellId: '1', input: 'rm -rf x\n' }, 'unknown'),
    doc('write_powershell', { shellId: '1', input: 'x' }, 'unknown'),
    doc('str_replace', { path: `${P}/a.ts`, old_str: 'a', new_str: 'b' }, 'write', { paths: ['a.ts'] }),
    doc('apply_patch', { input: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch\n' }, 'write', { paths: ['p.ts'] }),
    ...['read_bash', 'read_powershell', 'grep', 'glob', 'web_fetch', 'web_search', 'fetch_copilot_cli_documentation', 'session_store_sql'].map((t) => doc(t, {}, 'read')),
    ...['stop_bash', 'stop_powershell', 'list_bash', 'list_powershell', 'sql', 'read_agent', 'list_agents', 'write_agent', 'skill', 'task_complete', 'exit_plan_mode', 'ask_user', 'think'].map((t) => doc(t, {}, 'control')),
    doc('lab-frobnicate', { target: 'a.txt' }, 'unknown'),
  ],
  droid: [
    fx('Execute', dExecute.tool_input, dExecute.cwd, 'write', { paths: ['allowed.txt'] }),
    fx('Execute', dExecuteSub.tool_input, dExecuteSub.cwd, 'write', { paths: ['sub.txt'] }),
    fx('Create', dCreate.tool_input, dCreate.cwd, 'write', { paths: ['created.txt'] }),
    fx('Edit', dEdit.tool_input, dEdit.cwd, 'write', { paths: ['victim.txt'] }),
    fx('Read', dRead.tool_input, dRead.cwd, 'read'),
    fx('Task', dTask.tool_input, dTask.cwd, 'delegate', { delegation: 1 }),
    doc('MultiEdit', { file_path: `${P}/a.ts`, edits: [{ old_str: 'a', new_str: 'b' }] }, 'write', { paths: ['a.ts'] }),
    doc('ApplyPatch', { input: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch\n' }, 'write', { paths: ['q.ts'] }),
    ...['LS', 'Glob', 'Grep', 'WebSearch', 'FetchUrl', 'TaskOutput'].map((t) => doc(t, {}, 'read')),
    ...['TaskStop', 'WaitForScript', 'TodoWrite', 'AskUser', 'ExitSpecMode', 'ToolSearch', 'Skill'].map((t) => doc(t, {}, 'control')),
    doc('Script', { code: 'x' }, 'unknown'),
    doc('lab___frobnicate', { target: 'a.txt' }, 'unknown'),
  ],  kilo: [
    fx('write', kWrite.output.args, P, 'write', { paths: ['w.txt'] }),
    fx('bash', kBash.output.args, P, 'write', { paths: ['allowed.txt'] }),
    fx('bash', kBashDenied.output.args, P, 'write', { paths: ['a.txt'] }),
    fx('task', kTask.output.args, P, 'delegate', { delegation: 1 }),
    doc('edit', { filePath: 'a.txt', oldString: 'a', newString: 'b' }, 'write', { paths: ['a.txt'] }),
    // the rest of OpenCode's tool table, which Kilo keeps (seen in its tool list)
    doc('read', { filePath: 'a.txt' }, 'read'),
    doc('grep', { pattern: 'x' }, 'read'),
    doc('glob', { pattern: '*.ts' }, 'read'),
    doc('list', { path: '.' }, 'read'),
    doc('lsp', {}, 'read'),
    doc('webfetch', { url: 'https://x' }, 'read'),
    doc('websearch', { query: 'x' }, 'read'),
    doc('codesearch', { query: 'x' }, 'read'),
    doc('multiedit', { filePath: 'a.ts', edits: [{ oldString: 'a', newString: 'b' }] }, 'write', { paths: ['a.ts'] }),
    doc('patch', { patchText: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch' }, 'write', { paths: ['p.ts'] }),
    doc('apply_patch', { patchText: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch' }, 'write', { paths: ['q.ts'] }),
    ...['todowrite', 'todoread', 'question', 'skill', 'plan_enter', 'plan_exit', 'invalid'].map((t) => doc(t, {}, 'control')),
    doc('batch', { tool_calls: [] }, 'unknown'),
  ],
  kimi: [
    fx('Shell', kShell.tool_input, kShell.cwd, 'write', { paths: ['allowed.txt'] }),
    fx('Shell', kShellSub.tool_input, kShellSub.cwd, 'write', { paths: ['a.txt'] }),
    fx('WriteFile', kimiWrite.tool_input, kimiWrite.cwd, 'write', { paths: ['w.txt'] }),
    fx('StrReplaceFile', kReplace.tool_input, kReplace.cwd, 'write', { paths: ['w.txt'] }),
    doc('StrReplaceFile', { path: 'package.json', edit: { old: '"deps": {}', new: '"dependencies": { "left-pad": "1.3.0" }' } }, 'write', { paths: ['package.json'], dep: true }),
    doc('StrReplaceFile', { path: 'a.ts', edit: [{ old: 'a', new: 'b' }, { old: 'c', new: 'd' }] }, 'write', { paths: ['a.ts'] }),
    fx('ReadFile', kRead.tool_input, kRead.cwd, 'read'),
    fx('Agent', kAgent.tool_input, kAgent.cwd, 'delegate', { delegation: 1 }),
    doc('ReadMediaFile', { path: `${P}/a.png` }, 'read'),
    ...['Glob', 'Grep', 'FetchURL', 'SearchWeb', 'TaskList', 'TaskOutput'].map((t) => doc(t, {}, 'read')),
    ...['TaskStop', 'SetTodoList', 'AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'Think', 'SendDMail'].map((t) => doc(t, {}, 'control')),
    doc('frobnicate', { target: 'a.txt' }, 'unknown'),
  ],
  openhands: [
    fx('terminal', ohTerminal.tool_input, ohTerminal.working_dir, 'write', { paths: ['allowed.txt'] }),
    fx('file_editor', ohCreate.tool_input, ohCreate.working_dir, 'write', { paths: ['w.txt'] }),
    fx('file_editor', ohView.tool_input, ohView.working_dir, 'read'),
    fx('finish', ohFinish.tool_input, ohFinish.working_dir, 'control'),
    // keystrokes into the program running in the terminal: not a command anybody can read
    doc('terminal', { command: 'y', is_input: true, kind: 'TerminalAction' }, 'unknown'),
    doc('terminal', { command: 'cat a.txt', is_input: false, kind: 'TerminalAction' }, 'read'),
    doc('file_editor', { command: 'str_replace', path: `${P}/a.ts`, old_str: 'a', new_str: 'b' }, 'write', { paths: ['a.ts'] }),
    doc('file_editor', { command: 'insert', path: `${P}/a.ts`, insert_line: 1, new_str: 'b' }, 'write', { paths: ['a.ts'] }),
    doc('file_editor', { command: 'undo_edit', path: `${P}/a.ts` }, 'write', { paths: ['a.ts'] }),
    doc('file_editor', { command: 'rewrite_all', path: `${P}/a.ts` }, 'unknown'),
    // the subagent's own calls fire no hook: one subagent whose effects are all possible
    doc('task', { description: 'd', prompt: 'rm -f a.txt', subagent_type: 'general-purpose', kind: 'TaskAction' }, 'unknown', { delegation: 1, dep: true, hash: true }),
    doc('think', { thought: 'x' }, 'control'),
    doc('task_tracker', { command: 'view' }, 'control'),
  ],
  openclaw: [
    fx('write', ocWrite.event.params, P, 'write', { paths: ['w.txt'] }),
    fx('exec', ocExec.event.params, P, 'write', { paths: ['allowed.txt'] }),
    fx('exec', ocRm.event.params, P, 'write', { paths: ['a.txt'] }),
    doc('exec', { command: 'touch x', workdir: `${P}/sub` }, 'write', { paths: ['sub/x'] }),
    doc('edit', { path: 'a.ts', edits: [{ oldText: 'a', newText: 'b' }] }, 'write', { paths: ['a.ts'] }),
    doc('apply_patch', { input: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch\n' }, 'write', { paths: ['q.ts'] }),
    doc('read', { path: 'a.ts' }, 'read'),
    doc('ls', { path: '.' }, 'read'),
    doc('tool_search', { query: 'x' }, 'read'),
    doc('tool_describe', { name: 'exec' }, 'read'),
    doc('process', { action: 'poll', sessionId: 's' }, 'read'),
    doc('process', { action: 'kill', sessionId: 's' }, 'unknown'),
    doc('sessions_spawn', { task: 'look' }, 'delegate', { delegation: 1 }),
    doc('sessions_yield', {}, 'control'),
    doc('tool_call', { name: 'exec', args: { command: 'rm -rf /' } }, 'unknown'),
  ],
  vibe: [
    fx('file_system.bash', vBash.tool_input, vBash.cwd, 'write', { paths: ['allowed.txt'] }),
    fx('file_system.bash', vRm.tool_input, vRm.cwd, 'write', { paths: ['a.txt'] }),
    fx('file_system.write_file', vWrite.tool_input, vWrite.cwd, 'write', { paths: ['w.txt'] }),
    fx('file_system.search_replace', vEdit.tool_input, vEdit.cwd, 'write', { paths: ['w.txt'] }),
    fx('file_system.read_file', vRead.tool_input, vRead.cwd, 'read'),
    doc('process.start', { command: 'touch p.txt' }, 'write', { paths: ['p.txt'] }),
    doc('agents.spawn', { name: 'helper', message: 'look' }, 'delegate', { delegation: 1 }),
    ...['process.output', 'process.list', 'skill.read', 'agents.list', 'agents.list_configs'].map((t) => doc(t, {}, 'read')),
    ...['process.stop', 'agents.send_message', 'agents.interrupt'].map((t) => doc(t, {}, 'control')),
    doc('process.write', { text: 'y' }, 'unknown'),
    doc('mcp_linear.create_issue', { title: 'x' }, 'unknown'),
    doc('connector_Google_Drive_search_files', { q: 'x' }, 'unknown'),
  ],
  // the inputs as the Cline adapter hands them on: run_commands' list as one script, read_files' paths listed
  cline: [
    fx('run_commands', { commands: clShell.tool_call.input.commands[0] }, P, 'write', { paths: ['allowed.txt'] }),
    doc('run_commands', { commands: '(\ncd /tmp\n)\n(\ntouch b.txt\n)' }, 'write', { paths: ['b.txt'] }),
    doc('run_commands', { commands: ['touch b.txt'] }, 'unknown'),
    fx('editor', clEditor.tool_call.input, P, 'write', { paths: ['w.txt'] }),
    fx('read_files', { ...clRead.tool_call.input, paths: clRead.tool_call.input.files.map((f: { path: string }) => f.path) }, P, 'read'),
    doc('search_codebase', { queries: ['TODO'] }, 'read'),
    doc('fetch_web_content', { requests: [{ url: 'https://example.com', prompt: 'x' }] }, 'read'),
    doc('spawn_agent', { systemPrompt: 'x', task: 'y' }, 'delegate', { delegation: 1 }),
    doc('ask_question', { question: 'x' }, 'control'),
    doc('team_spawn_teammate', { name: 'x' }, 'unknown'),
  ],
};

for (const family of Object.keys(CASES) as RegistryFamily[]) {
  const registry = REGISTRIES[family];
  describe(`${registry.displayName} (${family})`, () => {
    it('has a case for every tool in the registry', () => {
      const covered = new Set(CASES[family].map((c) => c.tool));
      const missing = registry.tools.map((t) => t.name).filter((n) => !covered.has(n));
      expect(missing).toEqual([]);
    });

    it.each(CASES[family].map((c) => [`${c.tool} (${c.from}) -> ${c.mutability}`, c] as const))('%s', (_label, c) => {
      const a = analyzeToolCall(registry, c.tool, c.input, { cwd: c.cwd, home: '/home/dev' });
      const why = (a.segments ?? []).map((s) => `${s.program}: ${s.why}`).join('\n');
      expect(isAction({ ...a }), 'the result is a valid Action').toBe(true);
      expect(a.name).toBe(c.tool);
      expect(a.mutability, why).toBe(c.mutability);
      const paths = c.paths !== undefined ? c.paths : c.mutability === 'unknown' ? null : [];
      expect(a.affectedPaths, why).toEqual(paths);
      expect(a.delegationCount).toBe(c.delegation ?? 0);
      expect(a.unboundedDelegation).toBe(c.unbounded ?? false);
      if (c.dep !== undefined) expect(a.dependencyIntent).toBe(c.dep);
      if (c.hash !== undefined) expect(a.hashIntent).toBe(c.hash);
      expect(a.cwd).toBe(c.cwd);
      const entry = findToolEntry(registry, c.tool);
      expect(a.canonicalName).toBe(entry?.canonical);
    });
  });
}

describe('analyzeToolCall never throws on odd input', () => {
  const odd: unknown[] = [undefined, null, 0, 'text', [], [1, 2], { command: null }, { command: 42 }, { command: ['rm', 'x'] }, { file_path: {} }, { edits: [null, 3, 'x'] }, { patch: 5, mode: 'patch' }, { tasks: 'not json' }, Object.create(null)];
  for (const family of Object.keys(REGISTRIES) as RegistryFamily[]) {
    const registry = REGISTRIES[family];
    it(`${family}: every tool with every odd input gives a valid Action`, () => {
      for (const t of registry.tools) {
        for (const input of odd) {
          const a = analyzeToolCall(registry, t.name, input, { cwd: P });
          expect(isAction(a), `${t.name} ${JSON.stringify(input)}`).toBe(true);
          if (t.kind === 'shell' || t.kind === 'powershell') {
            // no readable command: never a read
            if (!(typeof (input as { command?: unknown })?.command === 'string')) expect(a.mutability).not.toBe('read');
          }
        }
      }
    });
  }

  it('odd tool names and options', () => {
    const reg = REGISTRIES.claude;
    for (const name of ['', '   ', 'x'.repeat(100_000), 'mcp__', '__proto__', 'constructor'] as string[]) {
      const a = analyzeToolCall(reg, name, {}, {});
      expect(isAction(a)).toBe(true);
      expect(a.mutability).toBe('unknown');
    }
    expect(analyzeToolCall(reg, 42 as unknown as string, {}, {}).name).toBe('(unnamed tool)');
    expect(analyzeToolCall(reg, 'Bash', { command: 'ls' }, { cwd: 7 as unknown as string }).mutability).toBe('read');
  });

  it('a huge command is unknown, not a crash', () => {
    const a = analyzeToolCall(REGISTRIES.claude, 'Bash', { command: 'echo ' + 'a'.repeat(300_000) }, { cwd: P });
    expect(a.mutability).toBe('unknown');
    expect(a.segments?.[0]?.why).toMatch(/longer than/);
  });
});

describe("a tool row's canonical name", () => {
  const canonicalToolName = (family: RegistryFamily, tool: string) => findToolEntry(REGISTRIES[family], tool)?.canonical;
  it.each([
    ['claude', 'Agent', 'Task'],
    ['claude', 'Bash', 'Bash'],
    ['codex', 'apply_patch', 'Edit'],
    ['codex', 'spawn_agent', 'Task'],
    ['opencode', 'bash', 'Bash'],
    ['opencode', 'write', 'Write'],
    ['hermes', 'terminal', 'Bash'],
    ['hermes', 'patch', 'Edit'],
    ['hermes', 'delegate_task', 'Task'],
    ['pi', 'edit', 'Edit'],
    ['pi', 'subagent', 'Task'],
  ] as const)('%s %s -> %s', (fam, tool, canon) => {
    expect(canonicalToolName(fam, tool)).toBe(canon);
  });
  it('is undefined for tools with no canonical name', () => {
    expect(canonicalToolName('claude', 'mcp__x__y')).toBeUndefined();
    expect(canonicalToolName('pi', 'nope')).toBeUndefined();
  });
});
