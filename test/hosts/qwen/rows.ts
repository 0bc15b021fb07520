/**
 * Qwen Code's rows of the shared suites (test/fixtures/qwen/PreToolUse-*.json): absolute paths (it
 * refuses relative ones), no batch tool.
 */
import { qwenRegistry } from '../../../core/registry/qwen';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
  commandHook: {
    prompt: (s, text, kit) => ({ ...kit.fixture('qwen', 'UserPromptSubmit.json'), session_id: s.session, cwd: s.project, prompt: text, submitted_prompt: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('qwen', 'PreToolUse-write_file.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input, tool_use_id: kit.nextId('toolu_'), tool_call_id: kit.nextId('call_') }),
    // on exit 2 Qwen reads the reason from stderr; otherwise the permissionDecision JSON
    decision(r) {
      if (r.exitCode === 2) return r.stderr.trim() ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' };
      const hso = (answerJson(r.stdout)?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      return hso.permissionDecision === 'deny' ? { decision: 'deny', stamp: String(hso.permissionDecisionReason ?? '') } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hookSpecificOutput as Record<string, unknown> | undefined)?.updatedInput,
  },
  // Qwen refuses a relative path before any hook runs: the model's paths are absolute
  pathForms: ['absolute'],
  render: registryCalls(qwenRegistry, { absolute: true, mcp: (server, tool) => `mcp__${server}__${tool}` }),
  writeEvent: { event: 'PreToolUse', tool: 'write_file' },
};
