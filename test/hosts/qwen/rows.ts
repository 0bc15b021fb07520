/**
 * Qwen Code's rows of the shared suites (test/fixtures/qwen/PreToolUse-*.json): absolute paths (it
 * refuses relative ones), no batch tool.
 */
import { qwenRegistry } from '../../../core/registry/qwen';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import qWrite from '../../fixtures/qwen/PreToolUse-write_file.json';
import qEdit from '../../fixtures/qwen/PreToolUse-edit.json';
import qShell from '../../fixtures/qwen/PreToolUse-run_shell_command.json';
import qShellSub from '../../fixtures/qwen/PreToolUse-run_shell_command-subagent.json';
import qMonitor from '../../fixtures/qwen/PreToolUse-monitor.json';
import qRead from '../../fixtures/qwen/PreToolUse-read_file.json';
import qAgent from '../../fixtures/qwen/PreToolUse-agent-subagent.json';
import qToolSearch from '../../fixtures/qwen/PreToolUse-tool_search.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
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
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write_file', input: { file_path: raw, content: 'x' } }),
  tables: [
    // Qwen refuses a relative file_path before any hook runs; what reaches the hook is absolute
    {
      title: 'Qwen Code 0.24.4',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('qwen', 'UserPromptSubmit.json'), session_id: s.session, cwd: s.project, prompt: text, submitted_prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('qwen', 'PreToolUse-write_file.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input, tool_use_id: kit.nextId('toolu_'), tool_call_id: kit.nextId('call_') }),
    // on exit 2 Qwen reads the reason from stderr; otherwise the permissionDecision JSON
    decision(r) {
      if (r.exitCode === 2) return r.stderr.trim() ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' };
      const hso = (answerJson(r.stdout)?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      return hso.permissionDecision === 'deny' ? { decision: 'deny', stamp: String(hso.permissionDecisionReason ?? '') } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  // Qwen refuses a relative path before any hook runs: the model's paths are absolute
  pathForms: ['absolute'],
  render: registryCalls(qwenRegistry, { absolute: true, mcp: (server, tool) => `mcp__${server}__${tool}` }),
  writeEvent: { event: 'PreToolUse', tool: 'write_file' },
};
