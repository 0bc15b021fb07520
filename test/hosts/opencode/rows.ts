/**
 * OpenCode 1.18.33's rows of the shared suites (test/fixtures/opencode/tool.execute.before-*.json):
 * absolute paths, MCP tools named `<server>_<tool>`. A host that sends the same tool names and
 * fields and loads the same plugin shares its dialect and its driver.
 */
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { opencodeRegistry } from '../../../core/registry/opencode';
import { REGISTRIES, type RegistryFamily } from '../../../core/registry/index';
import { OpenCodeDoor } from '../../../hosts/opencode/door';
import type { HostDriver, Sandbox } from '../../scenarios/drivers';
import type { DriverKit, HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import { FakeOpenCode } from './fake-client';
import oWrite from '../../fixtures/opencode/tool.execute.before-write.json';
import oWriteDenied from '../../fixtures/opencode/tool.execute.before-write-denied.json';
import oEditDenied from '../../fixtures/opencode/tool.execute.before-edit-denied.json';
import oBash from '../../fixtures/opencode/tool.execute.before-bash.json';
import oBashDenied from '../../fixtures/opencode/tool.execute.before-bash-denied.json';
import oTask from '../../fixtures/opencode/tool.execute.before-task.json';

/** The cases of OpenCode's tools that take no fixture; a fork that keeps its tool table shares them. */
export const OPENCODE_TOOLS: ToolCase[] = [
  doc('read', { filePath: 'a.txt' }, 'read'),
  doc('grep', { pattern: 'x' }, 'read'),
  doc('glob', { pattern: '*.ts' }, 'read'),
  doc('list', { path: '.' }, 'read'),
  doc('lsp', {}, 'read'),
  doc('webfetch', { url: 'https://x' }, 'read'),
  doc('websearch', { query: 'x' }, 'read'),
  doc('codesearch', { query: 'x' }, 'read'),
  doc('multiedit', { filePath: 'a.ts', edits: [{ oldString: 'a', newString: 'b' }] }, 'write', { paths: ['a.ts'] }),
  doc('patch', { patchText: '*** Begin Patch\n*** Add File: p.ts\n+x\n*** End Patch' }, 'write', { paths: ['p.ts'] }),
  doc('apply_patch', { patchText: '*** Begin Patch\n*** Update File: q.ts\n@@\n-a\n+b\n*** End Patch' }, 'write', { paths: ['q.ts'] }),
  ...['todowrite', 'todoread', 'question', 'skill', 'plan_enter', 'plan_exit', 'invalid'].map((t) => doc(t, {}, 'control')),
  doc('batch', { tool_calls: [] }, 'unknown'),
];

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('write', oWrite.output.args, P, 'write', { paths: ['allowed.txt'] }),
  fx('write', oWriteDenied.output.args, P, 'write', { paths: ['LAB_BLOCK-write.txt'] }),
  fx('edit', oEditDenied.output.args, P, 'write', { paths: ['allowed.txt'] }),
  fx('bash', oBash.output.args, P, 'write', { paths: ['bash-allowed.txt'] }),
  fx('bash', oBashDenied.output.args, P, 'write', { paths: ['LAB_BLOCK-bash.txt'] }),
  fx('task', oTask.output.args, P, 'delegate', { delegation: 1 }),
  doc('task', { description: 'd', prompt: 'p', subagent_type: 'general', task_id: 'ses_abc' }, 'control'),
  doc('bash', { command: 'rm -rf dist', workdir: 'web' }, 'write', { paths: ['web/dist'] }),
  ...OPENCODE_TOOLS,
  doc('github_create_issue', { title: 'x' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write', input: { filePath: raw, content: 'x' } }),
  tables: [
    {
      title: 'OpenCode 1.18.33',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

/** What a host that sends OpenCode's tool names and fields shares with it. */
export const openCodeDialect = {
  // OpenCode's tools and path handling (test/hosts/opencode/path-forms.test.ts)
  pathForms: ['dotdot', 'absolute'],
  render: registryCalls(opencodeRegistry, {
    absolute: true,
    mcp: (server, tool) => `${server}_${tool}`,
    // `task` also continues a child session (task_id): a new subagent is one without it
    own: { delegate: (t) => ({ name: 'task', input: { description: 'help', prompt: t.task, subagent_type: 'general' } }) },
  }),
  writeEvent: { event: 'tool.execute.before', tool: 'write' },
} as const satisfies Pick<HostTestRows, 'pathForms' | 'render' | 'writeEvent'>;

/** OpenCode's plugin as the host `host` loads it, with that host's registry. */
export function openCodeDriver(host: RegistryFamily, s: Sandbox, kit: DriverKit): HostDriver {
  const fake = new FakeOpenCode();
  fake.addSession(s.session);
  const guard = new OpenCodeDoor(
    { client: fake.client(), directory: s.project },
    { env: s.env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(s.env, host), registry: REGISTRIES[host], log: () => {}, sdkTimeoutMs: 2000 },
  );
  const hooks = guard.hooks();
  return {
    host,
    async prompt(text) {
      const m = fake.userMessage(s.session, text);
      for (const e of m.events) await hooks.event({ event: e });
      await guard.drain();
    },
    async tool(t) {
      try {
        const output = { args: structuredClone(t.input) };
        await hooks['tool.execute.before']({ tool: t.name, sessionID: s.session, callID: kit.nextId('call_') }, output);
        return kit.withRewrite({ decision: 'allow' }, t.input, output.args);
      } catch (err) {
        return { decision: 'deny', stamp: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

export const rows: HostTestRows = {
  ...openCodeDialect,
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  driver: (s, kit) => openCodeDriver('opencode', s, kit),
};
