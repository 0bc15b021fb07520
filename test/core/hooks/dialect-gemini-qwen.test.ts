/**
 * The person's Gemini CLI and Qwen Code hooks, run by stopline on any host (`import: ["gemini"]`,
 * `["qwen"]`): each host's own rules for event names, matchers, timeouts, answers and switches,
 * as docs/hosts/gemini.md and docs/hosts/qwen.md record them for 0.61.0 and 0.24.4.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalEvent } from '../../../core/canonical';
import { decodeRun, type RawRun } from '../../../core/hooks/decode';
import { lookupSpelling, resolveEventName, spellingsOf } from '../../../core/hooks/dialects';
import { compileMatcher } from '../../../core/hooks/matcher';
import { buildPayload } from '../../../core/hooks/payload';
import type { Dialect } from '../../../core/hooks/types';
import { USER_CFG, load } from './helpers';

const exit = (code: number, stdout = '', stderr = ''): RawRun => ({ kind: 'exit', code, signal: null, stdout, stderr });
const decided = (dialect: Dialect, event: CanonicalEvent, raw: RawRun) => {
  const d = decodeRun(dialect, event, raw);
  if (!d.ok) throw new Error(`expected a response, got ${d.error}`);
  return d.response;
};

describe('event names', () => {
  it('Gemini: BeforeTool, BeforeAgent, AfterAgent, PreCompress are the canonical events; BeforeModel is Gemini-only', () => {
    expect(lookupSpelling('gemini', 'BeforeTool')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('gemini', 'BeforeAgent')).toEqual({ kind: 'canonical', event: 'prompt:submit' });
    expect(lookupSpelling('gemini', 'AfterAgent')).toEqual({ kind: 'canonical', event: 'turn:stop' });
    expect(lookupSpelling('gemini', 'PreCompress')).toEqual({ kind: 'canonical', event: 'compact:before' });
    expect(lookupSpelling('gemini', 'BeforeModel')).toEqual({ kind: 'host-only' });
    // Claude's names are not Gemini's: Gemini skips them with a warning
    expect(lookupSpelling('gemini', 'PreToolUse')).toEqual({ kind: 'unknown' });
  });

  it("Qwen: Claude's names, two of them for tool:after; Qwen-only events", () => {
    expect(lookupSpelling('qwen', 'PreToolUse')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(spellingsOf('qwen', 'tool:after')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(lookupSpelling('qwen', 'MessageDisplay')).toEqual({ kind: 'host-only' });
    expect(resolveEventName('BeforeTool')).toEqual({ event: 'tool:before', dialect: 'gemini' });
    expect(resolveEventName('PreToolUse', 'qwen')).toEqual({ event: 'tool:before', dialect: 'qwen' });
  });
});

describe('matchers', () => {
  const test = (d: Dialect, pattern: string, ...subjects: string[]) => compileMatcher(d, pattern).matcher.test(subjects);

  it('Gemini: an unanchored regex on the tool name; a regex that does not compile is an exact name', () => {
    expect(test('gemini', 'shell', 'run_shell_command', 'Bash')).toBe(true);
    expect(test('gemini', '^write', 'write_file', 'Write')).toBe(true);
    expect(test('gemini', 'write_file|replace', 'replace', 'Edit')).toBe(true);
    expect(test('gemini', ' * ', 'anything')).toBe(true);
    expect(test('gemini', '[', 'read_file', 'Read')).toBe(false);
    expect(test('gemini', '[', '[')).toBe(true);
    expect(compileMatcher('gemini', '[').problem).toBeUndefined();
  });

  it("Qwen: exact names (the canonical one stands in for Qwen's Claude aliases), else a regex on the tool's own name", () => {
    expect(test('qwen', 'Bash', 'run_shell_command', 'Bash')).toBe(true);
    expect(test('qwen', 'shell', 'run_shell_command', 'Bash')).toBe(true);
    expect(test('qwen', 'Write|Edit', 'edit', 'Edit')).toBe(true);
    // the regex is tried on the tool's own name only: `^Ba` is no alias
    expect(test('qwen', '^Ba', 'run_shell_command', 'Bash')).toBe(false);
    expect(test('qwen', ' .* ', 'x')).toBe(true);
    expect(test('qwen', '[', 'edit', 'Edit')).toBe(false);
    expect(compileMatcher('qwen', '[').problem?.level).toBe('error');
    // the trap the registry names: a run_shell_command matcher does not see the monitor tool
    expect(test('qwen', 'run_shell_command', 'monitor', 'Monitor')).toBe(false);
  });
});

describe('answers', () => {
  it('Gemini: only the top-level decision denies; the Claude hookSpecificOutput deny is not read', () => {
    expect(decided('gemini', 'tool:before', exit(0, '{"decision":"deny","reason":"no"}'))).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(decided('gemini', 'tool:before', exit(0, '{"decision":"block","reason":"no"}'))).toMatchObject({ decision: 'deny' });
    expect(decided('gemini', 'tool:before', exit(0, '{"hookSpecificOutput":{"hookEventName":"BeforeTool","permissionDecision":"deny","permissionDecisionReason":"x"}}'))).toMatchObject({ decision: 'none' });
  });

  it('Gemini: JSON counts whatever the exit code, stderr is read when stdout is empty, text with exit 2+ denies', () => {
    expect(decided('gemini', 'tool:before', exit(1, '{"decision":"deny","reason":"r"}'))).toMatchObject({ decision: 'deny', reason: 'r' });
    expect(decided('gemini', 'tool:before', exit(2, '{}', 'ignored'))).toMatchObject({ decision: 'none' });
    expect(decided('gemini', 'tool:before', exit(0, '', '{"decision":"deny","reason":"from stderr"}'))).toMatchObject({ decision: 'deny', reason: 'from stderr' });
    expect(decided('gemini', 'tool:before', exit(3, '', 'nope'))).toMatchObject({ decision: 'deny', reason: 'nope' });
    expect(decided('gemini', 'tool:before', exit(2))).toMatchObject({ decision: 'none' });
    expect(decodeRun('gemini', 'tool:before', exit(1, '', 'crash'))).toMatchObject({ ok: false, error: 'exit 1' });
    expect(decided('gemini', 'prompt:submit', exit(0, 'plain words'))).toMatchObject({ decision: 'none', contexts: [], messages: ['plain words'] });
  });

  it('Gemini: context, stop and messages', () => {
    const out = JSON.stringify({ continue: false, stopReason: 'S', systemMessage: 'M', hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'C' } });
    expect(decided('gemini', 'tool:after', exit(0, out))).toEqual({ decision: 'none', stop: true, stopReason: 'S', contexts: ['C'], messages: ['M'] });
  });

  it('Qwen: the Claude form and the top-level decision both deny; exit 2 reads stderr, also as plain text', () => {
    expect(decided('qwen', 'tool:before', exit(0, '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}'))).toMatchObject({ decision: 'deny', reason: 'r' });
    expect(decided('qwen', 'tool:before', exit(0, '{"decision":"deny","reason":"r"}'))).toMatchObject({ decision: 'deny', reason: 'r' });
    expect(decided('qwen', 'tool:before', exit(2, '{}', 'because'))).toMatchObject({ decision: 'deny', reason: 'because' });
    expect(decided('qwen', 'tool:before', exit(2, '', '{"decision":"deny","reason":"json"}'))).toMatchObject({ decision: 'deny', reason: 'json' });
    expect(decided('qwen', 'tool:before', exit(2))).toMatchObject({ decision: 'none' });
    expect(decided('qwen', 'tool:before', exit(1, '{"decision":"deny","reason":"r"}'))).toMatchObject({ decision: 'deny' });
    expect(decodeRun('qwen', 'tool:before', exit(3, '', 'r'))).toMatchObject({ ok: false });
    expect(decided('qwen', 'tool:before', exit(0, '{"hookSpecificOutput":{"permissionDecision":"ask"}}'))).toMatchObject({ decision: 'ask' });
  });

  it('Qwen: plain stdout is context where the event takes it, else a message; broken JSON is ignored', () => {
    expect(decided('qwen', 'prompt:submit', exit(0, 'hello'))).toMatchObject({ contexts: ['hello'], messages: [] });
    expect(decided('qwen', 'tool:before', exit(0, 'hello'))).toMatchObject({ contexts: [], messages: ['hello'] });
    expect(decided('qwen', 'prompt:submit', exit(0, '{not json'))).toMatchObject({ decision: 'none', contexts: [], messages: [] });
  });
});

describe('loading the imported files', () => {
  const hook = (command: string, timeout?: number) => ({ hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }] });

  it('Gemini: user then project settings.json, timeouts in milliseconds, bash, env kept', () => {
    const c = load({
      [USER_CFG]: '{"import": ["gemini"]}',
      '/home/u/.gemini/settings.json': JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'u.sh', timeout: 5000, env: { A: 'b' } }] }] } }),
      '/work/proj/.gemini/settings.json': JSON.stringify({ hooks: { AfterAgent: [hook('p.sh')], PreToolUse: [hook('claude-name.sh')] } }),
    });
    expect(c.groups.map((g) => `${g.dialect}:${g.event}:${g.spelling}`)).toEqual(['gemini:tool:before:BeforeTool', 'gemini:turn:stop:AfterAgent']);
    expect(c.groups[0]!.hooks[0]).toMatchObject({ command: 'u.sh', timeoutMs: 5000, shell: 'bash', env: { A: 'b' }, onError: 'warn' });
    expect(c.groups[1]!.hooks[0]).toMatchObject({ timeoutMs: 60_000 });
    expect(c.diagnostics.map((d) => d.message)).toContain('unknown Gemini CLI event "PreToolUse"; skipped');
  });

  it('Gemini: GEMINI_CLI_HOME moves the user file; hooksConfig.enabled false turns the imported hooks off', () => {
    const c = load({ [USER_CFG]: '{"import": ["gemini"]}', '/alt/.gemini/settings.json': JSON.stringify({ hooksConfig: { enabled: false }, hooks: { BeforeTool: [hook('x.sh')] } }) }, {}, { env: { GEMINI_CLI_HOME: '/alt' } });
    expect(c.groups).toEqual([]);
    expect(c.diagnostics.map((d) => d.message)).toContain('hooksConfig.enabled is false; 1 Gemini CLI hook group(s) not imported');
  });

  it('Qwen: project before user (its own order), seconds, 1000 or more read as milliseconds, QWEN_HOME, disableAllHooks', () => {
    const files = {
      [USER_CFG]: '{"import": ["qwen"]}',
      '/work/proj/.qwen/settings.json': JSON.stringify({ hooks: { PreToolUse: [hook('p.sh', 5)] } }),
      '/q/settings.json': JSON.stringify({ hooks: { PreToolUse: [hook('u.sh', 2500)], MessageDisplay: [hook('m.sh')] } }),
    };
    const c = load(files, {}, { env: { QWEN_HOME: '/q' } });
    expect(c.groups.map((g) => (g.hooks[0]!.type === 'command' ? g.hooks[0]!.command : ''))).toEqual(['p.sh', 'u.sh']);
    expect(c.groups.map((g) => g.hooks[0]!.timeoutMs)).toEqual([5000, 2500]);
    expect(c.diagnostics.map((d) => d.message)).toContain('Qwen Code event "MessageDisplay" has no canonical counterpart; its hooks only run inside Qwen Code itself');
    const off = load({ ...files, '/q/settings.json': JSON.stringify({ disableAllHooks: true }) }, {}, { env: { QWEN_HOME: '/q' } });
    expect(off.groups).toEqual([]);
  });

  it('the running host skips its own dialect (Gemini and Qwen run those hooks themselves)', () => {
    const files = { [USER_CFG]: '{"import": ["gemini", "qwen"]}', '/home/u/.gemini/settings.json': JSON.stringify({ hooks: { BeforeTool: [hook('g.sh')] } }), '/home/u/.qwen/settings.json': JSON.stringify({ hooks: { PreToolUse: [hook('q.sh')] } }) };
    const c = load(files, {}, { skipDialects: ['gemini'] });
    expect(c.groups.map((g) => g.dialect)).toEqual(['qwen']);
  });
});

describe('the payload each dialect gets', () => {
  const input = { sessionId: 's1', cwd: '/p', hostFamily: 'claude' as const, event: 'tool:before' as const, toolName: 'Write', rawInput: { file_path: 'a.txt' } };
  it("Gemini: Claude's shape without permission_mode, with a timestamp", () => {
    const p = buildPayload('gemini', 'BeforeTool', input);
    expect(p).toMatchObject({ hook_event_name: 'BeforeTool', session_id: 's1', tool_name: 'Write', tool_input: { file_path: 'a.txt' } });
    expect(p).not.toHaveProperty('permission_mode');
    expect(typeof p.timestamp).toBe('string');
  });
  it("Qwen: Claude's shape", () => {
    expect(buildPayload('qwen', 'PreToolUse', input)).toMatchObject({ hook_event_name: 'PreToolUse', permission_mode: 'default', tool_name: 'Write' });
  });
});
