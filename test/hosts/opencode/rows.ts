/**
 * OpenCode 1.18.33's rows of the shared suites (test/fixtures/opencode/tool.execute.before-*.json):
 * absolute paths, MCP tools named `<server>_<tool>`. Kilo Code, which sends the same tool names and
 * fields, shares them (test/hosts/kilo/rows.ts). The in-process door's driver is the scenarios'.
 */
import { opencodeRegistry } from '../../../core/registry/opencode';
import type { HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
  // OpenCode's tools and path handling (test/hosts/opencode/path-forms.test.ts)
  pathForms: ['dotdot', 'absolute'],
  render: registryCalls(opencodeRegistry, {
    absolute: true,
    mcp: (server, tool) => `${server}_${tool}`,
    // `task` also continues a child session (task_id): a new subagent is one without it
    own: { delegate: (t) => ({ name: 'task', input: { description: 'help', prompt: t.task, subagent_type: 'general' } }) },
  }),
  writeEvent: { event: 'tool.execute.before', tool: 'write' },
};
