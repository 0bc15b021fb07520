/**
 * OpenAI Responses API, streaming (`POST /v1/responses`), as Codex 0.171.0 uses it. Every
 * request carries the whole history in `input`. The turn index is the number of model turns
 * in it: runs of model output items (assistant message, function_call, custom_tool_call,
 * reasoning, ...) separated by anything else; developer/system messages that Codex inserts
 * between a call and its output (PostToolUse context) do not split a run.
 *
 * Tool calls: an object `input` becomes a `function_call` (with `namespace` when given, e.g.
 * `spawn_agent` in `multi_agent_v1`); a string `input` becomes a `custom_tool_call` (freeform
 * input, e.g. `apply_patch`).
 */
import type http from 'node:http';
import { jsonError, startFakeServer, startSse, writeSse, type FakeModelServer, type FakeServerOptions, type ProtocolAdapter, type ReplyPlan, type RequestView } from './fake-server';
import { contentText, type FakeModelScript, type ToolResultSeen } from './script';

type Item = Record<string, unknown>;

const MODEL_ITEM_TYPES = new Set([
  'function_call', 'custom_tool_call', 'reasoning', 'local_shell_call', 'web_search_call', 'tool_search_call', 'image_generation_call',
]);

function itemType(item: Item): string {
  return typeof item.type === 'string' ? item.type : 'message';
}

function isModelItem(item: Item): boolean {
  const t = itemType(item);
  return (t === 'message' && item.role === 'assistant') || MODEL_ITEM_TYPES.has(t);
}

/** Messages Codex adds on its own (instructions, hook context) that never split a model turn. */
function isTransparent(item: Item): boolean {
  return itemType(item) === 'message' && (item.role === 'developer' || item.role === 'system');
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output && typeof output === 'object' && !Array.isArray(output) && 'content' in output) {
    return contentText((output as { content: unknown }).content);
  }
  return contentText(output);
}

/** Codex sends its own context (environment, AGENTS.md) as user messages before the prompt. */
function isContextMessage(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('<environment_context>') || t.startsWith('# AGENTS.md') || t.startsWith('<user_instructions>');
}

function view(body: unknown): RequestView {
  const input = (body as { input?: unknown } | null)?.input;
  if (!Array.isArray(input)) throw new Error('body has no input array');
  const items = input as Item[];
  let turns = 0;
  let inModelRun = false;
  let firstUserText: string | undefined;
  const toolResults: ToolResultSeen[] = [];
  for (const item of items) {
    const t = itemType(item);
    if (isModelItem(item)) {
      if (!inModelRun) turns++;
      inModelRun = true;
      continue;
    }
    if (t === 'function_call_output' || t === 'custom_tool_call_output') {
      if (typeof item.call_id === 'string') toolResults.push({ callId: item.call_id, text: outputText(item.output) });
    }
    if (t === 'message' && item.role === 'user' && firstUserText === undefined) {
      const text = contentText(item.content);
      if (!isContextMessage(text)) firstUserText = text;
    }
    if (!isTransparent(item)) inModelRun = false;
  }
  return { firstUserText: firstUserText ?? '', turnIndex: turns, toolResults };
}

function writeReply(res: http.ServerResponse, reply: ReplyPlan, ctx: { seq: number; body: unknown }): void {
  const respId = `resp_fake_${ctx.seq}`;
  const items: Item[] = [];
  if (reply.text !== undefined) {
    items.push({ type: 'message', role: 'assistant', id: `msg_${ctx.seq}`, status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] });
  }
  reply.toolCalls.forEach((c, i) => {
    const id = `item_${ctx.seq}_${i}`;
    if (typeof c.input === 'string') {
      items.push({ type: 'custom_tool_call', id, status: 'completed', call_id: c.id, name: c.name, input: c.input });
    } else {
      items.push({ type: 'function_call', id, status: 'completed', call_id: c.id, name: c.name, arguments: JSON.stringify(c.input), ...(c.namespace ? { namespace: c.namespace } : {}) });
    }
  });
  startSse(res);
  writeSse(res, { type: 'response.created', response: { id: respId, status: 'in_progress' } }, 'response.created');
  items.forEach((item, output_index) => {
    if (item.type === 'message') {
      writeSse(res, { type: 'response.output_item.added', output_index, item: { ...item, content: [] } }, 'response.output_item.added');
      writeSse(res, { type: 'response.output_text.delta', output_index, item_id: item.id, content_index: 0, delta: reply.text }, 'response.output_text.delta');
    } else {
      writeSse(res, { type: 'response.output_item.added', output_index, item }, 'response.output_item.added');
    }
    writeSse(res, { type: 'response.output_item.done', output_index, item }, 'response.output_item.done');
  });
  const input_tokens = reply.usage?.inputTokens ?? 100;
  const output_tokens = reply.usage?.outputTokens ?? 10;
  writeSse(res, {
    type: 'response.completed',
    response: {
      id: respId, status: 'completed',
      usage: { input_tokens, input_tokens_details: { cached_tokens: 0 }, output_tokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input_tokens + output_tokens },
    },
  }, 'response.completed');
  res.end();
}

export const openAIResponsesProtocol: ProtocolAdapter = {
  name: 'openai-responses',
  modelPath: '/v1/responses',
  view,
  writeReply,
  writeError(res, status, message, type = 'invalid_request_error') {
    jsonError(res, status, { error: { message, type, code: 'scripted' } });
  },
};

/** Fake Responses server for Codex (model provider base_url = `baseUrl`). */
export function startResponsesServer(script: FakeModelScript, options?: FakeServerOptions): Promise<FakeModelServer> {
  return startFakeServer(openAIResponsesProtocol, script, options);
}
