/**
 * GitHub Copilot CLI 1.0.102's rows of the shared suites, its camelCase tool names and inputs
 * (test/fixtures/copilot/preToolUse-*.json). Its payloads name no event: the hook file passes the
 * event's name as the script's argument, and so do the drivers (eventArgs, from the registry rows).
 */
import { copilotRegistry } from '../../../core/registry/copilot';
import { installRows } from '../../../core/registry/rows';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import ghBash from '../../fixtures/copilot/preToolUse-bash.json';
import ghBashSub from '../../fixtures/copilot/preToolUse-bash-subagent.json';
import ghCreate from '../../fixtures/copilot/preToolUse-create.json';
import ghEdit from '../../fixtures/copilot/preToolUse-edit.json';
import ghView from '../../fixtures/copilot/preToolUse-view.json';
import ghTask from '../../fixtures/copilot/preToolUse-task.json';

/** The name of the registered event with this control: the argument the hook file passes for it. */
const argFor = (control: string): string[] => [installRows(copilotRegistry).find((e) => e.control === control)!.native];

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('bash', ghBash.toolArgs, ghBash.cwd, 'write', { paths: ['allowed.txt'] }),
  fx('bash', ghBashSub.toolArgs, ghBashSub.cwd, 'write', { paths: ['sub.txt'] }),
  fx('create', ghCreate.toolArgs, ghCreate.cwd, 'write', { paths: ['created.txt'] }),
  fx('edit', ghEdit.toolArgs, ghEdit.cwd, 'write', { paths: ['victim.txt'] }),
  fx('view', ghView.toolArgs, ghView.cwd, 'read'),
  fx('task', ghTask.toolArgs, ghTask.cwd, 'delegate', { delegation: 1 }),
  doc('powershell', { command: 'Remove-Item -Recurse build' }, 'write', { paths: ['build'] }),
  doc('write_bash', { shellId: '1', input: 'rm -rf x\n' }, 'unknown'),
  doc('write_powershell', { shellId: '1', input: 'x' }, 'unknown'),
  doc('str_replace', { path: `${P}/a.ts`, old_str: 'a', new_str: 'b' }, 'write', { paths: ['a.ts'] }),
  doc('apply_patch', { input: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch\n' }, 'write', { paths: ['p.ts'] }),
  ...['read_bash', 'read_powershell', 'grep', 'glob', 'web_fetch', 'web_search', 'fetch_copilot_cli_documentation', 'session_store_sql'].map((t) => doc(t, {}, 'read')),
  ...['stop_bash', 'stop_powershell', 'list_bash', 'list_powershell', 'sql', 'read_agent', 'list_agents', 'write_agent', 'skill', 'task_complete', 'exit_plan_mode', 'ask_user', 'think'].map((t) => doc(t, {}, 'control')),
  doc('lab-frobnicate', { target: 'a.txt' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'create', input: { path: raw, file_text: 'x' } }),
  tables: [
    // observed on the real CLIs (test/hosts/copilot/path-forms.test.ts, test/hosts/droid/path-forms.test.ts):
    // `~/x`, `@x`, a leading space and `file://` are plain names in the cwd
    {
      title: 'GitHub Copilot CLI 1.0.102',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']], [' src/a.ts', [' src/a.ts']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('copilot', 'userPromptSubmitted.json'), sessionId: s.session, cwd: s.project, prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('copilot', 'preToolUse-create.json'), sessionId: s.session, cwd: s.project, toolName: t.name, toolArgs: t.input }),
    // under a camelCase key Copilot reads only the top-level permissionDecision
    decision(r) {
      const j = answerJson(r.stdout) ?? {};
      const d = j.permissionDecision;
      if (d === 'deny' || d === 'ask') return { decision: 'deny', stamp: String(j.permissionDecisionReason ?? '') };
      return { decision: 'allow' };
    },
    rewrittenInput: (j) => j.modifiedArgs,
    eventArgs: { prompt: argFor('prompt.submit'), tool: argFor('action.before') },
  },
  pathForms: ['dotdot', 'absolute'],
  // an MCP tool under a name stopline has no table for
  render: registryCalls(copilotRegistry, { absolute: true, mcp: (server, tool) => `${server}-${tool}` }),
  // the payload at the bound takes the captured snake_case fields with these names; the event itself is the argument
  writeEvent: { event: 'PreToolUse', tool: 'Write' },
};
