import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandHeaderValue, runHttp } from '../../../core/hooks/run-http';

interface Seen {
  method?: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const seen: Seen[] = [];
let server: Server;
let base = '';
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url === '/deny') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"decision":"block","reason":"remote policy"}');
      } else if (req.url === '/fail') {
        res.writeHead(500);
        res.end('boom');
      } else if (req.url === '/hang') {
        hanging.push(res); // never answers
      } else {
        res.writeHead(200);
        res.end('ok');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.forEach((r) => r.destroy());
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('runHttp', () => {
  it('POSTs the payload JSON with expanded headers', async () => {
    const r = await runHttp({ url: `${base}/deny`, headers: { 'X-Token': 'Bearer ${TOKEN}', 'X-Team': '$TEAM-x' }, env: { TOKEN: 't0k', TEAM: 'core' }, body: '{"hook_event_name":"PreToolUse"}', timeoutMs: 5000 });
    expect(r).toEqual({ kind: 'http', status: 200, body: '{"decision":"block","reason":"remote policy"}' });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.body).toBe('{"hook_event_name":"PreToolUse"}');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['x-token']).toBe('Bearer t0k');
    expect(last.headers['x-team']).toBe('core-x');
  });

  it('with allowedEnvVars, unlisted variables expand to empty (Claude semantics)', async () => {
    await runHttp({ url: `${base}/ok`, headers: { A: '$ALLOWED', B: '${SECRET}' }, allowedEnvVars: ['ALLOWED'], env: { ALLOWED: 'yes', SECRET: 'leak' }, body: '{}', timeoutMs: 5000 });
    const last = seen.at(-1)!;
    expect(last.headers.a).toBe('yes');
    expect(last.headers.b).toBe('');
  });

  it('returns the status of a failing endpoint', async () => {
    expect(await runHttp({ url: `${base}/fail`, env: {}, body: '{}', timeoutMs: 5000 })).toMatchObject({ kind: 'http', status: 500 });
  });

  it('is bounded by the timeout', async () => {
    const started = Date.now();
    expect(await runHttp({ url: `${base}/hang`, env: {}, body: '{}', timeoutMs: 300 })).toEqual({ kind: 'timeout', afterMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is aborted by the host signal, or not started when already aborted', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    expect(await runHttp({ url: `${base}/hang`, env: {}, body: '{}', timeoutMs: 5000, signal: ac.signal })).toEqual({ kind: 'aborted' });
    const before = seen.length;
    expect(await runHttp({ url: `${base}/ok`, env: {}, body: '{}', timeoutMs: 5000, signal: ac.signal })).toEqual({ kind: 'aborted' });
    expect(seen.length).toBe(before);
  });

  it('names a refused connection without echoing headers', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await runHttp({ url: `http://127.0.0.1:${port}/`, headers: { X: 'secret' }, env: {}, body: '{}', timeoutMs: 2000 })).toEqual({ kind: 'request-error', message: 'ECONNREFUSED' });
  });

  it('expandHeaderValue handles both spellings and unknown variables', () => {
    expect(expandHeaderValue('$A ${B} $C $ 5', { A: '1', B: '2' })).toBe('1 2  $ 5');
  });
});
