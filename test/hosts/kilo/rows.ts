/**
 * Kilo Code 7.7.7 sends OpenCode's tool names and fields (test/fixtures/kilo) and loads its plugin,
 * so its rows are OpenCode's, with its own registry's tool cases and driver.
 */
import type { HostTestRows } from '../harness/host-rows';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { openCodeDialect, openCodeDriver } from '../opencode/rows';
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
  doc('read', { filePath: 'a.txt' }, 'read'),
  doc('grep', { pattern: 'x' }, 'read'),
  doc('glob', { pattern: '*.ts' }, 'read'),
  doc('list', { path: '.' }, 'read'),
  doc('lsp', {}, 'read'),
  doc('webfetch', { url: 'https://x' }, 'read'),
  doc('websearch', { query: 'x' }, 'read'),
  doc('codesearch', { query: 'x' }, 'read'),
  doc('multiedit', { filePath: 'a.ts', edits: [{ oldString: 'a', newString: 'b' }] }, 'write', { paths: ['a.ts'] }),
  doc('patch', { patchText: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch' }, 'write', { paths: ['p.ts'] }),
  doc('apply_patch', { patchText: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch' }, 'write', { paths: ['q.ts'] }),
  ...['todowrite', 'todoread', 'question', 'skill', 'plan_enter', 'plan_exit', 'invalid'].map((t) => doc(t, {}, 'control')),
  doc('batch', { tool_calls: [] }, 'unknown'),
];

export const rows: HostTestRows = {
  ...openCodeDialect,
  toolCases: TOOL_CASES,
  driver: (s, kit) => openCodeDriver('kilo', s, kit),
};
