/**
 * The mod door answers in Claude Code's classic words: the Claude adapter's fields of an answer
 * (the ones its command-hook JSON is made of) become the classic result object, and stopline's
 * answer is folded over what the person's own command hooks beneath it answered.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../../core/answer/outcome';
import { claudeAdapter, claudeFields } from '../../../../hosts/claude/adapter';
import { classicOf, foldOver, noteSession, preToolUsePayload } from '../../../../hosts/claude/mod/classic';
import { rowEvent } from '../../shared/row-event';
import { claudeRegistry } from '../../../../core/registry/claude';

const at = (name: string) => rowEvent(claudeRegistry, name);
const classic = (answer: Answer, event: string) => classicOf(claudeFields(answer, at(event)));
const notice = (answer: Answer, event: string) => claudeFields(answer, at(event)).messages.join('\n');

const stamp = 'STOP / INTENT\nReason: MODE_FORBIDS_MUTATION (I)';

describe('classicOf: the answer as a classic result, from the fields the command hook renders', () => {
  it('a PreToolUse deny and ask become deny and ask with the stamp', () => {
    expect(classic({ kind: 'deny', message: stamp, reasonCode: 'MODE_FORBIDS_MUTATION' }, 'PreToolUse')).toEqual({ deny: stamp });
    expect(classic({ kind: 'ask', message: stamp, reasonCode: 'MODE_FORBIDS_MUTATION' }, 'PreToolUse')).toEqual({ ask: stamp });
  });

  it('context becomes a one-entry additionalContext list (a plain string is dropped by Claude Code)', () => {
    expect(classic({ kind: 'context', message: 'stopline contract (ARMED)', reasonCode: 'CONTRACT_CONTEXT' }, 'UserPromptSubmit')).toEqual({ additionalContext: ['stopline contract (ARMED)'] });
  });

  it('a rewrite is the whole input in updatedInput, with no allow of its own (as the command hook renders it)', () => {
    const input = { command: 'wrapped ls', description: 'list', timeout: 5 };
    const answer: Answer = { kind: 'rewrite', rewrite: { command: 'wrapped ls', field: 'command', input } };
    expect(classic(answer, 'PreToolUse')).toEqual({ updatedInput: input });
    expect(JSON.parse(claudeAdapter.render(answer, at('PreToolUse')).stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: input } });
    // only before a tool
    expect(classic(answer, 'PostToolUse')).toEqual({});
  });

  it('the message shown to the person goes to the transcript, as the systemMessage the command hook prints', () => {
    const answer: Answer = { kind: 'context', message: 'c', notice: 'stopline: contract set', messages: ['from a hook'] };
    expect(notice(answer, 'UserPromptSubmit')).toBe('from a hook\nstopline: contract set');
    expect(JSON.parse(claudeAdapter.render(answer, at('UserPromptSubmit')).stdout).systemMessage).toBe(notice(answer, 'UserPromptSubmit'));
  });

  it("a prompt block, a hook's stop and feedback after a tool", () => {
    expect(classic({ kind: 'deny', message: 'R' }, 'UserPromptSubmit')).toEqual({ block: 'R' });
    expect(classic({ kind: 'none', stop: true, stopReason: 'quota' }, 'Stop')).toEqual({ preventContinuation: true, stopReason: 'quota' });
    expect(classic({ kind: 'none', feedback: 'lint failed' }, 'PostToolUse')).toEqual({ block: 'lint failed' });
  });

  it('nothing to say is no answer', () => {
    expect(classic({ kind: 'none' }, 'PreToolUse')).toEqual({});
    expect(notice({ kind: 'none' }, 'PreToolUse')).toBe('');
  });
});

describe('foldOver: stopline over the hooks beneath', () => {
  it("stopline's deny stands over the person's allow; its ask over their allow but not their deny", () => {
    expect(foldOver({ allow: true }, { deny: 'S' })).toEqual({ deny: 'S' });
    expect(foldOver({ allow: true }, { ask: 'S' })).toEqual({ ask: 'S' });
    expect(foldOver({ deny: 'P' }, { ask: 'S' })).toEqual({ deny: 'P' });
  });

  it("stopline's rewrite stands over one beneath; its deny drops one beneath", () => {
    expect(foldOver({ updatedInput: { command: 'P' } }, { updatedInput: { command: 'S' } })).toEqual({ updatedInput: { command: 'S' } });
    expect(foldOver({ updatedInput: { command: 'P' } }, {})).toEqual({ updatedInput: { command: 'P' } });
    expect(foldOver({ updatedInput: { command: 'P' } }, { deny: 'S' })).toEqual({ deny: 'S' });
  });

  it('contexts add up, stopline first; nothing of stopline leaves the beneath answer as it is', () => {
    expect(foldOver({ additionalContext: ['P'] }, { additionalContext: ['S'] })).toEqual({ additionalContext: ['S', 'P'] });
    expect(foldOver({ block: 'P' }, {})).toEqual({ block: 'P' });
    expect(foldOver(undefined, {})).toEqual({});
  });
});

describe('preToolUsePayload: the envelope back to the PreToolUse payload', () => {
  it('takes the tool input from the envelope and the session, cwd and sub-agent from what was seen', () => {
    const view = {};
    noteSession(view, { session_id: 's1', transcript_path: '/t.jsonl', cwd: '/p', permission_mode: 'default', hook_event_name: 'UserPromptSubmit' });
    const p = preToolUsePayload({ tool: 'Write', tool_use_id: 'toolu_1', file_path: '/p/a', content: 'x', agentId: 'a1', requestMeta: {} }, view, { id: 'a1', type: 'general-purpose' });
    expect(p).toEqual({
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: '/p/a', content: 'x' },
      tool_use_id: 'toolu_1',
      session_id: 's1',
      transcript_path: '/t.jsonl',
      cwd: '/p',
      permission_mode: 'default',
      agent_id: 'a1',
      agent_type: 'general-purpose',
    });
  });
});
