/**
 * OpenAI chat completions, streaming (`POST /v1/chat/completions`), as OpenCode 1.18.33
 * (@ai-sdk/openai-compatible) and Pi (openai-completions) use it. The turn index is the number
 * of assistant messages. OpenCode's title-generation request (system prompt "You are a title
 * generator") is answered with a title and never consumes a turn.
 */
import type http from 'node:http';
import { jsonError, startFakeServer, startSse, writeSse, type FakeModelServer, type FakeServerOptions, type ProtocolAdapter, type ReplyPlan, type RequestView } from './fake-server';
import { contentText, type FakeModelScript, type ToolResultSeen } from './script';

const TITLE_MARKER = 'You are a title generator';
export const FAKE_TITLE = 'Scripted session';

interface ChatMessage {
  role?: string;
  content?: unknown;
  tool_call_id?: string;
}

function view(body: unknown): RequestView {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) throw new Error('body has no messages array');
  const msgs = messages as ChatMessage[];
  const isTitle = msgs.some((m) => m.role === 'system' && contentText(m.content).includes(TITLE_MARKER));
  const firstUser = msgs.find((m) => m.role === 'user');
  const toolResults: ToolResultSeen[] = msgs
    .filter((m) => m.role === 'tool' && typeof m.tool_call_id === 'string')
    .map((m) => ({ callId: m.tool_call_id as string, text: contentText(m.content) }));
  return {
    firstUserText: firstUser ? contentText(firstUser.content) : '',
    turnIndex: msgs.filter((m) => m.role === 'assistant').length,
    toolResults,
    ...(isTitle ? { sideText: FAKE_TITLE } : {}),
  };
}

/**
 * The whole completion as one JSON object, for a request that does not ask for a stream (the
 * API's default; OpenHands' LiteLLM sends no `stream` at all): an SSE answer there is retried as
 * malformed. Every other host here sends `"stream": true`.
 */
function writeJsonReply(res: http.ServerResponse, reply: ReplyPlan, id: string, model: string, created: number): void {
  const toolCalls = reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: typeof c.input === 'string' ? c.input : JSON.stringify(c.input) } }));
  const prompt = reply.usage?.inputTokens ?? 100;
  const completion = reply.usage?.outputTokens ?? 10;
  const message = { role: 'assistant', content: reply.text ?? (toolCalls.length ? null : ''), ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
  const body = JSON.stringify({
    id, object: 'chat.completion', created, model,
    choices: [{ index: 0, message, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function writeReply(res: http.ServerResponse, reply: ReplyPlan, ctx: { seq: number; body: unknown }): void {
  const id = `chatcmpl-fake-${ctx.seq}`;
  const model = (ctx.body as { model?: string } | null)?.model ?? 'fake-model';
  const created = Math.floor(Date.now() / 1000);
  if ((ctx.body as { stream?: unknown } | null)?.stream !== true) {
    writeJsonReply(res, reply, id, model, created);
    return;
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }],
  });
  startSse(res);
  writeSse(res, chunk({ role: 'assistant', content: '' }));
  if (reply.text !== undefined && reply.text !== '') {
    const cut = Math.ceil(reply.text.length / 2);
    writeSse(res, chunk({ content: reply.text.slice(0, cut) }));
    if (reply.text.length > cut) writeSse(res, chunk({ content: reply.text.slice(cut) }));
  }
  reply.toolCalls.forEach((c, index) => {
    const args = typeof c.input === 'string' ? c.input : JSON.stringify(c.input);
    // name first, arguments in a later delta: clients must accumulate, as with a real model
    writeSse(res, chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
    writeSse(res, chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
  });
  writeSse(res, chunk({}, reply.toolCalls.length ? 'tool_calls' : 'stop'));
  const prompt = reply.usage?.inputTokens ?? 100;
  const completion = reply.usage?.outputTokens ?? 10;
  writeSse(res, { id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
  writeSse(res, '[DONE]');
  res.end();
}

export const openAIChatProtocol: ProtocolAdapter = {
  name: 'openai-chat',
  modelPath: '/v1/chat/completions',
  view,
  writeReply,
  writeError(res, status, message, type = 'invalid_request_error') {
    jsonError(res, status, { error: { message, type, code: 'scripted' } });
  },
};

/** Fake chat-completions server for OpenCode and Pi (provider baseURL = `baseUrl`). */
export function startChatServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  return startFakeServer(openAIChatProtocol, script, options);
}
