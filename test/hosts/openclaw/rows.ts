/**
 * OpenClaw 2026.9.6's rows of the shared suites (test/fixtures/openclaw/before_tool_call-*.json):
 * its own tool names; its plugin runs in the host's own Node (>= 24.16).
 */
import type { HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
  installs: ['openclaw', 'node24'],
  // one `@` dropped, `~/` the home, `file://` its path (observed on the real CLI)
  pathForms: ['mention', 'dotdot', 'absolute', 'home', 'file-url'],
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'write', input: { path: kit.spell(t, ctx, false), content: t.content } };
      case 'edit':
        return { name: 'edit', input: { path: kit.place(t.path, ctx, false), edits: [{ oldText: t.old, newText: t.new }] } };
      case 'read':
        return { name: 'read', input: { path: kit.place(t.path, ctx, false) } };
      case 'shell':
        return { name: 'exec', input: { title: 'run it', command: t.command } };
      case 'delegate':
        return { name: 'sessions_spawn', input: { task: t.task } };
      case 'batch':
        return null;
      case 'mcp':
        // an MCP tool under a name stopline has no table for
        return { name: `${t.server}__${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'before_tool_call', tool: 'write' },
};
