/**
 * OpenClaw 2026.9.6 runs its embedded agent offline against the fake chat server; a native
 * plugin's `before_tool_call` sees each tool call, and `{block: true, blockReason: R}` stops the
 * exec call: the model reads R as the tool result (docs/hosts/openclaw.md).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, mainThread, makeTempRoot, startChatServer } from '../harness';
import { runOpenClaw, writeOpenClawPlugin } from './harness';

const status = await ensureHosts(HOSTS_FOR.openclaw);
const root = makeTempRoot('openclaw-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROBE_PLUGIN = `
import { appendFileSync } from 'node:fs';
export default {
  id: 'probe-guard',
  name: 'probe guard',
  description: 'records and blocks tool calls',
  register(api) {
    api.on('before_tool_call', async (event, ctx) => {
      appendFileSync(process.env.PROBE_LOG, JSON.stringify({ event, ctx: { agentId: ctx.agentId, sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolName: ctx.toolName } }) + '\\n');
      if (JSON.stringify(event.params).includes('rm -f keep.txt')) return { block: true, blockReason: 'PROBE-DENY: ' + event.toolName + ' stopped by the probe plugin' };
    });
  },
};
`;

describeWithHosts(status, 'OpenClaw 2026.9.6 (openclaw agent --local, fake chat completions)', HOSTS_FOR.openclaw, () => {
  it('a plugin sees before_tool_call for write and exec; its block stops the exec call and the model reads the reason', async () => {
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'keep.txt'), 'kept\n');
    const log = join(root, 'calls.jsonl');
    const plugin = writeOpenClawPlugin(join(root, 'plugin'), 'probe-guard', PROBE_PLUGIN);
    // OpenClaw strips `_` from tool-call ids before they go back to the model: ids without one
    const server = await startChatServer(mainThread('OPENCLAW-SMOKE', [
      { toolCalls: [{ id: 'callwrite', name: 'write', input: { path: 'made.txt', content: 'made\n' } }] },
      { toolCalls: [{ id: 'callrm', name: 'exec', input: { title: 'remove', command: 'rm -f keep.txt' } }] },
      { text: 'done' },
    ]));
    try {
      const r = await runOpenClaw({ project, prompt: 'OPENCLAW-SMOKE write then remove', server, plugins: [plugin], runDir: join(root, 'run'), env: { PROBE_LOG: log }, timeoutMs: 300_000 });
      expect(r.code, `openclaw exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
      expect(readFileSync(join(project, 'made.txt'), 'utf8')).toBe('made\n');
      expect(existsSync(join(project, 'keep.txt'))).toBe(true);
      expect(server.toolResultText('callrm')).toBe('PROBE-DENY: exec stopped by the probe plugin');
      const calls = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: Record<string, unknown>; ctx: Record<string, unknown> });
      expect(calls.map((c) => c.event.toolName)).toEqual(['write', 'exec']);
      expect(calls[0]).toMatchObject({ event: { toolName: 'write', params: { path: 'made.txt', content: 'made\n' }, toolCallId: 'callwrite' }, ctx: { agentId: 'main', sessionKey: 'agent:main:main' } });
      expect(calls[1]?.ctx.sessionId).toBe(calls[0]?.ctx.sessionId);
    } finally {
      await server.close();
    }
  }, 360_000);
});
