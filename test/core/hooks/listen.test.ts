import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listen, type ListenDispatchRequest, type ListenHandler } from '../../../core/hooks/listen';
import { inputFromPayload } from '../../../core/hooks/serve';
import type { Diagnostic } from '../../../core/hooks/types';

/** run a listen server over in-memory streams; returns the response lines and what went to the log */
async function session(handler: ListenHandler, input: string | Buffer[], opts: { maxLineBytes?: number } = {}) {
  const inStream = new PassThrough();
  const outStream = new PassThrough();
  const chunks: Buffer[] = [];
  outStream.on('data', (c: Buffer) => chunks.push(c));
  const logs: string[] = [];
  const done = listen({ input: inStream, output: outStream, handler, log: (l) => logs.push(l), ...opts });
  for (const part of typeof input === 'string' ? [Buffer.from(input)] : input) inStream.write(part);
  inStream.end();
  await done;
  const text = Buffer.concat(chunks).toString('utf8');
  return { text, lines: text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>), logs, ended: outStream.writableEnded };
}

const seen: ListenDispatchRequest[] = [];
let reloads = 0;
const fake: ListenHandler = {
  dispatch(req) {
    seen.push(req);
    if (req.payload.explode) throw new Error('handler blew up');
    if (req.host === 'hermes' && req.canonical === 'tool:before') {
      return { output: req.payload.tool_name === 'write_file' ? { action: 'block', message: 'no writes' } : null };
    }
    return { canonical: req.canonical, ...(req.payload.claimFailure ? { ok: false } : {}) };
  },
  reload() {
    reloads += 1;
    const d: Diagnostic = { level: 'warning', file: '/x/stopline.json', position: '1:1', message: 'w' };
    return { diagnostics: [d] };
  },
};

describe('listen protocol', () => {
  it('ping, dispatch, reload, bye: one response per request, in order, then the server ends', async () => {
    const reqs = [
      { op: 'ping' },
      { op: 'dispatch', host: 'hermes', event: 'pre_tool_call', payload: { tool_name: 'write_file', args: { path: '.env' }, cwd: '/p' } },
      { op: 'dispatch', host: 'hermes', event: 'pre_tool_call', payload: { tool_name: 'read_file' } },
      { op: 'dispatch', event: 'PreToolUse', payload: {} },
      { op: 'dispatch', event: 'tool:after' },
      { op: 'reload' },
      { op: 'bye' },
      { op: 'ping' }, // after bye: never answered
    ];
    const before = reloads;
    const r = await session(fake, reqs.map((x) => JSON.stringify(x)).join('\n') + '\n');
    expect(r.lines).toEqual([
      { ok: true, pong: true },
      { ok: true, output: { action: 'block', message: 'no writes' } },
      { ok: true, output: null },
      { ok: true, canonical: 'tool:before' },
      { ok: true, canonical: 'tool:after' },
      { ok: true, diagnostics: [{ level: 'warning', file: '/x/stopline.json', position: '1:1', message: 'w' }] },
      { ok: true },
    ]);
    expect(reloads).toBe(before + 1);
    expect(r.ended).toBe(true);
    expect(seen.at(-2)).toMatchObject({ event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude' });
    expect(seen.find((s) => s.event === 'pre_tool_call')).toMatchObject({ canonical: 'tool:before', dialect: 'hermes', host: 'hermes', payload: { cwd: '/p' } });
  });

  it('errors are answered with ok:false and the server keeps going', async () => {
    const r = await session(
      fake,
      ['{not json', '[1]', '{"op":"nope"}', '{"id":3}', '{"op":"dispatch","event":"made_up"}', '{"op":"dispatch"}', '{"op":"dispatch","event":"Stop","payload":[]}', '{"op":"dispatch","event":"Stop","payload":{"explode":true}}', '{"op":"ping"}'].join('\n') + '\n',
    );
    expect(r.lines.map((l) => l.ok)).toEqual([false, false, false, false, false, false, false, false, true]);
    expect(r.lines[0]!.error).toMatch(/^bad JSON: /);
    expect(r.lines[1]!.error).toBe('a request must be a JSON object with "op"');
    expect(r.lines[2]!.error).toBe('unknown op "nope"');
    expect(r.lines[3]).toEqual({ ok: false, error: 'a request needs "op" (ping, dispatch, reload, bye)', id: 3 });
    expect(r.lines[4]!.error).toBe('unknown event "made_up"');
    expect(r.lines[5]!.error).toContain('dispatch needs "event"');
    expect(r.lines[6]!.error).toBe('"payload" must be a JSON object');
    expect(r.lines[7]!.error).toBe('handler blew up');
    expect(r.logs).toEqual(['stopline listen: dispatch failed: handler blew up']);
  });

  it('echoes request ids, skips blank lines and accepts CRLF and a last line without newline', async () => {
    const r = await session(fake, '\n{"op":"ping","id":"a"}\r\n\n   \n{"op":"ping","id":7}');
    expect(r.lines).toEqual([{ ok: true, pong: true, id: 'a' }, { ok: true, pong: true, id: 7 }]);
  });

  it('reassembles requests split across chunks, including inside a multi-byte character', async () => {
    const line = Buffer.from(JSON.stringify({ op: 'dispatch', event: 'prompt:submit', payload: { prompt: 'héllo ✓' } }) + '\n');
    const cut = line.indexOf(Buffer.from('✓')) + 1;
    const r = await session(fake, [line.subarray(0, 5), line.subarray(5, cut), line.subarray(cut), Buffer.from('{"op":"ping"}\n')]);
    expect(r.lines).toEqual([{ ok: true, canonical: 'prompt:submit' }, { ok: true, pong: true }]);
    expect(seen.at(-1)!.payload.prompt).toBe('héllo ✓');
  });

  it('refuses an over-long line with one error and keeps serving', async () => {
    const big = '{"op":"ping","pad":"' + 'x'.repeat(5000) + '"}';
    const r = await session(fake, [Buffer.from(big.slice(0, 3000)), Buffer.from(big.slice(3000) + '\n{"op":"ping"}\n'), Buffer.from(big + '\n')], { maxLineBytes: 1024 });
    expect(r.lines).toEqual([
      { ok: false, error: 'request line longer than 1024 bytes; refused' },
      { ok: true, pong: true },
      { ok: false, error: 'request line longer than 1024 bytes; refused' },
    ]);
  });

  it('a handler cannot overwrite ok, and ok leads the line', async () => {
    const r = await session(fake, '{"op":"dispatch","event":"Stop","payload":{"claimFailure":true}}\n');
    expect(r.text).toBe('{"ok":true,"canonical":"turn:stop"}\n');
  });

  it('writes nothing but response lines', async () => {
    const r = await session(fake, '{"op":"ping"}\n{"op":"dispatch","event":"Stop","payload":{"explode":true}}\n{"op":"bye"}\n');
    for (const line of r.text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(r.text.endsWith('\n')).toBe(true);
  });

  it('stops serving, without throwing, when the output breaks', async () => {
    const inStream = new PassThrough();
    const outStream = new PassThrough();
    const logs: string[] = [];
    const done = listen({ input: inStream, output: outStream, handler: fake, log: (l) => logs.push(l) });
    outStream.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    inStream.write('{"op":"ping"}\n{"op":"ping"}\n');
    await expect(done).resolves.toBeUndefined();
    expect(logs).toEqual(['stopline listen: output failed: write EPIPE']);
  });

  it('a host resolver can name events the dialect tables do not know', async () => {
    const custom: ListenHandler = { ...fake, resolveEvent: (name, host) => (host === 'opencode' && name === 'tool.execute.before' ? 'tool:before' : null) };
    const r = await session(custom, '{"op":"dispatch","host":"opencode","event":"tool.execute.before","payload":{}}\n{"op":"dispatch","event":"tool.execute.before"}\n');
    expect(r.lines).toEqual([{ ok: true, canonical: 'tool:before' }, { ok: false, error: 'unknown event "tool.execute.before"' }]);
  });
});

describe('inputFromPayload: a dispatch payload as hook input', () => {
  it('inputFromPayload reads Claude payloads and Hermes kwargs', () => {
    expect(inputFromPayload('tool:before', { session_id: 's', cwd: '/p', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't', permission_mode: 'plan' }, 'claude', 'PreToolUse')).toMatchObject({
      event: 'tool:before', dialectEventName: 'PreToolUse', hostFamily: 'claude', sessionId: 's', cwd: '/p', toolName: 'Bash', rawInput: { command: 'ls' }, toolUseId: 't', permissionMode: 'plan',
    });
    expect(inputFromPayload('prompt:submit', { session_id: 'h', user_message: 'hi', cwd: '/w' }, 'hermes')).toMatchObject({ sessionId: 'h', prompt: 'hi', cwd: '/w' });
    expect(inputFromPayload('tool:after', { tool_name: 'terminal', args: { command: 'ls' }, result: 'out', tool_call_id: 'c' }, 'hermes')).toMatchObject({ rawInput: { command: 'ls' }, toolResponse: 'out', toolUseId: 'c' });
  });
});
