/**
 * OpenHands CLI 1.16.0's rows of the shared suites (test/fixtures/openhands/PreToolUse-*.json):
 * one file_editor tool by command, absolute paths. Its task subagent fires no hook, so a guarded
 * delegation is not something it can express: the task call is decided as a call of unknown
 * effect (scenarios.test.ts).
 */
import { openhandsRegistry } from '../../../core/registry/openhands';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import ohTerminal from '../../fixtures/openhands/PreToolUse-terminal.json';
import ohCreate from '../../fixtures/openhands/PreToolUse-file_editor-create.json';
import ohView from '../../fixtures/openhands/PreToolUse-file_editor-view.json';
import ohFinish from '../../fixtures/openhands/PreToolUse-finish.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('terminal', ohTerminal.tool_input, ohTerminal.working_dir, 'write', { paths: ['allowed.txt'] }),
  fx('file_editor', ohCreate.tool_input, ohCreate.working_dir, 'write', { paths: ['w.txt'] }),
  fx('file_editor', ohView.tool_input, ohView.working_dir, 'read'),
  fx('finish', ohFinish.tool_input, ohFinish.working_dir, 'control'),
  // keystrokes into the program running in the terminal: not a command anybody can read
  doc('terminal', { command: 'y', is_input: true, kind: 'TerminalAction' }, 'unknown'),
  doc('terminal', { command: 'cat a.txt', is_input: false, kind: 'TerminalAction' }, 'read'),
  doc('file_editor', { command: 'str_replace', path: `${P}/a.ts`, old_str: 'a', new_str: 'b' }, 'write', { paths: ['a.ts'] }),
  doc('file_editor', { command: 'insert', path: `${P}/a.ts`, insert_line: 1, new_str: 'b' }, 'write', { paths: ['a.ts'] }),
  doc('file_editor', { command: 'undo_edit', path: `${P}/a.ts` }, 'write', { paths: ['a.ts'] }),
  doc('file_editor', { command: 'rewrite_all', path: `${P}/a.ts` }, 'unknown'),
  // the subagent's own calls fire no hook: one subagent whose effects are all possible
  doc('task', { description: 'd', prompt: 'rm -f a.txt', subagent_type: 'general-purpose', kind: 'TaskAction' }, 'unknown', { delegation: 1, dep: true, hash: true }),
  doc('think', { thought: 'x' }, 'control'),
  doc('task_tracker', { command: 'view' }, 'control'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'file_editor', input: { command: 'create', path: raw, file_text: 'x' } }),
  tables: [
    // file_editor refuses a path that is not absolute (nothing is written); `~` is never expanded
    {
      title: 'OpenHands 1.16.0',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], [`${CWD}/a/../b.txt`, ['b.txt']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('openhands', 'UserPromptSubmit.json'), session_id: s.session, working_dir: s.project, message: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('openhands', 'PreToolUse-file_editor-create.json'), session_id: s.session, working_dir: s.project, tool_name: t.name, tool_input: t.input }),
    // OpenHands blocks on exit 2 or a top-level decision "deny"; the model reads the JSON reason, else stderr
    decision(r) {
      const j = answerJson(r.stdout);
      if (j?.decision === 'deny') return { decision: 'deny', stamp: String(j.reason ?? '') };
      return r.exitCode === 2 ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  // file_editor refuses a path that is not absolute
  pathForms: ['absolute'],
  render: registryCalls(openhandsRegistry, { absolute: true, mcp: (server, tool) => `${server}_${tool}` }),
  writeEvent: { event: 'PreToolUse', tool: 'file_editor' },
};
