/**
 * GitHub Copilot CLI 1.0.102's rows of the shared suites, its camelCase tool names and inputs
 * (test/fixtures/copilot/preToolUse-*.json). Its payloads name no event: the hook file passes the
 * event's name as the script's argument, and so do the drivers (eventArgs, from the registry rows).
 */
import { copilotRegistry } from '../../../core/registry/copilot';
import { installRows } from '../../../core/registry/rows';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

/** The name of the registered event with this control: the argument the hook file passes for it. */
const argFor = (control: string): string[] => [installRows(copilotRegistry).find((e) => e.control === control)!.native];

export const rows: HostTestRows = {
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
