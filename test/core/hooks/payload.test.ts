import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPayload, encodePayload } from '../../../core/hooks/payload';
import type { DispatchInput } from '../../../core/hooks/types';

const captured = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'captured', name), 'utf8'));

const base: Omit<DispatchInput, 'event'> = { hostFamily: 'opencode', sessionId: 's-1', cwd: '/p', transcriptPath: '/t.jsonl', permissionMode: 'default' };

describe('payload: Claude shape', () => {
  it('has the keys a real Claude PreToolUse payload has (less Claude-internal ones)', () => {
    const real = captured('claude-PreToolUse-Bash.json');
    const ours = buildPayload('claude', 'PreToolUse', { ...base, event: 'tool:before', toolName: 'Bash', toolUseId: 't1', rawInput: { command: 'ls' } });
    const internal = ['prompt_id', 'effort'];
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).filter((k) => !internal.includes(k)).sort());
    expect(ours).toEqual({ session_id: 's-1', transcript_path: '/t.jsonl', cwd: '/p', hook_event_name: 'PreToolUse', permission_mode: 'default', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' });
  });

  it('a PostToolUse payload has tool_response like the captured one', () => {
    const real = captured('claude-PostToolUse-Write.json');
    const ours = buildPayload('claude', 'PostToolUse', { ...base, event: 'tool:after', toolName: 'Write', toolUseId: 't', rawInput: real.tool_input, toolResponse: real.tool_response });
    for (const k of ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'permission_mode', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id']) expect(ours).toHaveProperty(k);
    expect(ours.tool_response).toEqual(real.tool_response);
  });

  it('shows the host tool name and the Claude-shaped input next to the raw input', () => {
    const p = buildPayload('claude', 'PreToolUse', {
      ...base,
      event: 'tool:before',
      toolName: 'write_file',
      canonicalToolName: 'Write',
      rawInput: { path: 'a.txt', content: 'x' },
      canonicalInput: { file_path: '/p/a.txt', content: 'x' },
    });
    expect(p.tool_name).toBe('write_file');
    expect(p.tool_input).toEqual({ path: 'a.txt', file_path: '/p/a.txt', content: 'x' });
    expect(p.raw_tool_input).toEqual({ path: 'a.txt', content: 'x' });
  });

  it('codex hooks get the same shape (captured apply_patch payload keys)', () => {
    const real = captured('codex-PreToolUse-apply_patch.json');
    const ours = buildPayload('codex', 'PreToolUse', { ...base, event: 'tool:before', toolName: 'apply_patch', toolUseId: 'c', rawInput: real.tool_input });
    const codexOnly = ['turn_id', 'model'];
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).filter((k) => !codexOnly.includes(k)).sort());
  });

  it.each([
    [{ event: 'prompt:submit', prompt: 'fix it' }, { prompt: 'fix it' }],
    [{ event: 'session:start', source: 'resume' }, { source: 'resume' }],
    [{ event: 'session:end', reason: 'logout' }, { reason: 'logout' }],
    [{ event: 'turn:stop', stopHookActive: true }, { stop_hook_active: true }],
    [{ event: 'subagent:start', agentId: 'a1', agentType: 'explore' }, { agent_id: 'a1', agent_type: 'explore' }],
    [{ event: 'subagent:end', agentId: 'a1', agentType: 'explore' }, { agent_id: 'a1', agent_type: 'explore', stop_hook_active: false }],
    [{ event: 'notice', message: 'waiting' }, { message: 'waiting' }],
    [{ event: 'compact:before', trigger: 'manual' }, { trigger: 'manual' }],
  ] as [Partial<DispatchInput>, Record<string, unknown>][])('event fields: %j', (extra, want) => {
    const p = buildPayload('claude', 'X', { ...base, ...extra } as DispatchInput);
    expect(p).toMatchObject(want);
    expect(p).not.toHaveProperty('tool_name');
  });

  it('defaults: empty transcript path, permission_mode default', () => {
    const p = buildPayload('claude', 'Stop', { event: 'turn:stop', hostFamily: 'pi', sessionId: 's', cwd: '/' });
    expect(p).toMatchObject({ transcript_path: '', permission_mode: 'default', stop_hook_active: false });
  });
});

describe('payload: native and hermes shapes', () => {
  it('native uses canonical event names and adds host and canonical tool name', () => {
    const p = buildPayload('native', 'tool:before', { ...base, event: 'tool:before', toolName: 'bash', canonicalToolName: 'Bash', rawInput: { command: 'ls' } });
    expect(p).toMatchObject({ hook_event_name: 'tool:before', host: 'opencode', tool_name: 'bash', canonical_tool_name: 'Bash', tool_input: { command: 'ls' } });
  });

  it("hermes gets Hermes's shell-hook shape", () => {
    const p = buildPayload('hermes', 'pre_tool_call', { ...base, event: 'tool:before', toolName: 'Bash', canonicalToolName: 'Bash', toolUseId: 'u', rawInput: { command: 'ls' } });
    expect(p).toEqual({
      hook_event_name: 'pre_tool_call',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      session_id: 's-1',
      cwd: '/p',
      extra: { canonical_event: 'tool:before', host: 'opencode', canonical_tool_name: 'Bash', tool_call_id: 'u', transcript_path: '/t.jsonl', permission_mode: 'default' },
    });
  });

  it('hermes non-tool events have null tool fields and carry the prompt in extra', () => {
    const p = buildPayload('hermes', 'pre_llm_call', { ...base, event: 'prompt:submit', prompt: 'hi' });
    expect(p).toMatchObject({ hook_event_name: 'pre_llm_call', tool_name: null, tool_input: null, extra: { user_message: 'hi' } });
  });
});

describe('encodePayload', () => {
  it('never throws on host data: bigints, cycles, throwing toJSON', () => {
    const cyc: Record<string, unknown> = { a: 1 };
    cyc.self = cyc;
    expect(JSON.parse(encodePayload({ session_id: 's', tool_input: { n: 10n, cyc } }))).toEqual({ session_id: 's', tool_input: { n: '10', cyc: { a: 1, self: '[circular]' } } });
    const bad = { toJSON: () => { throw new Error('no'); } };
    expect(JSON.parse(encodePayload({ session_id: 's', hook_event_name: 'PreToolUse', tool_input: bad }))).toEqual({ session_id: 's', hook_event_name: 'PreToolUse' });
  });
});
