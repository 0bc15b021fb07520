/**
 * Anthropic Messages API, streaming, as Claude Code 2.1.332 uses it: `POST /v1/messages?beta=true`
 * with `stream: true`. The turn index is the number of assistant messages; `messages` may hold
 * `role: "system"` entries (hook context), so nothing assumes user/assistant alternation.
 */
import type http from 'node:http';
import { jsonError, pieces, startFakeServer, startSse, writeSse, type FakeModelServer, type FakeServerOptions, type ProtocolAdapter, type ReplyPlan, type RequestView } from './fake-server';
import { contentText, type FakeModelScript, type ToolResultSeen } from './script';

interface AnthropicMessage {
  role?: string;
  content?: unknown;
}

function messagesOf(body: unknown): AnthropicMessage[] {
  const m = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(m)) throw new Error('body has no messages array');
  return m as AnthropicMessage[];
}

function view(body: unknown): RequestView {
  const messages = messagesOf(body);
  const firstUser = messages.find((m) => m.role === 'user');
  const toolResults: ToolResultSeen[] = [];
  for (const m of messages) {
    if (m.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const block of m.content as Array<Record<string, unknown>>) {
      if (block?.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        toolResults.push({ callId: block.tool_use_id, text: contentText(block.content), isError: block.is_error === true });
      }
    }
  }
  return {
    firstUserText: firstUser ? contentText(firstUser.content) : '',
    turnIndex: messages.filter((m) => m.role === 'assistant').length,
    toolResults,
  };
}

function writeReply(res: http.ServerResponse, reply: ReplyPlan, ctx: { seq: number; body: unknown }): void {
  const id = `msg_fake_${ctx.seq}`;
  const model = (ctx.body as { model?: string } | null)?.model ?? 'claude-fake';
  const blocks: Array<{ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown }> = [];
  if (reply.text !== undefined) blocks.push({ type: 'text', text: reply.text });
  for (const c of reply.toolCalls) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input });
  const stopReason = reply.toolCalls.length ? 'tool_use' : 'end_turn';
  const inputTokens = reply.usage?.inputTokens ?? 100;
  const outputTokens = reply.usage?.outputTokens ?? 10;
  startSse(res);
  writeSse(res, {
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
  }, 'message_start');
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      writeSse(res, { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start');
      for (const text of pieces(b.text, 2)) writeSse(res, { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }, 'content_block_delta');
    } else {
      writeSse(res, { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } }, 'content_block_start');
      // a string input is streamed verbatim (lets a test send malformed JSON)
      for (const partial_json of pieces(typeof b.input === 'string' ? b.input : JSON.stringify(b.input), 3)) {
        writeSse(res, { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }, 'content_block_delta');
      }
    }
    writeSse(res, { type: 'content_block_stop', index }, 'content_block_stop');
  });
  writeSse(res, { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }, 'message_delta');
  writeSse(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}

export const anthropicProtocol: ProtocolAdapter = {
  name: 'anthropic',
  modelPath: '/v1/messages',
  view,
  writeReply,
  writeError(res, status, message, type = 'api_error') {
    jsonError(res, status, { type: 'error', error: { type, message } });
  },
};

/** Fake Anthropic Messages server for Claude Code (set ANTHROPIC_BASE_URL to `origin`). */
export function startAnthropicServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  return startFakeServer(anthropicProtocol, script, options);
}
