/**
 * Pi's rows of the shared suites (test/fixtures/pi/tool_call-*.json): paths as the model writes
 * them, its subagent tool for a delegation and a batch; Pi has no MCP, so an MCP call is a tool
 * another extension registered. The in-process door's driver is the scenarios'.
 */
import { piRegistry } from '../../../core/registry/pi';
import type { HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
  // the runners of the two pinned Pi versions (test/hosts/pi/pins.json)
  installs: ['pi-ew', 'node22', 'pi-mz'],
  pathForms: ['mention', 'dotdot', 'absolute', 'home', 'file-url'],
  render: registryCalls(piRegistry, {
    absolute: false,
    mcp: (server, tool) => `${server}_${tool}`,
    // the subagent extension's shapes: one {agent, task}, or {tasks} run at once
    own: {
      delegate: (t) => ({ name: 'subagent', input: { agent: 'worker', task: t.task } }),
      batch: (t) => ({ name: 'subagent', input: { tasks: Array.from({ length: t.tasks }, (_, i) => ({ agent: 'worker', task: `part ${i + 1}` })) } }),
    },
  }),
  writeEvent: { event: 'tool_call', tool: 'write' },
};
