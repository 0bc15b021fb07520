/**
 * Factory Droid 0.225.2's rows of the shared suites (test/fixtures/droid/PreToolUse-*.json):
 * absolute paths; MCP tools are `<server>___<tool>`.
 */
import { droidRegistry } from '../../../core/registry/droid';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
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
