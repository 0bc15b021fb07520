/**
 * The mod door answers in Claude Code's classic words: what the Claude adapter renders for a
 * command hook becomes the classic result object, and stopline's answer is folded over what the
 * person's own command hooks beneath it answered.
 */
import { describe, expect, it } from 'vitest';
import { claudeAdapter } from '../../../../hosts/claude/adapter';
import { classicResult, foldOver, noteSession, preToolUsePayload } from '../../../../hosts/claude/mod/classic';

const stamp = 'STOP / INTENT\nReason: MODE_FORBIDS_MUTATION (I)';

describe('classicResult: the rendered command-hook answer as a classic result', () => {
  it('a PreToolUse deny and ask become deny and ask with the stamp', () => {
    const deny = claudeAdapter.render({ kind: 'deny', message: stamp, reasonCode: 'MODE_FORBIDS_MUTATION' }, { name: 'PreToolUse' });
    expect(classicResult('PreToolUse', deny).result).toEqual({ deny: stamp });
    const ask = claudeAdapter.render({ kind: 'ask', message: stamp, reasonCode: 'MODE_FORBIDS_MUTATION' }, { name: 'PreToolUse' });
    expect(classicResult('PreToolUse', ask).result).toEqual({ ask: stamp });
  });

  it('context becomes a one-entry additionalContext list (a plain string is dropped by Claude Code)', () => {
    const r = claudeAdapter.render({ kind: 'context', message: 'stopline contract (ARMED)', reasonCode: 'CONTRACT_CONTEXT' }, { name: 'UserPromptSubmit' });
    expect(classicResult('UserPromptSubmit', r).result).toEqual({ additionalContext: ['stopline contract (ARMED)'] });
  });

  it('the message shown to the person goes to the transcript, stderr to the debug log', () => {
    const m = classicResult('UserPromptSubmit', { stdout: JSON.stringify({ systemMessage: 'stopline: contract set' }), stderr: 'stopline-claude: a note\n', exitCode: 0 });
    expect(m.notices).toEqual(['stopline: contract set']);
    expect(m.debug).toEqual(['stopline-claude: a note']);
    expect(m.result).toEqual({});
  });

  it('a prompt block and an exit-2 answer block (or deny a tool)', () => {
    expect(classicResult('UserPromptSubmit', { stdout: JSON.stringify({ decision: 'block', reason: 'R' }), stderr: '', exitCode: 0 }).result).toEqual({ block: 'R' });
    expect(classicResult('PreToolUse', { stdout: '', stderr: 'STAMP\n', exitCode: 2 }).result).toEqual({ deny: 'STAMP' });
    expect(classicResult('Stop', { stdout: '', stderr: 'STAMP\n', exitCode: 2 }).result).toEqual({ block: 'STAMP' });
  });

  it('nothing printed is no answer', () => {
    expect(classicResult('PreToolUse', { stdout: '', stderr: '', exitCode: 0 }).result).toEqual({});
  });
});

describe('foldOver: stopline over the hooks beneath', () => {
  it("stopline's deny stands over the person's allow; its ask over their allow but not their deny", () => {
    expect(foldOver({ allow: true }, { deny: 'S' })).toEqual({ deny: 'S' });
    expect(foldOver({ allow: true }, { ask: 'S' })).toEqual({ ask: 'S' });
    expect(foldOver({ deny: 'P' }, { ask: 'S' })).toEqual({ deny: 'P' });
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
