import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readBoundedChunks, MAX_HOOK_INPUT_BYTES } from '../../../hosts/shared/stdin';
import type { StdinLimits, StdinResult } from '../../../hosts/shared/stdin';
import { streamReader } from '../../../hosts/shared/runtime-io';

/** The bounded reader over a Node stream, as the hook scripts on Node and the CLI bridge read stdin. */
const READERS: [string, (s: NodeJS.ReadableStream, limits: StdinLimits) => Promise<StdinResult>][] = [['readBoundedChunks', (s, limits) => readBoundedChunks(streamReader(s), limits)]];
import { parseHookPayload, HookInputError, requiredString, nonEmptyString, objectField } from '../../../hosts/shared/payload';

describe.each(READERS)('%s', (_name, readBounded) => {
  it('returns the whole text once the stream ends, across chunks and multi-byte characters', async () => {
    const s = new PassThrough();
    const p = readBounded(s, { timeoutMs: 1000 });
    const bytes = Buffer.from('{"prompt":"只看不改 ✓"}');
    s.write(bytes.subarray(0, 14)); // splits a multi-byte character
    s.write(bytes.subarray(14));
    s.end();
    expect(await p).toEqual({ ok: true, text: '{"prompt":"只看不改 ✓"}' });
  });

  it('refuses input above the size limit as soon as it is crossed, without waiting for the end', async () => {
    const s = new PassThrough();
    const p = readBounded(s, { maxBytes: 10, timeoutMs: 5000 });
    s.write('0123456789'); // exactly at the limit: still fine
    s.write('x'); // one byte over
    const r = await p;
    expect(r).toEqual({ ok: false, reason: 'too-large', message: expect.stringContaining('refused') });
  });

  it('uses 8 MiB as the documented default limit', () => {
    expect(MAX_HOOK_INPUT_BYTES).toBe(8 * 1024 * 1024);
  });

  it('gives up on stdin that never closes within the bound', async () => {
    const s = new PassThrough();
    s.write('{"session_id":"s"}'); // a complete object, but no end-of-file
    const started = Date.now();
    const r = await readBounded(s, { timeoutMs: 150 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reports a stream error as a refusal, never a rejection', async () => {
    const s = new PassThrough();
    const p = readBounded(s, { timeoutMs: 1000 });
    s.destroy(new Error('EPIPE'));
    expect(await p).toMatchObject({ ok: false, reason: 'error', message: expect.stringContaining('EPIPE') });
  });
});

describe('parseHookPayload', () => {
  it('accepts exactly one JSON object, with surrounding whitespace', () => {
    expect(parseHookPayload(' {"a":1}\n')).toEqual({ a: 1 });
  });
  it.each([
    ['empty', ''],
    ['blank', '  \n'],
    ['two documents', '{"a":1}{"b":2}'],
    ['two lines of documents', '{"a":1}\n{"b":2}\n'],
    ['garbage', 'not json'],
    ['truncated', '{"session_id":"s"'],
    ['an array', '[{"a":1}]'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['a log line before the object', 'log: hi\n{"a":1}'],
  ])('refuses %s with a HookInputError', (_name, text) => {
    expect(() => parseHookPayload(text)).toThrow(HookInputError);
  });
});

describe('payload field readers', () => {
  it('name the field when it is missing or mistyped', () => {
    expect(() => requiredString({}, 'session_id')).toThrow('session_id: required');
    expect(() => requiredString({ session_id: '' }, 'session_id')).toThrow('session_id: required');
    expect(() => requiredString({ session_id: 5 }, 'session_id')).toThrow('session_id: expected a string');
    expect(() => objectField({ tool_input: 'x' }, 'tool_input')).toThrow('tool_input: expected an object');
  });
  it('treat an empty agent_type as absent', () => {
    expect(nonEmptyString({ agent_type: '' }, 'agent_type')).toBeUndefined();
    expect(nonEmptyString({ agent_type: 'general-purpose' }, 'agent_type')).toBe('general-purpose');
  });
});

/** Linux: the child is a zombie (exited, not yet reaped: this process is busy) or gone. */
function childExited(pid: number | undefined): boolean {
  if (process.platform !== 'linux' || pid === undefined) return true;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

describe.each(READERS)('%s under CPU starvation', (_name, readBounded) => {
  it('still reads a payload that was waiting in the pipe when the bound expired', async () => {
    // a real OS pipe: a child writes the payload and exits while this process is starved
    // (busy) past the bound, so on wake-up the expired timer runs before the pipe is polled
    const child = spawn('sh', ['-c', 'sleep 0.05; printf \'{"session_id":"s"}\''], { stdio: ['ignore', 'pipe', 'ignore'] });
    const p = readBounded(child.stdout, { timeoutMs: 100 });
    // busy (starve the event loop) until the bound has passed AND the child has written and
    // exited; a loaded machine may take seconds to run the child, so wait for it, not a clock
    const boundPassed = Date.now() + 200;
    const giveUp = Date.now() + 30_000;
    while (Date.now() < giveUp && !(Date.now() > boundPassed && childExited(child.pid))) {
      /* busy */
    }
    expect(await p).toEqual({ ok: true, text: '{"session_id":"s"}' });
  });

  it('bytes that keep trickling without end-of-file still end in a timeout', async () => {
    const s = new PassThrough();
    const tick = setInterval(() => s.write(' '), 20);
    const r = await readBounded(s, { timeoutMs: 100 });
    clearInterval(tick);
    expect(r).toMatchObject({ ok: false, reason: 'timeout' });
  });
});
