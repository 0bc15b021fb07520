/**
 * Pi's rows of the shared suites (test/fixtures/pi/tool_call-*.json): paths as the model writes
 * them, its subagent tool for a delegation and a batch; Pi has no MCP, so an MCP call is a tool
 * another extension registered.
 */
import { recordBypass } from '../../../core/answer/bypass';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { piRegistry } from '../../../core/registry/pi';
import { PiDoor } from '../../../hosts/pi/door';
import type { HostDriver, Sandbox } from '../../scenarios/drivers';
import type { DriverKit, HostTestRows } from '../harness/host-rows';
import { fakeCtx, newUi } from './fake-pi';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, HOME, type HostPathRows } from '../harness/path-tables';
import pBash from '../../fixtures/pi/tool_call-bash.json';
import pEdit from '../../fixtures/pi/tool_call-edit.json';
import pRead from '../../fixtures/pi/tool_call-read.json';
import pWrite from '../../fixtures/pi/tool_call-write.json';

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('bash', pBash.event.input, pBash.ctx.cwd, 'write', { paths: ['bash-ran.txt'] }),
  fx('edit', pEdit.event.input, pEdit.ctx.cwd, 'write', { paths: ['target.txt'] }),
  fx('read', pRead.event.input, pRead.ctx.cwd, 'read'),
  fx('write', pWrite.event.input, pWrite.ctx.cwd, 'write', { paths: ['blocked.txt'] }),
  doc('grep', { pattern: 'x' }, 'read'),
  doc('find', { pattern: '*.ts' }, 'read'),
  doc('ls', { path: '.' }, 'read'),
  doc('powershell', { command: 'Set-Content a.txt x' }, 'write', { paths: ['a.txt'] }),
  doc('subagent', { agent: 'scout', task: 'look' }, 'delegate', { delegation: 1 }),
  doc('subagent', { tasks: [{ agent: 'a', task: '1' }, { agent: 'b', task: '2' }, { agent: 'c', task: '3' }] }, 'delegate', { delegation: 3 }),
  doc('subagent', { chain: [{ agent: 'a', task: '1' }, { agent: 'b', task: '{previous}' }] }, 'delegate', { delegation: 1 }),
  doc('subagent', { mode: 'swarm' }, 'delegate', { delegation: 1, unbounded: true }),
  doc('custom_extension_tool', {}, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'write', input: { path: raw, content: 'x' } }),
  tables: [
    {
      title: 'Pi 1.6.0',
      version: '1.6.0',
      rows: [
        ...COMMON,
        ['@src/a.ts', ['src/a.ts']],
        ['@../outside/x.txt', ['/w/outside/x.txt']],
        ['@~/.pi/agent/extensions/stopline.ts', [`${HOME}/.pi/agent/extensions/stopline.ts`]],
        ['~/x.txt', [`${HOME}/x.txt`]],
        ['file:///etc/x', ['/etc/x']],
        [`file://${CWD}/src/a%20b.ts`, ['src/a b.ts']],
        ['@file:///etc/x', ['/etc/x']],
        ['file://host/x', null],
        ['src/my\u00A0a.ts', ['src/my a.ts']],
        ['@@x', ['@x']],
      ],
    },
    {
      title: 'Pi 0.73.1',
      version: '0.73.1',
      rows: [
        ...COMMON,
        ['@src/a.ts', ['src/a.ts']],
        ['@../outside/x.txt', ['/w/outside/x.txt']],
        ['@~/.pi/agent/extensions/stopline.ts', [`${HOME}/.pi/agent/extensions/stopline.ts`]],
        ['file:///etc/x', ['file:/etc/x']],
        ['file://host/x', ['file:/host/x']],
        ['src/my\u00A0a.ts', ['src/my a.ts']],
      ],
    },
    {
      title: 'Pi, version not known (both)',
      rows: [
        ...COMMON,
        ['@src/a.ts', ['src/a.ts']],
        ['@~/x', [`${HOME}/x`]],
        ['file:///etc/x', ['file:/etc/x', '/etc/x']],
        [`file://${CWD}/src/a.ts`, [`file:${CWD}/src/a.ts`, 'src/a.ts']],
        ['file://host/x', null],
      ],
    },
  ],
};

/** Pi's extension guard with an in-memory host stand-in. */
function piDriver(s: Sandbox, kit: DriverKit): HostDriver {
  const h = new PiDoor({ env: s.env, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(s.env, 'pi'), log: () => {}, askTimeoutMs: 500 }).handlers();
  const ui = newUi(false);
  const ctx = (isIdle: boolean) => fakeCtx({ cwd: s.project, sessionId: s.session, isIdle }, ui);
  return {
    host: 'pi',
    async prompt(text) {
      await h.input!({ type: 'input', text, source: 'interactive' }, ctx(true));
    },
    async tool(t) {
      const input = structuredClone(t.input);
      const r = (await h.tool_call!({ type: 'tool_call', toolName: t.name, toolCallId: kit.nextId('call_'), input }, ctx(false))) as { block?: boolean; reason?: string } | undefined;
      return r?.block ? { decision: 'deny', stamp: r.reason ?? '' } : kit.withRewrite({ decision: 'allow' }, t.input, input);
    },
  };
}

export const rows: HostTestRows = {
  driver: piDriver,
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  // the runners of the two pinned Pi versions (test/hosts/pi/pins.json)
  installs: ['pi-ew', 'node22', 'pi-mz'],
  pathForms: ['mention', 'dotdot', 'absolute', 'home', 'file-url'],
  render: registryCalls(piRegistry, {
    absolute: false,
    mcp: (server, tool) => `${server}_${tool}`,
    // the subagent extension's shapes: one {agent, task}, or {tasks} run at once
    own: {
      delegate: (t) => ({ name: 'subagent', input: { agent: 'worker', task: t.task } }),
      batch: (t) => ({ name: 'subagent', input: { tasks: Array.from({ length: t.tasks }, (_, i) => ({ agent: 'worker', task: `part ${i + 1}` })) } }),
    },
  }),
  writeEvent: { event: 'tool_call', tool: 'write' },
};
