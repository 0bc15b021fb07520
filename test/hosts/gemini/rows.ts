/**
 * Gemini CLI's rows of the shared suites (test/fixtures/gemini/BeforeTool-*.json): the model's
 * paths as it writes them (relative to the project), no batch tool.
 */
import { answerJson, type HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
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
