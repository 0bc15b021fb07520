/**
 * Mistral Vibe 3.0.2 runs offline against the fake chat server; a `pre_tool` hook sees each tool
 * call under Vibe's own names (`file_system.bash`, `file_system.write_file` with `file_path`),
 * and `{"decision":"deny","reason":R}` stops the call: the model reads R as the tool result
 * (docs/hosts/vibe.md).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, makeTempRoot, PROBE_DENY, probeSmoke } from '../harness';
import { runVibe } from './harness';

const status = await ensureHosts(HOSTS_FOR.vibe);
const root = makeTempRoot('vibe-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeWithHosts(status, 'Mistral Vibe 3.0.2 (vibe -p, fake chat completions)', HOSTS_FOR.vibe, () => {
  it('a pre_tool hook sees write_file and bash under file_system.*; its deny stops the bash call and the model reads the reason', async () => {
    const turns = [
      { toolCalls: [{ id: 'call_write', name: 'write_file', input: { path: 'made.txt', content: 'made\n' } }] },
      { toolCalls: [{ id: 'call_rm', name: 'bash', input: { command: 'rm -f keep.txt' } }] },
      { text: 'done' },
    ];
    const { project, server, calls } = await probeSmoke(root, { match: 'VIBE-SMOKE', turns }, ({ probe, ...r }) =>
      runVibe({ ...r, prompt: 'VIBE-SMOKE write then remove', hooks: [{ name: 'probe', type: 'pre_tool', command: probe('rm -f keep.txt', 'deny') }] }),
    );
    expect(readFileSync(join(project, 'made.txt'), 'utf8')).toBe('made\n');
    expect(existsSync(join(project, 'keep.txt'))).toBe(true);
    expect(server.toolResultText('call_rm')).toBe(`${PROBE_DENY}: file_system.bash stopped by the probe hook`);
    expect(calls.map((c) => c.tool_name)).toEqual(['file_system.write_file', 'file_system.bash']);
    // the model called write_file with `path`; the hook reads Vibe's own field name
    expect(calls[0]).toMatchObject({ hook_event_name: 'pre_tool', tool_call_id: 'call_write', tool_input: { file_path: 'made.txt', content: 'made\n' }, cwd: project, parent_session_id: null });
    expect(String(calls[0]?.transcript_path)).toContain(String(calls[0]?.session_id));
  }, 240_000);
});
