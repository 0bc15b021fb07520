/**
 * Kimi Code 1.51.0's rows of the shared suites (test/fixtures/kimi/PreToolUse-*.json): relative
 * paths as the model writes them; MCP tools keep their bare name.
 */
import { kimiRegistry } from '../../../core/registry/kimi';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
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
