/**
 * OpenClaw 2026.9.6's rows of the shared suites (test/fixtures/openclaw/before_tool_call-*.json):
 * its own tool names; its plugin runs in the host's own Node (>= 24.16).
 */
import { openclawRegistry } from '../../../core/registry/openclaw';
import type { HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
  installs: ['openclaw', 'node24'],
  // one `@` dropped, `~/` the home, `file://` its path (observed on the real CLI)
  pathForms: ['mention', 'dotdot', 'absolute', 'home', 'file-url'],
  // an MCP tool under a name stopline has no table for
  render: registryCalls(openclawRegistry, { absolute: false, mcp: (server, tool) => `${server}__${tool}` }),
  writeEvent: { event: 'before_tool_call', tool: 'write' },
};
