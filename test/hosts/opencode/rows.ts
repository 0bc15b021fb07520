/**
 * OpenCode 1.18.33's rows of the shared suites (test/fixtures/opencode/tool.execute.before-*.json):
 * absolute paths, MCP tools named `<server>_<tool>`. Kilo Code, which sends the same tool names and
 * fields, shares them (test/hosts/kilo/rows.ts). The in-process door's driver is the scenarios'.
 */
import type { HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
  // OpenCode's tools and path handling (test/hosts/opencode/path-forms.test.ts)
  pathForms: ['dotdot', 'absolute'],
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'write', input: { filePath: kit.spell(t, ctx, true), content: t.content } };
      case 'edit':
        return { name: 'edit', input: { filePath: kit.place(t.path, ctx, true), oldString: t.old, newString: t.new } };
      case 'read':
        return { name: 'read', input: { filePath: kit.place(t.path, ctx, true) } };
      case 'shell':
        return { name: 'bash', input: { command: t.command, description: 'run it' } };
      case 'delegate':
        return { name: 'task', input: { description: 'help', prompt: t.task, subagent_type: 'general' } };
      case 'batch':
        return null;
      case 'mcp':
        return { name: `${t.server}_${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'tool.execute.before', tool: 'write' },
};
