/**
 * Kilo Code 7.7.7 runs offline against the fake chat server and loads OpenCode v1 plugins from
 * its global `plugin/` folder: a recording plugin sees `tool.execute.before`, and a throw there
 * stops the call with the thrown message as the tool result (docs/hosts/kilo.md). The second
 * test loads stopline's own OpenCode artifact, unchanged, and a `$stopline review` contract
 * stops a write.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, mainThread, makeTempRoot, startChatServer } from '../harness';
import { runKilo } from './harness';
import { requireArtifact } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.kilo);
const root = makeTempRoot('kilo-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// An OpenCode v1 plugin: records each tool.execute.before, throws on a call whose arguments hold the marker.
const PROBE_PLUGIN = `
import { appendFileSync } from 'node:fs';
export const Probe = async (ctx) => ({
  'tool.execute.before': async (input, output) => {
    appendFileSync(process.env.PROBE_LOG, JSON.stringify({ input, args: output.args, directory: ctx.directory }) + '\\n');
    if (JSON.stringify(output.args).includes('rm -f keep.txt')) throw new Error('PROBE-DENY: ' + input.tool + ' stopped by the probe plugin');
  },
});
`;

function project(name: string): string {
  const dir = join(root, name, 'project');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'keep.txt'), 'kept\n');
  return dir;
}

describeWithHosts(status, 'Kilo Code 7.7.7 (kilo run, fake chat completions)', HOSTS_FOR.kilo, () => {
  it('a plugin sees tool.execute.before with the OpenCode input; a throw stops bash and the model reads the message', async () => {
    const dir = project('probe');
    const plugin = join(root, 'probe', 'probe-plugin.js');
    writeFileSync(plugin, PROBE_PLUGIN);
    const log = join(root, 'probe', 'calls.jsonl');
    const server = await startChatServer(mainThread('KILO-SMOKE', [
      { toolCalls: [{ id: 'call_write', name: 'write', input: { filePath: join(dir, 'made.txt'), content: 'made\n' } }] },
      { toolCalls: [{ id: 'call_rm', name: 'bash', input: { command: 'rm -f keep.txt', description: 'remove it' } }] },
      { text: 'done' },
    ]));
    try {
      const r = await runKilo({ project: dir, prompt: 'KILO-SMOKE write then remove', server, pluginFile: plugin, runDir: join(root, 'probe', 'run'), env: { PROBE_LOG: log } });
      expect(r.code, `kilo exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
      expect(readFileSync(join(dir, 'made.txt'), 'utf8')).toBe('made\n');
      expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
      expect(server.toolResultText('call_rm')).toBe('PROBE-DENY: bash stopped by the probe plugin');
      const calls = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { input: Record<string, unknown>; args: Record<string, unknown>; directory: string });
      expect(calls.map((c) => c.input.tool)).toEqual(['write', 'bash']);
      expect(calls[0]).toMatchObject({ input: { callID: 'call_write' }, args: { filePath: join(dir, 'made.txt'), content: 'made\n' }, directory: dir });
      expect(String(calls[0]?.input.sessionID)).toMatch(/^ses_/);
    } finally {
      await server.close();
    }
  }, 240_000);

  it("stopline's OpenCode artifact loads unchanged: under `$stopline review` a write is stopped, a read runs", async () => {
    const artifact = requireArtifact('opencode', 'stopline.js');
    const dir = project('stopline');
    const server = await startChatServer(mainThread('KILO-REVIEW', [
      { toolCalls: [{ id: 'call_write', name: 'write', input: { filePath: join(dir, 'new.txt'), content: 'x\n' } }] },
      { toolCalls: [{ id: 'call_read', name: 'read', input: { filePath: join(dir, 'keep.txt') } }] },
      { text: 'done' },
    ]));
    try {
      const r = await runKilo({
        project: dir,
        prompt: '$stopline review -- KILO-REVIEW look at keep.txt',
        server,
        pluginFile: artifact,
        args: ['--'],
        runDir: join(root, 'stopline', 'run'),
        env: { STOPLINE_DASHBOARD: 'off' },
      });
      expect(r.code, `kilo exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
      expect(existsSync(join(dir, 'new.txt'))).toBe(false);
      expect(server.toolResultText('call_write')).toMatch(/^STOP \//);
      expect(server.toolResultText('call_read')).toContain('kept');
    } finally {
      await server.close();
    }
  }, 240_000);
});
