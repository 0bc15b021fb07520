/**
 * Cline CLI 3.0.65 runs offline against the fake chat server; a `PreToolUse` hook file sees each
 * tool call (`hookName: "tool_call"`). Its deny, `{"cancel":true,"errorMessage":R}`, stops the
 * call and ends the whole run as aborted: the model never reads R (docs/hosts/cline.md). Its
 * `overrideInput` replaces the tool input before the tool runs (the rewrite confinement needs).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, makeTempRoot, probeSmoke } from '../harness';
import { runCline } from './harness';

const status = await ensureHosts(HOSTS_FOR.cline);
const root = makeTempRoot('cline-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const runResult = (events: unknown[]) => events.find((e) => (e as { type?: string }).type === 'run_result') as { finishReason?: string } | undefined;

describeWithHosts(status, 'Cline 3.0.65 (cline --json, fake chat completions)', HOSTS_FOR.cline, () => {
  it('a PreToolUse hook file sees the tool call; its cancel stops run_commands and aborts the run, the model reads nothing more', async () => {
    const dir = join(root, 'deny', 'project');
    const turns = [
      { toolCalls: [{ id: 'call_write', name: 'editor', input: { path: join(dir, 'made.txt'), new_text: 'made\n' } }] },
      { toolCalls: [{ id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } }] },
      { text: 'done' },
    ];
    const { server, calls, result: r } = await probeSmoke(join(root, 'deny'), { match: 'CLINE-SMOKE', turns }, ({ probe, ...o }) =>
      runCline({ ...o, prompt: 'CLINE-SMOKE write then remove', hooks: { PreToolUse: `exec ${probe('rm -f keep.txt', 'cancel')}` } }),
    );
    expect(readFileSync(join(dir, 'made.txt'), 'utf8')).toBe('made\n');
    expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
    expect(runResult(r.events)?.finishReason).toBe('aborted');
    // the run ends at the cancel: no request ever carries the rm call's result
    expect(server.requestAfterToolCall('call_rm')).toBeUndefined();
    expect(calls.map((c) => (c.tool_call as { name?: string } | undefined)?.name)).toEqual(['editor', 'run_commands']);
    expect(calls[1]).toMatchObject({
      hookName: 'tool_call',
      tool_call: { id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } },
      preToolUse: { toolName: 'run_commands', parameters: { commands: '["rm -f keep.txt"]' } },
      workspaceRoots: [dir],
      parent_agent_id: null,
    });
  }, 240_000);

  it('overrideInput replaces the command before it runs: the run goes on and the model reads the new command', async () => {
    const hook = join(root, 'override.mjs');
    writeFileSync(
      hook,
      `import { readFileSync } from 'node:fs';
const raw = readFileSync(0, 'utf8');
if (raw.includes('rm -f keep.txt')) process.stdout.write(JSON.stringify({ overrideInput: { commands: ['echo rewritten > rewritten.txt'] } }));
`,
    );
    const turns = [{ toolCalls: [{ id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } }] }, { text: 'done' }];
    const { project: dir, server, result: r } = await probeSmoke(join(root, 'rewrite'), { match: 'CLINE-REWRITE', turns }, ({ probe: _, ...o }) =>
      runCline({ ...o, prompt: 'CLINE-REWRITE remove', hooks: { PreToolUse: `exec '${process.execPath}' '${hook}'` } }),
    );
    expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
    expect(readFileSync(join(dir, 'rewritten.txt'), 'utf8')).toBe('rewritten\n');
    expect(server.toolResultText('call_rm')).toContain('echo rewritten > rewritten.txt');
    expect(runResult(r.events)?.finishReason).toBe('completed');
  }, 240_000);
});
