/**
 * In-process scripted fake model server on 127.0.0.1 (port 0 = any free port). One protocol
 * per server; every request is kept in memory (parsed body, matched thread, reply) so a test
 * can assert on exactly what the host sent the model. Bounded: a request cap and a body cap
 * answer with an HTTP error instead of growing without limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import {
  materializeCalls,
  selectThread,
  validateScript,
  type EmittedToolCall,
  type FakeModelScript,
  type RecordedRequest,
  type ReplyKind,
  type ScriptedTurn,
  type ToolResultSeen,
} from './script';

export type ProtocolName = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

/** What a protocol adapter reads out of a request body. */
export interface RequestView {
  firstUserText: string;
  turnIndex: number;
  toolResults: ToolResultSeen[];
  /** a side request (OpenCode title generation) answered with `sideText`, never a turn */
  sideText?: string;
}

export interface ReplyPlan {
  text?: string;
  toolCalls: EmittedToolCall[];
  usage?: ScriptedTurn['usage'];
}

export interface ProtocolAdapter {
  name: ProtocolName;
  /** `POST <path>` that carries model requests, e.g. `/v1/messages` */
  modelPath: string;
  /** when the model route is a family of paths (Gemini's `/v1beta/models/<model>:<method>`) */
  isModelPath?(pathname: string): boolean;
  view(body: unknown): RequestView;
  writeReply(res: http.ServerResponse, reply: ReplyPlan, ctx: { seq: number; body: unknown; url?: URL }): void;
  writeError(res: http.ServerResponse, status: number, message: string, type?: string): void;
}

export interface FakeServerOptions {
  /** Requests beyond this many get HTTP 429 (stops a runaway agent loop). Default 300. */
  maxRequests?: number;
  /** Larger request bodies get HTTP 413. Default 64 MiB. */
  maxBodyBytes?: number;
}

export interface FakeModelServer {
  readonly protocol: ProtocolName;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseUrl: string;
  /** Every request so far, in arrival order (model requests and any other route). */
  readonly requests: readonly RecordedRequest[];
  /** The first request whose history carries the result of tool call `callId`. */
  requestAfterToolCall(callId: string): RecordedRequest | undefined;
  /** The tool result the model received for `callId` (text and, for Anthropic, is_error). */
  toolResult(callId: string): ToolResultSeen | undefined;
  toolResultText(callId: string): string | undefined;
  /** Every tool call the fake emitted so far. */
  emittedCalls(): EmittedToolCall[];
  close(): Promise<void>;
}

/** The first request in `requests` whose history carries the result of tool call `callId`. */
export function requestAfterToolCall(requests: readonly RecordedRequest[], callId: string): RecordedRequest | undefined {
  return requests.find((r) => r.toolResults.some((t) => t.callId === callId));
}

/** The tool result the model received for `callId`, from the first request that carries it. */
export function toolResultFor(requests: readonly RecordedRequest[], callId: string): ToolResultSeen | undefined {
  return requestAfterToolCall(requests, callId)?.toolResults.find((t) => t.callId === callId);
}

function decodeBody(raw: Buffer, encoding: string | undefined): string {
  if (raw.length === 0) return '';
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(raw).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  } catch (err) {
    return `<<undecodable ${encoding} body: ${(err as Error).message}>>`;
  }
  return raw.toString('utf8');
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Keys never worth storing: a dummy key is still a credential-shaped header. */
function redactHeaders(h: http.IncomingHttpHeaders): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = { ...h };
  for (const k of ['authorization', 'x-api-key']) if (out[k] !== undefined) out[k] = '<redacted>';
  return out;
}

export async function startFakeServer(
  adapter: ProtocolAdapter,
  script: FakeModelScript,
  options: FakeServerOptions = {},
): Promise<FakeModelServer> {
  validateScript(script);
  const maxRequests = options.maxRequests ?? 300;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const fallbackText = script.fallbackText ?? 'ok';
  const requests: RecordedRequest[] = [];

  function record(
    req: http.IncomingMessage,
    url: URL,
    body: unknown,
    kind: ReplyKind,
    view: RequestView | null,
    thread: string | null,
    reply: RecordedRequest['reply'],
  ): RecordedRequest {
    const entry: RecordedRequest = {
      seq: requests.length,
      method: req.method ?? '',
      path: url.pathname,
      query: url.search,
      headers: redactHeaders(req.headers),
      body,
      kind,
      thread,
      turnIndex: view?.turnIndex ?? 0,
      firstUserText: view?.firstUserText ?? '',
      toolResults: view?.toolResults ?? [],
      reply,
    };
    requests.push(entry);
    return entry;
  }

  function answerModel(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: unknown): void {
    let view: RequestView;
    try {
      view = adapter.view(body);
    } catch (err) {
      const message = `fake ${adapter.name}: cannot read request: ${(err as Error).message}`;
      record(req, url, body, 'rejected', null, null, { toolCalls: [], error: { status: 400, message } });
      adapter.writeError(res, 400, message, 'invalid_request_error');
      return;
    }
    const seq = requests.length;
    if (view.sideText !== undefined) {
      record(req, url, body, 'title', view, null, { text: view.sideText, toolCalls: [] });
      adapter.writeReply(res, { text: view.sideText, toolCalls: [] }, { seq, body, url });
      return;
    }
    const thread = selectThread(script, view.firstUserText);
    const turn = thread?.turns[view.turnIndex];
    if (!thread || !turn) {
      const kind: ReplyKind = thread ? 'exhausted' : 'unmatched';
      record(req, url, body, kind, view, thread?.name ?? null, { text: fallbackText, toolCalls: [] });
      adapter.writeReply(res, { text: fallbackText, toolCalls: [] }, { seq, body, url });
      return;
    }
    if (turn.error) {
      record(req, url, body, 'turn', view, thread.name, { toolCalls: [], error: turn.error });
      adapter.writeError(res, turn.error.status, turn.error.message, turn.error.type);
      return;
    }
    let toolCalls: EmittedToolCall[];
    try {
      toolCalls = materializeCalls(turn, { thread: thread.name, turnIndex: view.turnIndex, body, toolResults: view.toolResults });
    } catch (err) {
      const message = `fake ${adapter.name}: thread "${thread.name}" turn ${view.turnIndex}: input function failed: ${(err as Error).message}`;
      record(req, url, body, 'rejected', view, thread.name, { toolCalls: [], error: { status: 500, message } });
      adapter.writeError(res, 500, message, 'api_error');
      return;
    }
    const plan: ReplyPlan = { toolCalls, ...(turn.text !== undefined ? { text: turn.text } : {}), ...(turn.usage ? { usage: turn.usage } : {}) };
    record(req, url, body, 'turn', view, thread.name, { ...(turn.text !== undefined ? { text: turn.text } : {}), toolCalls });
    adapter.writeReply(res, plan, { seq, body, url });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size > maxBodyBytes) tooLarge = true;
      else chunks.push(d);
    });
    req.on('end', () => {
      const body = tooLarge ? null : parseBody(decodeBody(Buffer.concat(chunks), req.headers['content-encoding'] as string | undefined));
      const isModel = req.method === 'POST' && (adapter.isModelPath ? adapter.isModelPath(url.pathname) : url.pathname === adapter.modelPath);
      if (tooLarge || requests.length >= maxRequests) {
        const status = tooLarge ? 413 : 429;
        const message = tooLarge
          ? `fake ${adapter.name}: request body over ${maxBodyBytes} bytes`
          : `fake ${adapter.name}: more than ${maxRequests} requests (runaway loop?)`;
        record(req, url, body, 'rejected', null, null, { toolCalls: [], error: { status, message } });
        adapter.writeError(res, status, message, 'rate_limit_error');
        return;
      }
      if (isModel) {
        answerModel(req, res, url, body);
        return;
      }
      record(req, url, body, 'other', null, null, { toolCalls: [] });
      if (req.method === 'GET' && url.pathname.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [] }));
        return;
      }
      adapter.writeError(res, 404, `fake ${adapter.name}: no route ${req.method} ${url.pathname}`, 'not_found_error');
    });
    req.on('error', () => res.destroy());
  });
  // a client that stalls must not keep a test alive
  server.requestTimeout = 60_000;
  server.headersTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | null = null;

  return {
    protocol: adapter.name,
    port,
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    requestAfterToolCall: (callId) => requestAfterToolCall(requests, callId),
    toolResult: (callId) => toolResultFor(requests, callId),
    toolResultText: (callId) => toolResultFor(requests, callId)?.text,
    emittedCalls: () => requests.flatMap((r) => r.reply.toolCalls),
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** Write one server-sent event; `event` adds an `event:` line before the data line. */
export function writeSse(res: http.ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export function startSse(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

/** Split a string into about `n` pieces so the host sees real streaming deltas. */
export function pieces(s: string, n: number): string[] {
  if (s === '') return [''];
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

export function jsonError(res: http.ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}
