/**
 * OpenHands CLI 1.16.0 runs offline against the fake chat server; a `PreToolUse` hook from
 * `~/.openhands/hooks.json` (Claude's file shape) gets OpenHands' own payload (`event_type`,
 * `tool_input` with the action `kind`), and exit 2 with the reason on stderr stops the terminal
 * call: the model reads `Action rejected: <reason>` (docs/hosts/openhands.md).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, makeTempRoot, PROBE_DENY, probeSmoke } from '../harness';
import { runOpenHands } from './harness';

const status = await ensureHosts(HOSTS_FOR.openhands);
const root = makeTempRoot('openhands-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeWithHosts(status, 'OpenHands 1.16.0 (openhands --headless, fake chat completions)', HOSTS_FOR.openhands, () => {
  it('a PreToolUse hook sees file_editor and terminal calls; exit 2 stops the terminal call and the model reads the reason', async () => {
    const turns = (project: string) => [
      { toolCalls: [{ id: 'call_write', name: 'file_editor', input: { command: 'create', path: join(project, 'made.txt'), file_text: 'made\n', security_risk: 'LOW' } }] },
      { toolCalls: [{ id: 'call_rm', name: 'terminal', input: { command: 'rm -f keep.txt', security_risk: 'LOW' } }] },
      { toolCalls: [{ id: 'call_finish', name: 'finish', input: { message: 'done' } }] },
      { text: 'done' },
    ];
    const { project, server, calls } = await probeSmoke(root, { match: 'OPENHANDS-SMOKE', turns: turns(join(root, 'project')) }, ({ probe, ...r }) =>
      runOpenHands({ ...r, prompt: 'OPENHANDS-SMOKE write then remove', hooksJson: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: probe('rm -f keep.txt', 'exit2') }] }] }, timeoutMs: 300_000 }),
    );
    expect(readFileSync(join(project, 'made.txt'), 'utf8').trimEnd()).toBe('made');
    expect(existsSync(join(project, 'keep.txt'))).toBe(true);
    expect(server.toolResultText('call_rm')).toContain(`Action rejected: ${PROBE_DENY}: terminal stopped by the probe hook`);
    expect(calls.map((c) => c.tool_name)).toEqual(['file_editor', 'terminal', 'finish']);
    expect(calls[0]).toMatchObject({ event_type: 'PreToolUse', tool_input: { command: 'create', path: join(project, 'made.txt'), kind: 'FileEditorAction' }, working_dir: project });
    expect(calls[1]).toMatchObject({ tool_input: { command: 'rm -f keep.txt', kind: 'TerminalAction' }, session_id: calls[0]?.session_id });
  }, 360_000);
});
