/**
 * Hermes' rows of the shared suites (test/fixtures/hermes/*.json): paths as the model writes them,
 * `patch` in replace mode for an edit, `delegate_task` with one goal or a list of them. The door
 * is the plugin's, answered in the plugin's own `{action, message}` shape.
 */
import { hermesRegistry } from '../../../core/registry/hermes';
import { pluginDoor } from '../../../hosts/hermes/doors';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, type ToolCase } from '../harness/tool-cases';
import { COMMON, HOME, type HostPathRows } from '../harness/path-tables';
import hWrite from '../../fixtures/hermes/pre_tool_call-write_file.json';
import hRead from '../../fixtures/hermes/pre_tool_call-read_file.json';
import hPatch from '../../fixtures/hermes/pre_tool_call-patch.json';
import hPatchReplace from '../../fixtures/hermes/pre_tool_call-patch-replace.json';
import hSearch from '../../fixtures/hermes/pre_tool_call-search_files.json';
import hTerminal from '../../fixtures/hermes/pre_tool_call-terminal.json';
import hDelegate from '../../fixtures/hermes/pre_tool_call-delegate_task.json';
import hExec from '../../fixtures/hermes/pre_tool_call-execute_code.json';
import hTodo from '../../fixtures/hermes/pre_tool_call-todo.json';
import hMemory from '../../fixtures/hermes/pre_tool_call-memory.json';
import hClarify from '../../fixtures/hermes/pre_tool_call-clarify.json';
import hSkill from '../../fixtures/hermes/pre_tool_call-skill_manage.json';
import hBrowser from '../../fixtures/hermes/pre_tool_call-browser_navigate.json';
import hWebSearch from '../../fixtures/hermes/pre_tool_call-web_search.json';
import hWebExtract from '../../fixtures/hermes/pre_tool_call-web_extract.json';
import hVision from '../../fixtures/hermes/pre_tool_call-vision_analyze.json';
import hCron from '../../fixtures/hermes/pre_tool_call-cronjob.json';
import hProcess from '../../fixtures/hermes/pre_tool_call-process.json';
import hMcp from '../../fixtures/hermes/pre_tool_call-mcp_github_create_issue.json';

/** The folder of the captured Hermes payloads. */
const H = '/home/dev/acme-app';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('write_file', hWrite.args, H, 'write', { paths: ['src/config.ts'] }),
  fx('read_file', hRead.args, H, 'read'),
  fx('patch', hPatch.args, H, 'write', { paths: ['src/config.ts', 'src/flags.ts'] }),
  fx('patch', hPatchReplace.args, H, 'write', { paths: ['src/config.ts'] }),
  fx('search_files', hSearch.args, H, 'read'),
  fx('terminal', hTerminal.args, H, 'read'),
  fx('delegate_task', hDelegate.args, H, 'delegate', { delegation: 2 }),
  fx('execute_code', hExec.args, H, 'unknown'),
  fx('todo', hTodo.args, H, 'control'),
  fx('memory', hMemory.args, H, 'control'),
  fx('clarify', hClarify.args, H, 'control'),
  fx('skill_manage', hSkill.args, H, 'control'),
  fx('browser_navigate', hBrowser.args, H, 'unknown'),
  fx('web_search', hWebSearch.args, H, 'read'),
  fx('web_extract', hWebExtract.args, H, 'read'),
  fx('vision_analyze', hVision.args, H, 'read'),
  fx('cronjob', hCron.args, H, 'unknown'),
  fx('process', hProcess.args, H, 'unknown'),
  fx('mcp_github_create_issue', hMcp.args, H, 'unknown'),
  doc('terminal', { command: 'npm install zod', workdir: `${H}/web` }, 'write', { cwd: H, paths: null, dep: true }),
  doc('terminal', { command: 'touch x', workdir: 'pkg' }, 'write', { cwd: H, paths: ['pkg/x'] }),
  doc('delegate_task', { goal: 'write tests' }, 'delegate', { delegation: 1 }),
  doc('delegate_task', { action: 'list' }, 'control'),
  doc('delegate_task', {}, 'delegate', { delegation: 1, unbounded: true }),
  doc('process', { action: 'poll', session_id: 'p' }, 'read'),
  doc('process', { action: 'close', session_id: 'p' }, 'control'),
  doc('cronjob', { action: 'list' }, 'read'),
  ...['read_terminal', 'session_search', 'skills_list', 'skill_view', 'x_search', 'video_analyze', 'browser_snapshot', 'browser_get_images', 'browser_vision', 'ha_list_entities', 'ha_get_state', 'ha_list_services', 'kanban_show', 'kanban_list', 'kanban_attachments', 'project_list'].map((t) => doc(t, {}, 'read')),
  ...['close_terminal', 'tool_search', 'tool_describe', 'project_create', 'project_switch', 'kanban_create', 'kanban_complete', 'kanban_block', 'kanban_unblock', 'kanban_comment', 'kanban_link', 'kanban_heartbeat', 'kanban_attach', 'kanban_attach_url'].map((t) => doc(t, {}, 'control')),
  ...['browser_click', 'browser_type', 'browser_press', 'browser_scroll', 'browser_back', 'browser_dialog', 'browser_console', 'browser_cdp', 'computer_use', 'ha_call_service', 'tool_call', 'send_message'].map((t) => doc(t, {}, 'unknown')),
  doc('image_generate', { prompt: 'x' }, 'write', { paths: null }),
  doc('video_generate', { prompt: 'x' }, 'write', { paths: null }),
  doc('text_to_speech', { text: 'hi', output_path: 'out/a.mp3' }, 'write', { paths: ['out/a.mp3'] }),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write_file', input: { path: raw, content: 'x' } }),
  tables: [
    {
      title: 'Hermes 0.19.0',
      rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~root/x', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
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
