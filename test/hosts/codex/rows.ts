/**
 * Codex CLI's rows of the shared suites (test/fixtures/codex/PreToolUse-*.json): files change
 * through apply_patch with paths relative to the cwd; reads and shell calls reach the hook as Bash.
 */
import type { HostTestRows } from '../harness/host-rows';

const patch = (lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

export const rows: HostTestRows = {
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
