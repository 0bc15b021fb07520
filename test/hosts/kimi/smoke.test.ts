/**
 * Kimi Code CLI 1.51.0 runs offline against the fake chat server, a recording hook sees its
 * events, and a PreToolUse deny stops a Shell call: the file stays and the model reads the reason
 * (docs/hosts/kimi.md). A probe hook, not stopline: no Kimi adapter exists yet.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, makeTempRoot, PROBE_DENY, probeSmoke } from '../harness';
import { runKimi } from './harness';

const status = await ensureHosts(HOSTS_FOR.kimi);
const root = makeTempRoot('kimi-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeWithHosts(status, 'Kimi Code 1.51.0 (kimi --print, fake chat completions)', HOSTS_FOR.kimi, () => {
  it('fires SessionStart, UserPromptSubmit and PreToolUse in Claude shape; exit 2 on PreToolUse stops the Shell call and the model reads the reason', async () => {
    const turns = [
      { toolCalls: [{ id: 'call_write', name: 'WriteFile', input: { path: 'made.txt', content: 'made\n' } }] },
      { toolCalls: [{ id: 'call_rm', name: 'Shell', input: { command: 'rm -f keep.txt' } }] },
      { text: 'done' },
    ];
    const prompt = 'KIMI-SMOKE write a file, then remove keep.txt';
    const { project, server, calls } = await probeSmoke(root, { match: 'KIMI-SMOKE', turns }, ({ probe, ...r }) =>
      runKimi({
        ...r,
        prompt,
        hooks: [
          { event: 'SessionStart', command: probe() },
          { event: 'UserPromptSubmit', command: probe() },
          // the deny marker is the rm command: WriteFile passes the same hook
          { event: 'PreToolUse', command: probe('rm -f keep.txt', 'exit2') },
        ],
      }),
    );
    expect(readFileSync(join(project, 'made.txt'), 'utf8')).toBe('made\n');
    expect(existsSync(join(project, 'keep.txt'))).toBe(true);
    expect(server.toolResultText('call_rm')).toContain(`${PROBE_DENY}: Shell stopped by the probe hook`);
    expect(server.toolResultText('call_write')).not.toContain(PROBE_DENY);

    expect(calls.map((c) => c.hook_event_name)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PreToolUse']);
    const [start, sent, write, shell] = calls;
    expect(start).toMatchObject({ source: 'startup', cwd: project });
    expect(sent).toMatchObject({ prompt, session_id: start?.session_id });
    expect(write).toMatchObject({ tool_name: 'WriteFile', tool_input: { path: 'made.txt', content: 'made\n' }, tool_call_id: 'call_write', cwd: project });
    expect(shell).toMatchObject({ tool_name: 'Shell', tool_input: { command: 'rm -f keep.txt' }, session_id: start?.session_id });
  }, 240_000);
});
