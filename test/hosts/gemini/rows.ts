/**
 * Gemini CLI's rows of the shared suites (test/fixtures/gemini/BeforeTool-*.json): the model's
 * paths as it writes them (relative to the project), no batch tool.
 */
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { doc, fx, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import gWrite from '../../fixtures/gemini/BeforeTool-write_file.json';
import gReplace from '../../fixtures/gemini/BeforeTool-replace.json';
import gShell from '../../fixtures/gemini/BeforeTool-run_shell_command.json';
import gShellSub from '../../fixtures/gemini/BeforeTool-run_shell_command-subagent.json';
import gAgent from '../../fixtures/gemini/BeforeTool-invoke_agent-subagent.json';
import gComplete from '../../fixtures/gemini/BeforeTool-complete_task-subagent.json';

/**
 * analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts).
 * The analysis column only: the adapter first places write_file / replace paths on the disk (hosts/gemini/paths.ts).
 */
const TOOL_CASES: ToolCase[] = [
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
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write_file', input: { file_path: raw, content: 'x' } }),
  tables: [
    // the forms the column decides; Gemini's adapter first resolves what depends on the disk
    // (`@`, replace's search, percent escapes): test/hosts/gemini/paths.test.ts
    {
      title: 'Gemini CLI 0.61.0 (after the adapter)',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('gemini', 'BeforeAgent.json'), session_id: s.session, cwd: s.project, prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('gemini', 'BeforeTool-write_file.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input }),
    // Gemini reads the JSON whatever the exit code: only the top-level decision counts
    decision(r) {
      const j = answerJson(r.stdout);
      if (j?.decision === 'deny' || j?.decision === 'block') return { decision: 'deny', stamp: String(j.reason ?? '') };
      return r.stdout === '' && r.exitCode >= 2 ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.tool_input,
  },
  // Gemini strips a leading `@` only when no such file exists (its fallback, not a mention form), never expands `~`
  pathForms: ['dotdot', 'absolute'],
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'write_file', input: { file_path: kit.spell(t, ctx, false), content: t.content } };
      case 'edit':
        return { name: 'replace', input: { file_path: kit.place(t.path, ctx, false), instruction: 'edit', old_string: t.old, new_string: t.new } };
      case 'read':
        return { name: 'read_file', input: { file_path: kit.place(t.path, ctx, false) } };
      case 'shell':
        return { name: 'run_shell_command', input: { command: t.command, description: 'run it' } };
      case 'delegate':
        return { name: 'invoke_agent', input: { agent_name: 'generalist', prompt: t.task } };
      case 'batch':
        return null;
      case 'mcp':
        // Gemini names MCP tools mcp_<server>_<tool>
        return { name: `mcp_${t.server}_${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'BeforeTool', tool: 'write_file' },
};
