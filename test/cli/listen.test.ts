/**
 * `stopline listen`: the line protocol over a spawned dist/stopline.mjs (the way the Hermes
 * shim talks to it), and the handler's routing in process.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { cliListenHandler } from '../../hosts/cli/listen';
import { dialectCases } from './guard-cases';
import { DIST_CLI, cleanupTempDirs, cli, isolatedEnv, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

const REVIEW = '$stopline review -- look';

/** A spawned `stopline listen` with a line-by-line request/answer helper. */
function startListen(env: Record<string, string>, cwd: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [DIST_CLI, 'listen'], { env, cwd });
  const lines = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiters: ((l: string) => void)[] = [];
  lines.on('line', (l) => {
    const w = waiters.shift();
    if (w) w(l);
    else queue.push(l);
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const next = (): Promise<string> => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((r) => waiters.push(r)));
  return {
    async ask(req: unknown): Promise<Record<string, unknown>> {
      child.stdin.write(JSON.stringify(req) + '\n');
      return JSON.parse(await next()) as Record<string, unknown>;
    },
    async raw(line: string): Promise<Record<string, unknown>> {
      child.stdin.write(line + '\n');
      return JSON.parse(await next()) as Record<string, unknown>;
    },
    exited,
    stderr: () => stderr,
    kill: () => child.kill('SIGKILL'),
  };
}

describe('stopline listen as a process', () => {
  it('answers ping, Hermes dispatches, native and Claude events, errors, reload and bye, in order', async () => {
    const home = tempDir();
    const project = join(home, 'project');
    writeFile(join(project, 'README.md'), 'x');
    const env = isolatedEnv(home, { STOPLINE_HOME: join(home, 'data') });
    const cases = dialectCases(project);
    const server = startListen(env, project);
    try {
      expect(await server.ask({ op: 'ping', id: 1 })).toEqual({ ok: true, pong: true, id: 1 });

      // Hermes: exactly what the Python shim sends and expects
      const hermes = cases.hermes!;
      const strip = (p: Record<string, unknown>) => {
        const { hook_event_name: _drop, ...kwargs } = p;
        return kwargs;
      };
      const armed = await server.ask({ op: 'dispatch', id: 2, host: 'hermes', event: 'pre_llm_call', payload: strip(hermes.prompt('hs', REVIEW)) });
      expect(armed.ok).toBe(true);
      expect(armed.id).toBe(2);
      expect((armed.output as { context: string }).context).toContain('stopline contract (ARMED): mode=review');
      const read = await server.ask({ op: 'dispatch', id: 3, host: 'hermes', event: 'pre_tool_call', payload: strip(hermes.read('hs')) });
      expect(read).toEqual({ ok: true, output: null, id: 3 });
      const write = await server.ask({ op: 'dispatch', id: 4, host: 'hermes', event: 'pre_tool_call', payload: strip(hermes.write('hs')) });
      expect(Object.keys(write)[0]).toBe('ok');
      expect(write.output).toMatchObject({ action: 'block' });
      expect((write.output as { message: string }).message).toMatch(/^STOP \/ INTENT\n/);
      // a hook the guard does not use still answers ok with no output (the shim would report an error otherwise)
      expect(await server.ask({ op: 'dispatch', host: 'hermes', event: 'on_session_end', payload: { session_id: 'hs', cwd: project } })).toEqual({ ok: true, output: null });

      // native form, no host
      const native = cases.native!;
      const nArm = await server.ask({ op: 'dispatch', event: 'prompt:submit', payload: native.prompt('ns', REVIEW) });
      expect(nArm).toMatchObject({ ok: true, decision: 'allow', reasonCode: 'DIRECTIVE_APPLIED' });
      const nWrite = await server.ask({ op: 'dispatch', event: 'tool:before', payload: native.write('ns') });
      expect(nWrite).toMatchObject({ ok: true, decision: 'block', kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });

      // a Claude payload gets Claude's own answer in output
      const claude = cases.claude!;
      await server.ask({ op: 'dispatch', host: 'claude', event: 'UserPromptSubmit', payload: claude.prompt('cs', REVIEW) });
      const cWrite = await server.ask({ op: 'dispatch', host: 'claude', event: 'PreToolUse', payload: claude.write('cs') });
      expect(cWrite).toMatchObject({ ok: true, decision: 'block', output: { hookSpecificOutput: { permissionDecision: 'deny' } } });

      // errors keep the server going
      expect(await server.raw('{not json')).toMatchObject({ ok: false });
      expect(await server.ask({ op: 'dispatch', event: 'tool:before', payload: native.broken('ns') })).toMatchObject({ ok: false, error: expect.stringContaining('session_id: required') });
      expect(await server.ask({ op: 'dispatch', host: 'nope', event: 'tool:before', payload: {} })).toMatchObject({ ok: false });
      expect(await server.ask({ op: 'dispatch', event: 'NoSuchEvent', payload: {} })).toMatchObject({ ok: false, error: 'unknown event "NoSuchEvent"' });
      expect(await server.ask({ op: 'reload' })).toEqual({ ok: true, diagnostics: [] });

      expect(await server.ask({ op: 'bye' })).toEqual({ ok: true });
      // bye ends the process although its stdin is still open
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
    }
  });

  it('ends on end of input too, and a broken line gets one error answer', async () => {
    const home = tempDir();
    const r = await cli(['listen'], { env: isolatedEnv(home, { STOPLINE_HOME: join(home, 'd') }), stdin: '{"op":"ping"}\n[]\n{"op":"frobnicate"}\n' });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { ok: true, pong: true },
      { ok: false, error: 'a request must be a JSON object with "op"' },
      { ok: false, error: 'unknown op "frobnicate"' },
    ]);
  });
});

describe('listen and a rewritten command', () => {
  it('a dispatch with "canRewrite": true carries the command a hook put in place; without it, it is not applied', async () => {
    const home = tempDir();
    const project = join(home, 'project');
    writeFile(join(project, 'README.md'), 'x');
    const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -la' } } });
    writeFile(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ command: `printf '%s' '${answer}'` }] }] } }));
    const payload = { session_id: 'lr', cwd: project, tool_name: 'Bash', tool_input: { command: 'ls' } };
    const lines = [{ op: 'dispatch', event: 'tool:before', payload, canRewrite: true }, { op: 'dispatch', event: 'tool:before', payload }].map((r) => JSON.stringify(r)).join('\n') + '\n';
    const r = await cli(['listen'], { env: isolatedEnv(home, { STOPLINE_HOME: join(home, 'd') }), cwd: project, stdin: lines });
    const [runs, plain] = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(runs).toMatchObject({ ok: true, decision: 'allow', kind: 'rewrite', rewrite: { command: 'ls -la', input: { command: 'ls -la' } } });
    expect(plain).toMatchObject({ ok: true, decision: 'allow', kind: 'none' });
    expect(plain!.rewrite).toBeUndefined();
  });
});

describe('the listen handler', () => {
  const handler = cliListenHandler({ env: {}, cwd: '/', log: () => undefined });
  it('files each dialect\'s hook names under their canonical event', () => {
    expect(handler.resolveEvent?.('tool:before')).toBe('tool:before');
    expect(handler.resolveEvent?.('PreToolUse', 'claude')).toBe('tool:before');
    expect(handler.resolveEvent?.('on_session_end', 'hermes')).toBe('turn:stop');
    expect(handler.resolveEvent?.('tool.execute.before', 'opencode')).toBe('tool:before');
    expect(handler.resolveEvent?.('input', 'pi')).toBe('prompt:submit');
    expect(handler.resolveEvent?.('PreToolUse')).toBeNull();
    expect(handler.resolveEvent?.('x', 'elsewhere')).toBeNull();
  });
});
