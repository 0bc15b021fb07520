// The fake model servers on their own (no host CLI needed): thread and turn selection, the
// streamed wire format each host parses, tool-result lookup, and the limits.
import { afterEach, describe, expect, it } from 'vitest';
import { startAnthropicServer } from './fake-anthropic';
import { FAKE_TITLE, startChatServer } from './fake-openai-chat';
import { startResponsesServer } from './fake-openai-responses';
import type { FakeModelServer } from './fake-server';

const open: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
function track(s: FakeModelServer): FakeModelServer {
  open.push(s);
  return s;
}

async function post(server: FakeModelServer, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

/** The JSON payloads of an SSE body (the `[DONE]` sentinel kept as a string). */
function sseData(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice(6))
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

describe('Anthropic Messages fake', () => {
  const script = {
    threads: [
      { name: 'child', match: 'CHILD-MARK', turns: [{ text: 'child answer' }] },
      {
        name: 'main',
        match: 'MAIN-MARK',
        turns: [{ toolCalls: [{ id: 'toolu_1', name: 'Write', input: { file_path: '/p/a.txt', content: 'x' } }] }, { text: 'all done' }],
      },
    ],
  };

  it('streams a tool_use turn for the thread named in the first user message', async () => {
    const server = track(await startAnthropicServer(script));
    const { status, text } = await post(server, '/v1/messages?beta=true', {
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'MAIN-MARK do it' }] }],
    });
    expect(status).toBe(200);
    const events = sseData(text) as Array<Record<string, any>>;
    expect(events.map((e) => e.type)).toEqual([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta',
      'content_block_stop', 'message_delta', 'message_stop',
    ]);
    expect(events[1]?.content_block).toMatchObject({ type: 'tool_use', id: 'toolu_1', name: 'Write' });
    const json = events.filter((e) => e.delta?.type === 'input_json_delta').map((e) => e.delta.partial_json).join('');
    expect(JSON.parse(json)).toEqual({ file_path: '/p/a.txt', content: 'x' });
    expect(events[6]?.delta.stop_reason).toBe('tool_use');
    expect(server.requests[0]).toMatchObject({ kind: 'turn', thread: 'main', turnIndex: 0, path: '/v1/messages', query: '?beta=true' });
  });

  it('picks the turn by the number of assistant messages, ignoring system entries', async () => {
    const server = track(await startAnthropicServer(script));
    const { text } = await post(server, '/v1/messages', {
      stream: true,
      messages: [
        { role: 'user', content: 'MAIN-MARK do it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: {} }] },
        { role: 'system', content: 'PreToolUse:Write hook additional context: note' },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'PreToolUse:Write hook error: NO', is_error: true }] },
      ],
    });
    expect(text).toContain('"text":"all "');
    expect(server.requests[0]?.turnIndex).toBe(1);
    expect(server.toolResult('toolu_1')).toEqual({ callId: 'toolu_1', text: 'PreToolUse:Write hook error: NO', isError: true });
    expect(server.requestAfterToolCall('toolu_1')?.seq).toBe(0);
    expect(server.toolResultText('toolu_unknown')).toBeUndefined();
  });

  it('answers an unknown thread and a finished thread with the fallback text', async () => {
    const server = track(await startAnthropicServer({ ...script, fallbackText: 'FALLBACK' }));
    await post(server, '/v1/messages', { stream: true, messages: [{ role: 'user', content: 'nobody' }] });
    const { text } = await post(server, '/v1/messages', {
      stream: true,
      messages: [{ role: 'user', content: 'CHILD-MARK' }, { role: 'assistant', content: 'child answer' }, { role: 'user', content: 'more' }],
    });
    expect(text).toContain('FALLBACK'.slice(0, 4));
    expect(server.requests.map((r) => r.kind)).toEqual(['unmatched', 'exhausted']);
  });

  it('answers a scripted error turn with that HTTP status and an Anthropic error body', async () => {
    const server = track(await startAnthropicServer({ threads: [{ name: 'e', turns: [{ error: { status: 529, message: 'overloaded', type: 'overloaded_error' } }] }] }));
    const { status, text } = await post(server, '/v1/messages', { stream: true, messages: [{ role: 'user', content: 'x' }] });
    expect(status).toBe(529);
    expect(JSON.parse(text)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'overloaded' } });
  });

  it('rejects a body that is not a Messages request with 400 and records it', async () => {
    const server = track(await startAnthropicServer(script));
    const { status } = await post(server, '/v1/messages', { prompt: 'old completion API' });
    expect(status).toBe(400);
    expect(server.requests[0]?.kind).toBe('rejected');
  });
});

describe('OpenAI chat-completions fake', () => {
  const script = {
    threads: [
      {
        name: 'main',
        match: 'MAIN-MARK',
        turns: [{ text: 'writing', toolCalls: [{ id: 'call_w', name: 'write', input: { path: 'a.txt', content: 'x' } }] }, { text: 'done' }],
      },
    ],
  };

  it('streams tool_calls deltas (name first, arguments later) and finish_reason tool_calls', async () => {
    const server = track(await startChatServer(script));
    const { text } = await post(server, '/v1/chat/completions', {
      stream: true,
      messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: [{ type: 'text', text: 'MAIN-MARK go' }] }],
    });
    const chunks = sseData(text);
    expect(chunks.at(-1)).toBe('[DONE]');
    const deltas = (chunks.slice(0, -1) as Array<Record<string, any>>).flatMap((c) => c.choices.map((ch: any) => ch));
    const content = deltas.map((d) => d.delta.content ?? '').join('');
    expect(content).toBe('writing');
    const calls = deltas.flatMap((d) => d.delta.tool_calls ?? []);
    expect(calls[0]).toMatchObject({ index: 0, id: 'call_w', type: 'function', function: { name: 'write', arguments: '' } });
    expect(JSON.parse(calls.map((c: any) => c.function.arguments).join(''))).toEqual({ path: 'a.txt', content: 'x' });
    expect(deltas.at(-1)?.finish_reason).toBe('tool_calls');
  });

  it('answers a request that asks for no stream with one chat.completion object (OpenHands sends no `stream`)', async () => {
    const server = track(await startChatServer(script));
    const res = await fetch(`${server.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'MAIN-MARK go' }] }),
    });
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Record<string, any>;
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message).toMatchObject({ role: 'assistant', content: 'writing', tool_calls: [{ id: 'call_w', type: 'function', function: { name: 'write' } }] });
    expect(JSON.parse(body.choices[0].message.tool_calls[0].function.arguments)).toEqual({ path: 'a.txt', content: 'x' });
  });

  it('answers the OpenCode title request without using up a turn', async () => {
    const server = track(await startChatServer(script));
    const title = await post(server, '/v1/chat/completions', {
      stream: true,
      messages: [{ role: 'system', content: 'You are a title generator. ...' }, { role: 'user', content: 'MAIN-MARK go' }],
    });
    expect(title.text).toContain(FAKE_TITLE.slice(0, 4));
    await post(server, '/v1/chat/completions', { stream: true, messages: [{ role: 'user', content: 'MAIN-MARK go' }] });
    expect(server.requests.map((r) => [r.kind, r.turnIndex])).toEqual([['title', 0], ['turn', 0]]);
    expect(server.requests[1]?.reply.toolCalls[0]?.id).toBe('call_w');
  });

  it('finds the tool message the model received for a call id', async () => {
    const server = track(await startChatServer(script));
    await post(server, '/v1/chat/completions', {
      stream: true,
      messages: [
        { role: 'user', content: 'MAIN-MARK go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_w', type: 'function', function: { name: 'write', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_w', content: 'BLOCKED: nope' },
      ],
    });
    expect(server.requests[0]?.turnIndex).toBe(1);
    expect(server.toolResultText('call_w')).toBe('BLOCKED: nope');
  });

  it('stops a runaway client with 429 after maxRequests and 413 over maxBodyBytes', async () => {
    const server = track(await startChatServer(script, { maxRequests: 2, maxBodyBytes: 10_000 }));
    const big = await post(server, '/v1/chat/completions', { messages: [{ role: 'user', content: 'x'.repeat(20_000) }] });
    expect(big.status).toBe(413);
    await post(server, '/v1/chat/completions', { stream: true, messages: [{ role: 'user', content: 'MAIN-MARK' }] });
    const third = await post(server, '/v1/chat/completions', { stream: true, messages: [{ role: 'user', content: 'MAIN-MARK' }] });
    expect(third.status).toBe(429);
    expect(server.requests.map((r) => r.kind)).toEqual(['rejected', 'turn', 'rejected']);
  });

  it('records requests to other routes and answers them 404 (GET /v1/models: an empty list)', async () => {
    const server = track(await startChatServer(script));
    const models = await fetch(`${server.baseUrl}/models`);
    expect(await models.json()).toEqual({ object: 'list', data: [] });
    const other = await post(server, '/v1/embeddings', {});
    expect(other.status).toBe(404);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/embeddings']);
  });
});

describe('OpenAI Responses fake', () => {
  const patch = '*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n';
  const script = {
    threads: [
      { name: 'child', match: 'CHILD-MARK', turns: [{ text: 'child done' }] },
      {
        name: 'main',
        match: 'MAIN-MARK',
        turns: [
          {
            toolCalls: [
              { id: 'c_sh', name: 'exec_command', input: { cmd: 'touch a' } },
              { id: 'c_patch', name: 'apply_patch', input: patch },
            ],
          },
          { toolCalls: [{ id: 'c_spawn', name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message: 'CHILD-MARK go' } }] },
          {
            toolCalls: [
              {
                id: 'c_wait',
                name: 'wait_agent',
                namespace: 'multi_agent_v1',
                input: ({ toolResults }: { toolResults: Array<{ callId: string; text: string }> }) => ({
                  targets: [JSON.parse(toolResults.find((t) => t.callId === 'c_spawn')?.text ?? '{}').agent_id],
                }),
              },
            ],
          },
        ],
      },
    ],
  };
  const context = [
    { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'instructions' }] },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>cwd</environment_context>' }] },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'MAIN-MARK make files' }] },
  ];

  it('emits function_call, freeform custom_tool_call and namespaced calls, then response.completed', async () => {
    const server = track(await startResponsesServer(script));
    const { text } = await post(server, '/v1/responses', { stream: true, input: context });
    const done = (sseData(text) as Array<Record<string, any>>).filter((e) => e.type === 'response.output_item.done').map((e) => e.item);
    expect(done[0]).toMatchObject({ type: 'function_call', call_id: 'c_sh', name: 'exec_command', arguments: '{"cmd":"touch a"}' });
    expect(done[1]).toMatchObject({ type: 'custom_tool_call', call_id: 'c_patch', name: 'apply_patch', input: patch });
    expect(text.trimEnd().split('\n').at(-1)).toContain('"type":"response.completed"');
    expect(server.requests[0]).toMatchObject({ thread: 'main', turnIndex: 0, firstUserText: 'MAIN-MARK make files' });
  });

  it('counts one model turn per run of output items, also with hook context between call and output', async () => {
    const server = track(await startResponsesServer(script));
    const history = [
      ...context,
      { type: 'function_call', call_id: 'c_sh', name: 'exec_command', arguments: '{}' },
      { type: 'custom_tool_call', call_id: 'c_patch', name: 'apply_patch', input: patch },
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'PostToolUse context' }] },
      { type: 'function_call_output', call_id: 'c_sh', output: 'Process exited with code 0' },
      { type: 'custom_tool_call_output', call_id: 'c_patch', output: 'Command blocked by PreToolUse hook: NO. Command: x' },
    ];
    const { text } = await post(server, '/v1/responses', { stream: true, input: history });
    expect(server.requests[0]?.turnIndex).toBe(1);
    expect(text).toContain('"namespace":"multi_agent_v1"');
    expect(server.toolResultText('c_patch')).toBe('Command blocked by PreToolUse hook: NO. Command: x');

    const spawned = [
      ...history,
      { type: 'function_call', call_id: 'c_spawn', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c_spawn', output: '{"agent_id":"agent-42","nickname":"N"}' },
    ];
    const wait = await post(server, '/v1/responses', { stream: true, input: spawned });
    expect(server.requests[1]?.turnIndex).toBe(2);
    expect(wait.text).toContain('\\"targets\\":[\\"agent-42\\"]');
  });

  it('routes a sub-agent, whose first user message is its task, to its own thread', async () => {
    const server = track(await startResponsesServer(script));
    await post(server, '/v1/responses', { stream: true, input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'CHILD-MARK go' }] }] });
    expect(server.requests[0]?.thread).toBe('child');
  });

  it('answers 500 and records the failure when a scripted input function throws', async () => {
    const server = track(
      await startResponsesServer({
        threads: [{ name: 'm', turns: [{ toolCalls: [{ name: 'wait_agent', input: () => { throw new Error('no agent id yet'); } }] }] }],
      }),
    );
    const { status, text } = await post(server, '/v1/responses', { stream: true, input: context });
    expect(status).toBe(500);
    expect(text).toContain('no agent id yet');
    expect(server.requests[0]?.kind).toBe('rejected');
  });
});

describe('script validation', () => {
  it.each([
    [{ threads: 'x' }, /threads/],
    [{ threads: [{ name: '', turns: [] }] }, /non-empty `name`/],
    [{ threads: [{ name: 'a', turns: [] }, { name: 'a', turns: [] }] }, /duplicate/],
    [{ threads: [{ name: 'a', turns: [{}] }] }, /give text, toolCalls or error/],
  ])('refuses a malformed script %#', async (script, message) => {
    await expect(startChatServer(script as never)).rejects.toThrow(message);
  });
});
