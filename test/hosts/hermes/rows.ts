/**
 * Hermes' rows of the shared suites (test/fixtures/hermes/*.json): paths as the model writes them,
 * `patch` in replace mode for an edit, `delegate_task` with one goal or a list of them. The door
 * is the plugin's, answered in the plugin's own `{action, message}` shape.
 */
import { hermesRegistry } from '../../../core/registry/hermes';
import { pluginDoor } from '../../../hosts/hermes/doors';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';

export const rows: HostTestRows = {
  commandHook: {
    door: pluginDoor,
    prompt: (s, text, kit) => ({ ...kit.fixture('hermes', 'pre_llm_call.json'), hook_event_name: 'pre_llm_call', session_id: s.session, task_id: s.session, cwd: s.project, user_message: text }),
    tool: (s, t, kit) => ({ ...kit.fixture('hermes', 'pre_tool_call-write_file.json'), hook_event_name: 'pre_tool_call', session_id: s.session, task_id: s.session, cwd: s.project, tool_name: t.name, args: t.input, tool_call_id: kit.nextId('call_') }),
    decision(r) {
      const j = answerJson(r.stdout);
      if (j?.action === 'block') return { decision: 'deny', stamp: String(j.message ?? '') };
      if (j?.action === 'approve') return { decision: 'ask', stamp: String(j.message ?? '') };
      return { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.action === 'modify' ? j.args : undefined),
  },
  pathForms: ['dotdot', 'absolute', 'home'],
  render: registryCalls(hermesRegistry, {
    absolute: false,
    mcp: (server, tool) => `mcp_${server}_${tool}`,
    own: {
      edit: (t, ctx, kit) => ({ name: 'patch', input: { mode: 'replace', path: kit.place(t.path, ctx, false), old_string: t.old, new_string: t.new } }),
      delegate: (t) => ({ name: 'delegate_task', input: { goal: t.task } }),
      batch: (t) => ({ name: 'delegate_task', input: { tasks: Array.from({ length: t.tasks }, (_, i) => ({ goal: `part ${i + 1}` })) } }),
    },
  }),
  writeEvent: { event: 'pre_tool_call', tool: 'write_file' },
};
