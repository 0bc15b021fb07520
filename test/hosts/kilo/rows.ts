/**
 * Kilo Code 7.7.7 sends OpenCode's tool names and fields (test/fixtures/kilo) and loads its plugin,
 * so its rows are OpenCode's, with its own registry's tool cases and driver.
 */
import type { HostTestRows } from '../harness/host-rows';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { OPENCODE_TOOLS, openCodeDialect, openCodeDriver } from '../opencode/rows';
import kWrite from '../../fixtures/kilo/tool.execute.before-write.json';
import kBash from '../../fixtures/kilo/tool.execute.before-bash.json';
import kBashDenied from '../../fixtures/kilo/tool.execute.before-bash-denied.json';
import kTask from '../../fixtures/kilo/tool.execute.before-task.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('write', kWrite.output.args, P, 'write', { paths: ['w.txt'] }),
  fx('bash', kBash.output.args, P, 'write', { paths: ['allowed.txt'] }),
  fx('bash', kBashDenied.output.args, P, 'write', { paths: ['a.txt'] }),
  fx('task', kTask.output.args, P, 'delegate', { delegation: 1 }),
  doc('edit', { filePath: 'a.txt', oldString: 'a', newString: 'b' }, 'write', { paths: ['a.txt'] }),
  // the rest of OpenCode's tool table, which Kilo keeps (seen in its tool list)
  ...OPENCODE_TOOLS,
];

export const rows: HostTestRows = {
  ...openCodeDialect,
  toolCases: TOOL_CASES,
  driver: (s, kit) => openCodeDriver('kilo', s, kit),
};
