/**
 * OpenHands CLI 1.16.0's rows of the shared suites (test/fixtures/openhands/PreToolUse-*.json):
 * one file_editor tool by command, absolute paths. Its task subagent fires no hook, so a guarded
 * delegation is not something it can express: the task call is decided as a call of unknown
 * effect (scenarios.test.ts).
 */
import { answerJson, type HostTestRows } from '../harness/host-rows';

export const rows: HostTestRows = {
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
  render(t, ctx, kit) {
    switch (t.op) {
      case 'write':
        return { name: 'file_editor', input: { command: 'create', path: kit.spell(t, ctx, true), file_text: t.content, kind: 'FileEditorAction' } };
      case 'edit':
        return { name: 'file_editor', input: { command: 'str_replace', path: kit.place(t.path, ctx, true), old_str: t.old, new_str: t.new, kind: 'FileEditorAction' } };
      case 'read':
        return { name: 'file_editor', input: { command: 'view', path: kit.place(t.path, ctx, true), kind: 'FileEditorAction' } };
      case 'shell':
        return { name: 'terminal', input: { command: t.command, is_input: false, timeout: null, reset: false, kind: 'TerminalAction' } };
      case 'delegate':
      case 'batch':
        return null;
      case 'mcp':
        return { name: `${t.server}_${t.tool}`, input: t.args };
    }
  },
  writeEvent: { event: 'PreToolUse', tool: 'file_editor' },
};
