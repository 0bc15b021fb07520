/**
 * OpenHands CLI 1.16.0's rows of the shared suites (test/fixtures/openhands/PreToolUse-*.json):
 * one file_editor tool by command, absolute paths. Its task subagent fires no hook, so a guarded
 * delegation is not something it can express: the task call is decided as a call of unknown
 * effect (scenarios.test.ts).
 */
import { openhandsRegistry } from '../../../core/registry/openhands';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

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
  render: registryCalls(openhandsRegistry, { absolute: true, mcp: (server, tool) => `${server}_${tool}` }),
  writeEvent: { event: 'PreToolUse', tool: 'file_editor' },
};
