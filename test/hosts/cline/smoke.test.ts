/**
 * Cline CLI 3.0.65 runs offline against the fake chat server; a `PreToolUse` hook file sees each
 * tool call (`hookName: "tool_call"`). Its deny, `{"cancel":true,"errorMessage":R}`, stops the
 * call and ends the whole run as aborted: the model never reads R (docs/hosts/cline.md). Its
 * `overrideInput` replaces the tool input before the tool runs (the rewrite confinement needs).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithHosts, ensureHosts, HOSTS_FOR, makeTempRoot, probeCalls, probeCommand, runCline, startChatServer, writeProbeHook } from '../harness';

const status = await ensureHosts(HOSTS_FOR.cline);
const root = makeTempRoot('cline-smoke');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string): string {
  const dir = join(root, name, 'project');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'keep.txt'), 'kept\n');
  return dir;
}

const runResult = (events: unknown[]) => events.find((e) => (e as { type?: string }).type === 'run_result') as { finishReason?: string } | undefined;

describeWithHosts(status, 'Cline 3.0.65 (cline --json, fake chat completions)', HOSTS_FOR.cline, () => {
  it('a PreToolUse hook file sees the tool call; its cancel stops run_commands and aborts the run, the model reads nothing more', async () => {
    const dir = project('deny');
    const probe = writeProbeHook(join(root, 'deny'));
    const log = join(root, 'deny', 'hooks.jsonl');
    const server = await startChatServer({
      threads: [
        {
          name: 'main',
          match: 'CLINE-SMOKE',
          turns: [
            { toolCalls: [{ id: 'call_write', name: 'editor', input: { path: join(dir, 'made.txt'), new_text: 'made\n' } }] },
            { toolCalls: [{ id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    try {
      const r = await runCline({
        project: dir,
        prompt: 'CLINE-SMOKE write then remove',
        server,
        runDir: join(root, 'deny', 'run'),
        hooks: { PreToolUse: `exec ${probeCommand(probe, log, 'rm -f keep.txt', 'cancel')}` },
      });
      expect(r.code, `cline exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
      expect(readFileSync(join(dir, 'made.txt'), 'utf8')).toBe('made\n');
      expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
      expect(runResult(r.events)?.finishReason).toBe('aborted');
      // the run ends at the cancel: no request ever carries the rm call's result
      expect(server.requestAfterToolCall('call_rm')).toBeUndefined();
      const calls = probeCalls(log).map((c) => c.stdin);
      expect(calls.map((c) => (c.tool_call as { name?: string } | undefined)?.name)).toEqual(['editor', 'run_commands']);
      expect(calls[1]).toMatchObject({
        hookName: 'tool_call',
        tool_call: { id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } },
        preToolUse: { toolName: 'run_commands', parameters: { commands: '["rm -f keep.txt"]' } },
        workspaceRoots: [dir],
        parent_agent_id: null,
      });
    } finally {
      await server.close();
    }
  }, 240_000);

  it('overrideInput replaces the command before it runs: the run goes on and the model reads the new command', async () => {
    const dir = project('rewrite');
    const hook = join(root, 'rewrite', 'override.mjs');
    writeFileSync(
      hook,
      `import { readFileSync } from 'node:fs';
const raw = readFileSync(0, 'utf8');
if (raw.includes('rm -f keep.txt')) process.stdout.write(JSON.stringify({ overrideInput: { commands: ['echo rewritten > rewritten.txt'] } }));
`,
    );
    const server = await startChatServer({
      threads: [{ name: 'main', match: 'CLINE-REWRITE', turns: [{ toolCalls: [{ id: 'call_rm', name: 'run_commands', input: { commands: ['rm -f keep.txt'] } }] }, { text: 'done' }] }],
    });
    try {
      const r = await runCline({ project: dir, prompt: 'CLINE-REWRITE remove', server, runDir: join(root, 'rewrite', 'run'), hooks: { PreToolUse: `exec '${process.execPath}' '${hook}'` } });
      expect(r.code, `cline exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
      expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
      expect(readFileSync(join(dir, 'rewritten.txt'), 'utf8')).toBe('rewritten\n');
      expect(server.toolResultText('call_rm')).toContain('echo rewritten > rewritten.txt');
      expect(runResult(r.events)?.finishReason).toBe('completed');
    } finally {
      await server.close();
    }
  }, 240_000);
});
