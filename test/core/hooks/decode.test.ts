import { describe, expect, it } from 'vitest';
import { decodeRun, type RawRun } from '../../../core/hooks/decode';
import type { CanonicalEvent } from '../../../core/canonical';

const exit = (code: number | null, stdout = '', stderr = '', signal: string | null = null): RawRun => ({ kind: 'exit', code, signal, stdout, stderr });

function ok(dialect: 'claude' | 'codex' | 'native' | 'hermes', event: CanonicalEvent, raw: RawRun) {
  const d = decodeRun(dialect, event, raw);
  if (!d.ok) throw new Error(`expected a response, got failure ${d.error}`);
  return d.response;
}

describe('response contract: claude / codex / native', () => {
  it('exit 0 with hookSpecificOutput deny', () => {
    const out = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no .env edits' } });
    expect(ok('claude', 'tool:before', exit(0, out))).toEqual({ decision: 'deny', reason: 'no .env edits', stop: false, contexts: [], messages: [] });
  });

  it('permissionDecision ask and allow', () => {
    expect(ok('codex', 'tool:before', exit(0, '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}'))).toMatchObject({ decision: 'ask', reason: 'sure?' });
    expect(ok('native', 'tool:before', exit(0, '{"hookSpecificOutput":{"permissionDecision":"allow"}}'))).toMatchObject({ decision: 'allow' });
  });

  it('legacy decision block / approve, and hookSpecificOutput overrides it', () => {
    expect(ok('claude', 'turn:stop', exit(0, '{"decision":"block","reason":"tests not run"}'))).toMatchObject({ decision: 'deny', reason: 'tests not run' });
    expect(ok('claude', 'tool:before', exit(0, '{"decision":"approve","reason":"fine"}'))).toMatchObject({ decision: 'allow', reason: 'fine' });
    const both = '{"decision":"block","reason":"legacy","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"hso"}}';
    expect(ok('codex', 'tool:before', exit(0, both))).toMatchObject({ decision: 'deny', reason: 'hso' });
    const weaker = '{"decision":"block","reason":"legacy","hookSpecificOutput":{"permissionDecision":"allow"}}';
    expect(ok('claude', 'tool:before', exit(0, weaker))).toMatchObject({ decision: 'allow', reason: 'legacy' });
  });

  it('a block without a reason still denies (no silent allow)', () => {
    expect(ok('codex', 'tool:before', exit(0, '{"decision":"block"}'))).toMatchObject({ decision: 'deny' });
  });

  it('continue:false, stopReason, systemMessage and both additionalContext places', () => {
    const out = JSON.stringify({ continue: false, stopReason: 'quota', systemMessage: 'heads up', additionalContext: 'top', hookSpecificOutput: { additionalContext: 'nested' } });
    expect(ok('claude', 'prompt:submit', exit(0, out))).toEqual({ decision: 'none', stop: true, stopReason: 'quota', contexts: ['top', 'nested'], messages: ['heads up'] });
  });

  it('plain stdout is context only on contextFromStdout events', () => {
    expect(ok('claude', 'session:start', exit(0, 'M src/a.ts\n'))).toMatchObject({ contexts: ['M src/a.ts'] });
    expect(ok('claude', 'prompt:submit', exit(0, 'branch: main'))).toMatchObject({ contexts: ['branch: main'] });
    expect(ok('claude', 'tool:before', exit(0, 'just logging'))).toMatchObject({ decision: 'none', contexts: [] });
    expect(ok('claude', 'tool:after', exit(0, 'just logging'))).toMatchObject({ contexts: [] });
  });

  it('text that only looks like JSON is plain text, never a failure', () => {
    expect(ok('claude', 'session:start', exit(0, '{not json'))).toMatchObject({ decision: 'none', contexts: ['{not json'] });
    expect(ok('claude', 'tool:before', exit(0, '{"decision": "block"'))).toMatchObject({ decision: 'none' });
  });

  it('exit 2 denies with stderr as the reason; stdout is ignored', () => {
    expect(ok('claude', 'tool:before', exit(2, '{"decision":"approve"}', '  rm -rf is not allowed\n'))).toEqual({ decision: 'deny', reason: 'rm -rf is not allowed', stop: false, contexts: [], messages: [] });
    expect(ok('codex', 'tool:before', exit(2, '', ''))).toEqual({ decision: 'deny', stop: false, contexts: [], messages: [] });
  });

  it.each([
    [exit(1, '{"decision":"block"}'), 'exit 1'],
    [exit(127, '', 'sh: guard: not found'), 'exit 127'],
    [exit(null, '', '', 'SIGSEGV'), 'killed by SIGSEGV'],
    [{ kind: 'timeout', afterMs: 5000 } as RawRun, 'timed out after 5000 ms'],
    [{ kind: 'aborted' } as RawRun, 'aborted by the host'],
    [{ kind: 'spawn-error', message: 'EACCES' } as RawRun, 'spawn failed: EACCES'],
    [{ kind: 'request-error', message: 'ECONNREFUSED' } as RawRun, 'request failed: ECONNREFUSED'],
    [{ kind: 'http', status: 500, body: '{"decision":"block"}' } as RawRun, 'HTTP 500'],
  ])('infrastructure failure: %j', (raw, error) => {
    expect(decodeRun('claude', 'tool:before', raw)).toMatchObject({ ok: false, error });
  });

  it('a 2xx http body is decoded like stdout', () => {
    expect(ok('native', 'tool:before', { kind: 'http', status: 200, body: '{"decision":"block","reason":"remote says no"}' })).toMatchObject({ decision: 'deny', reason: 'remote says no' });
    expect(ok('native', 'session:start', { kind: 'http', status: 204, body: '' })).toMatchObject({ decision: 'none', contexts: [] });
  });
});

describe('response contract: hermes shell hooks', () => {
  it('{"action":"block","message"} and {"decision":"block","reason"} deny pre_tool_call', () => {
    expect(ok('hermes', 'tool:before', exit(0, '{"action":"block","message":"no .env"}'))).toMatchObject({ decision: 'deny', reason: 'no .env' });
    expect(ok('hermes', 'tool:before', exit(0, '{"decision":"block","reason":"nope"}'))).toMatchObject({ decision: 'deny', reason: 'nope' });
    expect(ok('hermes', 'tool:before', exit(0, '{"action":"block","message":""}'))).toMatchObject({ decision: 'deny', reason: 'Blocked by shell hook.' });
  });

  it('a block on an event Hermes does not gate is ignored', () => {
    expect(ok('hermes', 'tool:after', exit(0, '{"action":"block","message":"late"}'))).toMatchObject({ decision: 'none' });
  });

  it('pre_verify continue/block with a message keeps the turn going', () => {
    expect(ok('hermes', 'turn:stop', exit(0, '{"action":"continue","message":"run the tests"}'))).toMatchObject({ decision: 'deny', reason: 'run the tests' });
    expect(ok('hermes', 'turn:stop', exit(0, '{"action":"continue"}'))).toMatchObject({ decision: 'none' });
  });

  it('{"context"} adds context; empty stdout is nothing', () => {
    expect(ok('hermes', 'prompt:submit', exit(0, '{"context":"on branch main"}'))).toMatchObject({ contexts: ['on branch main'] });
    expect(ok('hermes', 'prompt:submit', exit(0, ''))).toMatchObject({ decision: 'none', contexts: [] });
  });

  it('the exit code does not hide a block printed on stdout (v0.19.0 reads stdout anyway)', () => {
    const d = decodeRun('hermes', 'tool:before', exit(1, '{"action":"block","message":"m"}'));
    expect(d).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'm' }, note: 'exit 1' });
  });

  it('exit 2 denies pre_tool_call with stderr as the message', () => {
    expect(ok('hermes', 'tool:before', exit(2, '', 'blocked: secrets'))).toMatchObject({ decision: 'deny', reason: 'blocked: secrets' });
    expect(ok('hermes', 'tool:before', exit(2, '', ''))).toMatchObject({ decision: 'deny', reason: 'Blocked by shell hook.' });
  });

  it('non-JSON stdout is a failure (so fail_closed can block it)', () => {
    expect(decodeRun('hermes', 'tool:before', exit(0, 'hello'))).toMatchObject({ ok: false, error: 'stdout is not a JSON object' });
  });
});

describe('a rewritten command before a tool, read where its dialect’s host reads one', () => {
  const updated = (command: unknown) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command, description: 'kept' } } });

  it.each(['claude', 'codex', 'droid', 'native'] as const)('%s: hookSpecificOutput.updatedInput.command', (dialect) => {
    const d = decodeRun(dialect, 'tool:before', exit(0, updated('npm test -- --silent')));
    expect(d.ok && d.response.rewrite).toEqual({ command: 'npm test -- --silent' });
    // the same without a decision (Claude applies it; so is it read)
    const bare = decodeRun(dialect, 'tool:before', exit(0, JSON.stringify({ hookSpecificOutput: { updatedInput: { command: 'ls' } } })));
    expect(bare.ok && bare.response).toMatchObject({ decision: 'none', rewrite: { command: 'ls' } });
  });

  it("an http hook's body is the Claude contract", () => {
    const d = decodeRun('claude', 'tool:before', { kind: 'http', status: 200, body: updated('ls -la') });
    expect(d.ok && d.response.rewrite).toEqual({ command: 'ls -la' });
  });

  it('gemini: hookSpecificOutput.tool_input.command; copilot: modifiedArgs.command', () => {
    const gemini = decodeRun('gemini', 'tool:before', exit(0, JSON.stringify({ hookSpecificOutput: { tool_input: { command: 'echo g' } } })));
    expect(gemini.ok && gemini.response.rewrite).toEqual({ command: 'echo g' });
    const copilot = decodeRun('copilot', 'tool:before', exit(0, JSON.stringify({ permissionDecision: 'allow', modifiedArgs: { command: 'echo c' } })), 'preToolUse');
    expect(copilot.ok && copilot.response).toMatchObject({ decision: 'allow', rewrite: { command: 'echo c' } });
    // Claude's field is not Copilot's answer, under either key style
    const claudeForm = decodeRun('copilot', 'tool:before', exit(0, updated('echo x')), 'PreToolUse');
    expect(claudeForm.ok && claudeForm.response.rewrite).toBeUndefined();
  });

  it('qwen (its PreToolUse updatedInput is ignored by Qwen 0.24.4) and hermes shell hooks rewrite nothing', () => {
    const qwen = decodeRun('qwen', 'tool:before', exit(0, updated('echo q')));
    expect(qwen.ok && qwen.response).toMatchObject({ decision: 'allow' });
    expect(qwen.ok && qwen.response.rewrite).toBeUndefined();
    const hermes = decodeRun('hermes', 'tool:before', exit(0, JSON.stringify({ action: 'modify', args: { command: 'echo h' } })));
    expect(hermes.ok && hermes.response.rewrite).toBeUndefined();
  });

  it('only before a tool, only a non-blank string command', () => {
    const after = decodeRun('claude', 'tool:after', exit(0, updated('echo late')));
    expect(after.ok && after.response.rewrite).toBeUndefined();
    for (const command of ['', '   ', 42, null, ['ls']]) {
      const d = decodeRun('claude', 'tool:before', exit(0, updated(command)));
      expect(d.ok && d.response.rewrite, JSON.stringify(command)).toBeUndefined();
    }
  });
});
