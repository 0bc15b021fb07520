/**
 * Codex CLI's rows of the shared suites (test/fixtures/codex/PreToolUse-*.json): files change
 * through apply_patch with paths relative to the cwd; reads and shell calls reach the hook as Bash.
 */
import type { HostTestRows } from '../harness/host-rows';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import xBash from '../../fixtures/codex/PreToolUse-Bash.json';
import xBashSub from '../../fixtures/codex/PreToolUse-Bash-subagent.json';
import xPatch from '../../fixtures/codex/PreToolUse-apply_patch.json';
import xSpawn from '../../fixtures/codex/PreToolUse-spawn_agent.json';
import xWait from '../../fixtures/codex/PreToolUse-multi_agent_v1wait_agent.json';

const patch = (lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('Bash', xBash.tool_input, xBash.cwd, 'write', { paths: ['shell_made.txt'] }),
  fx('Bash', xBashSub.tool_input, xBashSub.cwd, 'write', { paths: ['child_made.txt'] }),
  fx('apply_patch', xPatch.tool_input, xPatch.cwd, 'write', { paths: ['patch_made.txt'] }),
  fx('spawn_agent', xSpawn.tool_input, xSpawn.cwd, 'delegate', { delegation: 1 }),
  fx('multi_agent_v1wait_agent', xWait.tool_input, xWait.cwd, 'control'),
  doc('multi_agent_v1spawn_agent', { message: 'x' }, 'delegate', { delegation: 1 }),
  ...['wait_agent', 'multi_agent_v1send_input', 'send_input', 'multi_agent_v1close_agent', 'close_agent', 'update_plan', 'request_user_input', 'tool_search', 'get_goal', 'create_goal', 'update_goal', 'list_agents', 'multi_agent_v1resume_agent'].map((t) => doc(t, {}, 'control')),
  doc('view_image', { path: 'a.png' }, 'read'),
  doc('web_search', { query: 'x' }, 'read'),
  doc('exec_command', { cmd: 'touch x', workdir: `${P}/w` }, 'write', { paths: ['w/x'] }),
  doc('shell_command', { command: 'ls' }, 'read'),
  doc('write_stdin', { session_id: 1, chars: 'rm -rf x\n' }, 'unknown'),
  doc('mcp__docs__search_docs', { q: 'x' }, 'read'),
  doc('Bash', { command: 'bash' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: ${raw}\n+x\n*** End Patch\n` } }),
  tables: [
    {
      title: 'Codex 0.171.0',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('codex', 'UserPromptSubmit.json'), session_id: s.session, cwd: s.project, prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('codex', 'PreToolUse-Bash.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input, tool_use_id: kit.nextId('call_') }),
    // Codex stops a call on exit 2 and shows stderr
    decision: (r) => (r.exitCode === 2 ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' }),
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  pathForms: ['dotdot', 'absolute'],
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'apply_patch', input: { command: patch([`*** Add File: ${kit.spell(t, ctx, false)}`, ...t.content.replace(/\n$/, '').split('\n').map((l) => `+${l}`)]) } };
      case 'edit':
        return { name: 'apply_patch', input: { command: patch([`*** Update File: ${kit.place(t.path, ctx, false)}`, '@@', `-${t.old}`, `+${t.new}`]) } };
      case 'read':
        // Codex has no read tool: the model reads through exec_command (the hook sees Bash)
        return { name: 'Bash', input: { command: `cat ${kit.place(t.path, ctx, false)}` } };
      case 'shell':
        return { name: 'Bash', input: { command: t.command } };
      case 'delegate':
        return { name: 'spawn_agent', input: { message: t.task } };
      case 'batch':
        return null;
      case 'mcp':
        return { name: `mcp__${t.server}__${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'PreToolUse', tool: 'Bash' },
};
