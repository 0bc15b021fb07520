/**
 * OpenClaw 2026.9.6's rows of the shared suites (test/fixtures/openclaw/before_tool_call-*.json):
 * its own tool names; its plugin runs in the host's own Node (>= 24.16).
 */
import { recordBypass } from '../../../core/answer/bypass';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { openclawRegistry } from '../../../core/registry/openclaw';
import { OpenClawDoor } from '../../../hosts/openclaw/door';
import type { HostDriver, Sandbox } from '../../scenarios/drivers';
import type { DriverKit, HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, HOME, type HostPathRows } from '../harness/path-tables';
import ocWrite from '../../fixtures/openclaw/before_tool_call-write.json';
import ocExec from '../../fixtures/openclaw/before_tool_call-exec.json';
import ocRm from '../../fixtures/openclaw/before_tool_call-exec-blocked.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('write', ocWrite.event.params, P, 'write', { paths: ['w.txt'] }),
  fx('exec', ocExec.event.params, P, 'write', { paths: ['allowed.txt'] }),
  fx('exec', ocRm.event.params, P, 'write', { paths: ['a.txt'] }),
  doc('exec', { command: 'touch x', workdir: `${P}/sub` }, 'write', { paths: ['sub/x'] }),
  doc('edit', { path: 'a.ts', edits: [{ oldText: 'a', newText: 'b' }] }, 'write', { paths: ['a.ts'] }),
  doc('apply_patch', { input: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch\n' }, 'write', { paths: ['q.ts'] }),
  doc('read', { path: 'a.ts' }, 'read'),
  doc('ls', { path: '.' }, 'read'),
  doc('tool_search', { query: 'x' }, 'read'),
  doc('tool_describe', { name: 'exec' }, 'read'),
  doc('process', { action: 'poll', sessionId: 's' }, 'read'),
  doc('process', { action: 'kill', sessionId: 's' }, 'unknown'),
  doc('sessions_spawn', { task: 'look' }, 'delegate', { delegation: 1 }),
  doc('sessions_yield', {}, 'control'),
  doc('tool_call', { name: 'exec', args: { command: 'rm -rf /' } }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write', input: { path: raw, content: 'x' } }),
  tables: [
    // observed on the real CLI (test/hosts/openclaw/path-forms.test.ts)
    {
      title: 'OpenClaw 2026.9.6',
      rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['@src/a.ts', ['src/a.ts']], [`file://${CWD}/src/a.ts`, ['src/a.ts']], [' src/a.ts', [' src/a.ts']], ['src/my\u00A0a.ts', ['src/my\u00A0a.ts']]],
    },
  ],
};

/** OpenClaw's plugin hooks as the real host calls them: the prompt hook names the workspace, the tool hook does not. */
function openclawDriver(s: Sandbox, kit: DriverKit): HostDriver {
  const h = new OpenClawDoor({ env: s.env, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(s.env, 'openclaw'), log: () => {} }).handlers();
  const ctx = { agentId: 'main', sessionKey: 'agent:main:main', sessionId: s.session };
  return {
    host: 'openclaw',
    async prompt(text) {
      await h.before_prompt_build!({ prompt: text, currentUserMessage: text, messages: [] }, { ...ctx, workspaceDir: s.project });
    },
    async tool(t) {
      const id = kit.nextId('call_');
      const r = (await h.before_tool_call!({ toolName: t.name, params: structuredClone(t.input), toolCallId: id }, { ...ctx, toolName: t.name, toolCallId: id } as typeof ctx)) as { block?: boolean; blockReason?: string; params?: unknown } | undefined;
      if (r?.block) return { decision: 'deny', stamp: r.blockReason ?? '' };
      return kit.withRewrite({ decision: 'allow' }, t.input, r?.params ?? t.input);
    },
  };
}

export const rows: HostTestRows = {
  driver: openclawDriver,
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  installs: ['openclaw', 'node24'],
  // one `@` dropped, `~/` the home, `file://` its path (observed on the real CLI)
  pathForms: ['mention', 'dotdot', 'absolute', 'home', 'file-url'],
  // an MCP tool under a name stopline has no table for
  render: registryCalls(openclawRegistry, { absolute: false, mcp: (server, tool) => `${server}__${tool}` }),
  writeEvent: { event: 'before_tool_call', tool: 'write' },
  placeholderDist: {
    'index.js': 'export default { id: "stopline", register() {} };\n',
    'openclaw.plugin.json': '{"id":"stopline","configSchema":{"type":"object"}}\n',
    'package.json': '{"name":"stopline-openclaw","type":"module","openclaw":{"extensions":["./index.js"]}}\n',
  },
};
