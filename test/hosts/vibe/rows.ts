/**
 * Mistral Vibe's rows of the shared suites. Its pre_tool hook sees the runtime's `file_system.*`
 * names and `file_path` (test/fixtures/vibe/pre_tool-*.json), not the model's `write_file`
 * {path}; a subagent is a run_typescript program's `agents.spawn`; MCP tools are
 * `mcp_<server>.<tool>`.
 */
import type { HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
  // `~/` is the HOME's, `@x` a plain name (path-forms.test.ts)
  pathForms: ['dotdot', 'absolute', 'home'],
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'file_system.write_file', input: { file_path: kit.spell(t, ctx, false), content: t.content } };
      case 'edit':
        return { name: 'file_system.search_replace', input: { file_path: kit.place(t.path, ctx, false), old_string: t.old, new_string: t.new, replace_all: false } };
      case 'read':
        return { name: 'file_system.read_file', input: { file_path: kit.place(t.path, ctx, false) } };
      case 'shell':
        return { name: 'file_system.bash', input: { command: t.command } };
      case 'delegate':
        return { name: 'agents.spawn', input: { name: 'helper', message: t.task } };
      case 'batch':
        return null;
      case 'mcp':
        return { name: `mcp_${t.server}.${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'pre_tool', tool: 'write_file' },
};
