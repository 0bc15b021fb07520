/**
 * Pi's rows of the shared suites (test/fixtures/pi/tool_call-*.json): paths as the model writes
 * them, its subagent tool for a delegation and a batch; Pi has no MCP, so an MCP call is a tool
 * another extension registered. The in-process door's driver is the scenarios'.
 */
import type { HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
  // the runners of the two pinned Pi versions (test/hosts/pi/pins.json)
  installs: ['pi-ew', 'node22', 'pi-mz'],
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
        return { name: 'bash', input: { command: t.command } };
      case 'delegate':
        return { name: 'subagent', input: { agent: 'worker', task: t.task } };
      case 'batch':
        return { name: 'subagent', input: { tasks: Array.from({ length: t.tasks }, (_, i) => ({ agent: 'worker', task: `part ${i + 1}` })) } };
      case 'mcp':
        return { name: `${t.server}_${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'tool_call', tool: 'write' },
};
