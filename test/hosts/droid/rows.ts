/**
 * Factory Droid 0.225.2's rows of the shared suites (test/fixtures/droid/PreToolUse-*.json):
 * absolute paths; MCP tools are `<server>___<tool>`.
 */
import { droidRegistry } from '../../../core/registry/droid';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import dExecute from '../../fixtures/droid/PreToolUse-Execute.json';
import dExecuteSub from '../../fixtures/droid/PreToolUse-Execute-subagent.json';
import dCreate from '../../fixtures/droid/PreToolUse-Create.json';
import dEdit from '../../fixtures/droid/PreToolUse-Edit.json';
import dRead from '../../fixtures/droid/PreToolUse-Read.json';
import dTask from '../../fixtures/droid/PreToolUse-Task.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('Execute', dExecute.tool_input, dExecute.cwd, 'write', { paths: ['allowed.txt'] }),
  fx('Execute', dExecuteSub.tool_input, dExecuteSub.cwd, 'write', { paths: ['sub.txt'] }),
  fx('Create', dCreate.tool_input, dCreate.cwd, 'write', { paths: ['created.txt'] }),
  fx('Edit', dEdit.tool_input, dEdit.cwd, 'write', { paths: ['victim.txt'] }),
  fx('Read', dRead.tool_input, dRead.cwd, 'read'),
  fx('Task', dTask.tool_input, dTask.cwd, 'delegate', { delegation: 1 }),
  doc('MultiEdit', { file_path: `${P}/a.ts`, edits: [{ old_str: 'a', new_str: 'b' }] }, 'write', { paths: ['a.ts'] }),
  doc('ApplyPatch', { input: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch\n' }, 'write', { paths: ['q.ts'] }),
  ...['LS', 'Glob', 'Grep', 'WebSearch', 'FetchUrl', 'TaskOutput'].map((t) => doc(t, {}, 'read')),
  ...['TaskStop', 'WaitForScript', 'TodoWrite', 'AskUser', 'ExitSpecMode', 'ToolSearch', 'Skill'].map((t) => doc(t, {}, 'control')),
  doc('Script', { code: 'x' }, 'unknown'),
  doc('lab___frobnicate', { target: 'a.txt' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'Create', input: { file_path: raw, content: 'x' } }),
  tables: [
    {
      title: 'Factory Droid 0.225.2',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']], [' src/a.ts', [' src/a.ts']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('droid', 'UserPromptSubmit-subagent.json'), session_id: s.session, cwd: s.project, prompt: text, message_id: kit.nextId('msg_') }),
    tool: (s, t, kit) => ({ ...kit.fixture('droid', 'PreToolUse-Create.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input }),
    // Droid reads only hookSpecificOutput.permissionDecision (and exit 2 with stderr)
    decision(r) {
      if (r.exitCode === 2) return { decision: 'deny', stamp: r.stderr };
      const hso = (answerJson(r.stdout)?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      const d = hso.permissionDecision;
      if (d === 'deny' || d === 'ask') return { decision: 'deny', stamp: String(hso.permissionDecisionReason ?? '') };
      return { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  pathForms: ['dotdot', 'absolute'],
  render: registryCalls(droidRegistry, { absolute: true, mcp: (server, tool) => `${server}___${tool}` }),
  writeEvent: { event: 'PreToolUse', tool: 'Create' },
};
