/**
 * Kimi Code 1.51.0's rows of the shared suites (test/fixtures/kimi/PreToolUse-*.json): relative
 * paths as the model writes them; MCP tools keep their bare name.
 */
import { kimiRegistry } from '../../../core/registry/kimi';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, HOME, type HostPathRows } from '../harness/path-tables';
import kShell from '../../fixtures/kimi/PreToolUse-Shell.json';
import kShellSub from '../../fixtures/kimi/PreToolUse-Shell-subagent.json';
import kimiWrite from '../../fixtures/kimi/PreToolUse-WriteFile.json';
import kReplace from '../../fixtures/kimi/PreToolUse-StrReplaceFile.json';
import kRead from '../../fixtures/kimi/PreToolUse-ReadFile.json';
import kAgent from '../../fixtures/kimi/PreToolUse-Agent.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('Shell', kShell.tool_input, kShell.cwd, 'write', { paths: ['allowed.txt'] }),
  fx('Shell', kShellSub.tool_input, kShellSub.cwd, 'write', { paths: ['a.txt'] }),
  fx('WriteFile', kimiWrite.tool_input, kimiWrite.cwd, 'write', { paths: ['w.txt'] }),
  fx('StrReplaceFile', kReplace.tool_input, kReplace.cwd, 'write', { paths: ['w.txt'] }),
  doc('StrReplaceFile', { path: 'package.json', edit: { old: '"deps": {}', new: '"dependencies": { "left-pad": "1.3.0" }' } }, 'write', { paths: ['package.json'], dep: true }),
  doc('StrReplaceFile', { path: 'a.ts', edit: [{ old: 'a', new: 'b' }, { old: 'c', new: 'd' }] }, 'write', { paths: ['a.ts'] }),
  fx('ReadFile', kRead.tool_input, kRead.cwd, 'read'),
  fx('Agent', kAgent.tool_input, kAgent.cwd, 'delegate', { delegation: 1 }),
  doc('ReadMediaFile', { path: `${P}/a.png` }, 'read'),
  ...['Glob', 'Grep', 'FetchURL', 'SearchWeb', 'TaskList', 'TaskOutput'].map((t) => doc(t, {}, 'read')),
  ...['TaskStop', 'SetTodoList', 'AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'Think', 'SendDMail'].map((t) => doc(t, {}, 'control')),
  doc('frobnicate', { target: 'a.txt' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'WriteFile', input: { path: raw, content: 'x' } }),
  tables: [
    {
      title: 'Kimi Code 1.51.0',
      rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~other/x.txt', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('kimi', 'UserPromptSubmit.json'), session_id: s.session, cwd: s.project, prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('kimi', 'PreToolUse-WriteFile.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input, tool_call_id: kit.nextId('call_') }),
    // Kimi reads only hookSpecificOutput.permissionDecision "deny" (and exit 2 with stderr), on any event
    decision(r) {
      if (r.exitCode === 2) return { decision: 'deny', stamp: r.stderr };
      const hso = (answerJson(r.stdout)?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      return hso.permissionDecision === 'deny' ? { decision: 'deny', stamp: String(hso.permissionDecisionReason ?? '') } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  // Kimi expands `~/` (Python's expanduser); `@x` and `file://` are plain names (observed)
  pathForms: ['dotdot', 'absolute', 'home'],
  render: registryCalls(kimiRegistry, { absolute: false, mcp: (_server, tool) => tool }),
  writeEvent: { event: 'PreToolUse', tool: 'WriteFile' },
};
