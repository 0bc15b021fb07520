/**
 * The Gemini API as Gemini CLI 0.61.0 uses it in API-key mode with GOOGLE_GEMINI_BASE_URL:
 * `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` for every agent turn (SSE of
 * GenerateContentResponse objects) and `:generateContent` (one JSON object) for side calls.
 * The turn index is the number of `model` contents in the request.
 *
 * Requests whose generationConfig asks for JSON (a response schema or mime type) are the CLI's
 * own side calls (the model router's complexity score, the next-speaker check): they get a
 * value that fits the schema and never consume a turn. A plain text answer there makes the CLI
 * retry for minutes.
 *
 * Tool calls go out as `functionCall` parts with the scripted id; the CLI answers each with a
 * `functionResponse` part carrying the same id and `{output}` or `{error}` (docs/hosts/gemini.md).
 */
import type http from 'node:http';
import { jsonError, startFakeServer, startSse, type FakeModelServer, type FakeServerOptions, type ProtocolAdapter, type ReplyPlan, type RequestView } from './fake-server';
import type { FakeModelScript, ToolResultSeen } from './script';

interface Part {
  text?: unknown;
  functionResponse?: { id?: unknown; name?: unknown; response?: unknown };
}
interface Content {
  role?: string;
  parts?: Part[];
}

const MODEL_ROUTE = /^\/v1beta\/models\/[^/:]+:(streamGenerateContent|generateContent)$/;

/** A value that fits a (Gemini-style, upper-case types allowed) JSON schema. */
export function sampleFor(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return 'fake';
  const s = schema as { type?: unknown; enum?: unknown[]; properties?: Record<string, unknown> };
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  switch (String(s.type ?? '').toLowerCase()) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleFor(v)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 10;
    case 'boolean':
      return false;
    default:
      return 'fake';
  }
}

function partsText(c: Content | undefined): string {
  return (c?.parts ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')).filter((t) => t !== '').join('\n');
}

function view(body: unknown): RequestView {
  const b = body as { contents?: unknown; generationConfig?: Record<string, unknown> } | null;
  if (!b || !Array.isArray(b.contents)) throw new Error('body has no contents array');
  const contents = b.contents as Content[];
  const gc = b.generationConfig ?? {};
  const schema = gc.responseJsonSchema ?? gc.responseSchema;
  const side = schema !== undefined || gc.responseMimeType === 'application/json';
  const toolResults: ToolResultSeen[] = [];
  for (const c of contents) {
    if (c.role !== 'user') continue;
    for (const p of c.parts ?? []) {
      const fr = p.functionResponse;
      if (fr && typeof fr.id === 'string') toolResults.push({ callId: fr.id, text: JSON.stringify(fr.response ?? null), isError: !!(fr.response && typeof fr.response === 'object' && 'error' in fr.response) });
    }
  }
  return {
    firstUserText: partsText(contents.find((c) => c.role === 'user')),
    turnIndex: contents.filter((c) => c.role === 'model').length,
    toolResults,
    ...(side ? { sideText: JSON.stringify(sampleFor(schema)) } : {}),
  };
}

function responseOf(parts: unknown[], seq: number, model: string, withFinish: boolean): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, ...(withFinish ? { finishReason: 'STOP' } : {}), index: 0 }],
    ...(withFinish ? { usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 } } : {}),
    modelVersion: model,
    responseId: `fake-${seq}`,
  };
}

function writeReply(res: http.ServerResponse, reply: ReplyPlan, ctx: { seq: number; body: unknown; url?: URL }): void {
  const model = /\/models\/([^/:]+):/.exec(ctx.url?.pathname ?? '')?.[1] ?? 'fake-model';
  const calls = reply.toolCalls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: typeof c.input === 'string' ? JSON.parse(c.input) : c.input } }));
  const text = reply.text !== undefined && reply.text !== '' ? [{ text: reply.text }] : [];
  const all = [...text, ...calls];
  if (!(ctx.url?.pathname ?? '').endsWith(':streamGenerateContent')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(responseOf(all.length ? all : [{ text: '' }], ctx.seq, model, true)));
    return;
  }
  startSse(res);
  const sse = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\r\n\r\n`);
  // text in a chunk of its own, then the calls and the finish reason: clients must accumulate
  if (text.length && calls.length) {
    sse(responseOf(text, ctx.seq, model, false));
    sse(responseOf(calls, ctx.seq, model, true));
  } else sse(responseOf(all.length ? all : [{ text: '' }], ctx.seq, model, true));
  res.end();
}

export const geminiProtocol: ProtocolAdapter = {
  name: 'gemini',
  modelPath: '/v1beta/models/<model>:streamGenerateContent',
  isModelPath: (pathname) => MODEL_ROUTE.test(pathname),
  view,
  writeReply,
  writeError(res, status, message) {
    jsonError(res, status, { error: { code: status, message, status: status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' } });
  },
};

/** Fake Gemini API server for Gemini CLI (GOOGLE_GEMINI_BASE_URL = `origin`). */
export function startGeminiServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  return startFakeServer(geminiProtocol, script, options);
}
