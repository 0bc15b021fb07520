/**
 * The Kimi Code and Mistral Vibe dialects of the person's own hooks: `import: ["kimi", "vibe"]`
 * reads their TOML `[[hooks]]` tables in place, each with its host's rules (facts in
 * docs/hosts/kimi.md and docs/hosts/vibe.md), and runs them on any host:
 * - Kimi: `[[hooks]]` of $KIMI_SHARE_DIR/config.toml (`event`, `command`, `matcher` an unanchored
 *   regex, on UserPromptSubmit searched in the prompt, `timeout` 30 s, clamped to 1..600); its
 *   Claude-like payload; only a deny is read (exit 2, or hookSpecificOutput permissionDecision).
 * - Vibe: `[[hooks]]` of $VIBE_HOME/hooks.toml (`type` pre_tool / post_tool / post_agent, `match`
 *   a case-insensitive glob, `timeout` 60 s, `strict`); its snake_case payload; a top-level
 *   decision deny, hook_specific_output.tool_input as the rewrite; every failure lets the tool
 *   run unless `strict = true`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRun } from '../../../core/hooks/decode';
import { defaultTimeoutSec, lookupSpelling, spellingsOf } from '../../../core/hooks/dialects';
import { dispatchHooks } from '../../../core/hooks/dispatch';
import { compileMatcher } from '../../../core/hooks/matcher';
import { buildPayload } from '../../../core/hooks/payload';
import type { DispatchInput, HooksConfig } from '../../../core/hooks/types';
import { HOME, USER_CFG, diags, load, scratchDir } from './helpers';

const dir = scratchDir('kimi-vibe');

const KIMI = '/home/u/.kimi/config.toml';
const VIBE = '/home/u/.vibe/hooks.toml';

const summary = (c: HooksConfig): string[] =>
  c.groups.map((g) => `${g.dialect}:${g.event}:${g.spelling}:${g.matcher.source ?? '*'}:${g.hooks.map((h) => (h.type === 'command' ? `${h.command}@${h.timeoutMs}/${h.onError}` : h.url)).join('+')}`);

const kimiConfig = [
  'default_model = "k2"',
  '[providers.lab]',
  'type = "openai_legacy"',
  '',
  '[[hooks]]',
  'event = "PreToolUse"',
  'matcher = "Shell|Bash"',
  'command = "./deny-rm.sh"',
  'timeout = 5',
  '',
  '[[hooks]]',
  'event = "UserPromptSubmit"',
  'matcher = "deploy"',
  'command = "./prompt.sh"',
  '',
  '[[hooks]]',
  'event = "PostToolUseFailure"',
  'command = "./failed.sh"',
  'timeout = 900',
  '',
  '[[hooks]]',
  'event = "PostCompact"',
  'command = "./compact.sh"',
  '',
  '[[hooks]]',
  'event = "BeforeEverything"',
  'command = "./nope.sh"',
  '',
  '[models.k2]',
  'provider = "lab"',
].join('\n');

describe('the kimi dialect', () => {
  it("spells events as Kimi does (Claude's names); 30 s unless set", () => {
    expect(lookupSpelling('kimi', 'PreToolUse')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('kimi', 'PreCompact')).toEqual({ kind: 'canonical', event: 'compact:before' });
    expect(lookupSpelling('kimi', 'PostCompact')).toEqual({ kind: 'host-only' });
    expect(lookupSpelling('kimi', 'pre_tool')).toEqual({ kind: 'unknown' });
    expect(spellingsOf('kimi', 'tool:after')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(defaultTimeoutSec('kimi', 'session:start')).toBe(30);
  });

  it('import "kimi": the [[hooks]] tables of config.toml, among its other settings; problems name Kimi Code and the line', () => {
    const c = load({ [USER_CFG]: { import: ['kimi'] }, [KIMI]: kimiConfig });
    expect(summary(c)).toEqual([
      'kimi:tool:before:PreToolUse:Shell|Bash:./deny-rm.sh@5000/warn',
      'kimi:prompt:submit:UserPromptSubmit:deploy:./prompt.sh@30000/warn',
      'kimi:tool:after:PostToolUseFailure:*:./failed.sh@600000/warn',
    ]);
    expect(diags(c)).toEqual([
      `warning ${KIMI}:19:11 Kimi Code clamps this timeout to 1..600 s; using 600`,
      `warning ${KIMI}:22:9 Kimi Code event "PostCompact" has no canonical counterpart; its hooks only run inside Kimi Code itself`,
      `warning ${KIMI}:26:9 unknown Kimi Code event "BeforeEverything"; skipped`,
    ]);
    expect(c.sources).toEqual([USER_CFG, KIMI]);
  });

  it('KIMI_SHARE_DIR moves the file; a file that is not TOML is skipped with its place; a table without a command is skipped', () => {
    const moved = load({ [USER_CFG]: { import: ['kimi'] }, '/k/config.toml': '[[hooks]]\nevent = "Stop"\ncommand = "./s.sh"\n' }, {}, { env: { KIMI_SHARE_DIR: '/k' } });
    expect(summary(moved)).toEqual(['kimi:turn:stop:Stop:*:./s.sh@30000/warn']);
    const broken = load({ [USER_CFG]: { import: ['kimi'] }, [KIMI]: '[[hooks]]\nevent = "Stop\ncommand = "x"\n' });
    expect(summary(broken)).toEqual([]);
    expect(diags(broken)).toEqual([`error ${KIMI}:2:14 TOML: unterminated string; file skipped`]);
    const partial = load({ [USER_CFG]: { import: ['kimi'] }, [KIMI]: '[[hooks]]\nevent = "Stop"\n[[hooks]]\nevent = "Stop"\ncommand = "./ok.sh"\nmatchr = "x"\n' });
    expect(summary(partial)).toEqual(['kimi:turn:stop:Stop:*:./ok.sh@30000/warn']);
    expect(diags(partial)).toEqual([`error ${KIMI}:1:1 a Kimi Code hook needs a non-empty "command", found undefined; skipped`, `warning ${KIMI}:6:10 unknown key "matchr" in a Kimi Code hook (ignored)`]);
  });

  it('the kimi artifact skips its own dialect: Kimi runs those hooks itself', () => {
    const c = load({ [USER_CFG]: { import: ['kimi'] }, [KIMI]: kimiConfig }, {}, { skipDialects: ['kimi'] });
    expect(c.groups).toEqual([]);
    expect(c.sources).toEqual([USER_CFG]);
  });

  it('matchers are unanchored regexes (re.search)', () => {
    const m = compileMatcher('kimi', 'Shell').matcher;
    expect(m.test(['Shell'])).toBe(true);
    expect(m.test(['ShellCommand'])).toBe(true);
    expect(m.test(['Bash'])).toBe(false);
    expect(compileMatcher('kimi', '(').problem?.level).toBe('error');
  });

  it('answers: only a deny is read (exit 2 with stderr, or hookSpecificOutput permissionDecision "deny")', () => {
    const exit = (code: number, stdout = '', stderr = '') => decodeRun('kimi', 'tool:before', { kind: 'exit', code, stdout, stderr });
    expect(exit(2, '', 'no rm\n')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'no rm' } });
    expect(exit(0, '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'R' } });
    // what Kimi does not read lets the call pass
    expect(exit(0, '{"hookSpecificOutput":{"permissionDecision":"ask"}}')).toMatchObject({ ok: true, response: { decision: 'none' } });
    expect(exit(0, '{"decision":"block","reason":"R"}')).toMatchObject({ ok: true, response: { decision: 'none' } });
    expect(exit(0, '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"},"additionalContext":"c"}}')).toEqual({ ok: true, exitCode: 0, response: { decision: 'none', stop: false, contexts: [], messages: [] } });
    expect(exit(0, 'plain text')).toMatchObject({ ok: true, response: { decision: 'none', contexts: [] } });
    expect(exit(1)).toMatchObject({ ok: false, error: 'exit 1' });
  });

  it("payload: Kimi's own fields (no transcript path, no permission mode; tool_call_id, tool_output, agent_name)", () => {
    const base = { hostFamily: 'claude', sessionId: 's-1', cwd: '/p', toolName: 'Bash', toolUseId: 't-1', rawInput: { command: 'ls' } };
    expect(buildPayload('kimi', 'PreToolUse', { event: 'tool:before', ...base, transcriptPath: '/t', permissionMode: 'default' })).toEqual({
      hook_event_name: 'PreToolUse',
      session_id: 's-1',
      cwd: '/p',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_call_id: 't-1',
    });
    expect(buildPayload('kimi', 'PostToolUse', { event: 'tool:after', ...base, toolResponse: 'x'.repeat(3000) }).tool_output).toBe('x'.repeat(2000));
    expect(buildPayload('kimi', 'PostToolUseFailure', { event: 'tool:after', ...base, toolResponse: { error: 'boom' } })).toMatchObject({ error: '{"error":"boom"}' });
    expect(buildPayload('kimi', 'SubagentStart', { event: 'subagent:start', hostFamily: 'claude', sessionId: 's', cwd: '/p', agentType: 'coder' })).toEqual({ hook_event_name: 'SubagentStart', session_id: 's', cwd: '/p', agent_name: 'coder' });
  });
});

const vibeHooks = [
  '[[hooks]]',
  'name = "guard"',
  'type = "pre_tool"',
  'match = "*BASH*"',
  'command = "./guard.sh"',
  'strict = true',
  '',
  '[[hooks]]',
  'name = "regex"',
  'type = "pre_tool"',
  'match = "re:^file_system\\\\..*"',
  'command = "./re.sh"',
  '',
  '[[hooks]]',
  'name = "after"',
  'type = "post_tool"',
  'command = "./after.sh"',
  'timeout = 9',
  '',
  '[[hooks]]',
  'type = "post_agent"',
  'command = "./done.sh"',
  'strict = "yes"',
].join('\n');

describe('the vibe dialect', () => {
  it("spells events as Vibe does; 60 s unless set", () => {
    expect(lookupSpelling('vibe', 'pre_tool')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('vibe', 'post_agent')).toEqual({ kind: 'canonical', event: 'turn:stop' });
    expect(lookupSpelling('vibe', 'PreToolUse')).toEqual({ kind: 'unknown' });
    expect(defaultTimeoutSec('vibe', 'tool:before')).toBe(60);
  });

  it('import "vibe": the [[hooks]] tables of ~/.vibe/hooks.toml; strict is fail closed; a re: matcher never runs; problems name Mistral Vibe', () => {
    const c = load({ [USER_CFG]: { import: ['vibe'] }, [VIBE]: vibeHooks });
    expect(summary(c)).toEqual([
      'vibe:tool:before:pre_tool:*BASH*:./guard.sh@60000/block',
      'vibe:tool:before:pre_tool:re:^file_system\\..*:./re.sh@60000/warn',
      'vibe:tool:after:post_tool:*:./after.sh@9000/warn',
    ]);
    expect(c.groups[1]!.matcher.test(['file_system.bash'])).toBe(false);
    expect(diags(c)).toEqual([
      `error ${VIBE}:11:9 Mistral Vibe "re:" matchers are not read (whether Vibe anchors them is not known); this group never runs`,
      `error ${VIBE}:23:10 strict must be true or false; hook skipped`,
    ]);
  });

  it('VIBE_HOME moves the file; a path named hooks.toml is read as Vibe\'s', () => {
    const moved = load({ [USER_CFG]: { import: ['vibe'] }, '/v/hooks.toml': '[[hooks]]\ntype = "post_agent"\ncommand = "./d.sh"\n' }, {}, { env: { VIBE_HOME: '/v' } });
    expect(summary(moved)).toEqual(['vibe:turn:stop:post_agent:*:./d.sh@60000/warn']);
    const byPath = load({ [USER_CFG]: { import: ['/etc/team/hooks.toml'] }, '/etc/team/hooks.toml': '[[hooks]]\ntype = "pre_tool"\ncommand = "./t.sh"\n' });
    expect(summary(byPath)).toEqual(['vibe:tool:before:pre_tool:*:./t.sh@60000/warn']);
  });

  it('matchers are case-insensitive globs on the whole tool name', () => {
    const m = (p: string, name: string) => compileMatcher('vibe', p).matcher.test([name]);
    expect(m('file_system.bash', 'file_system.bash')).toBe(true);
    expect(m('*bash', 'File_System.Bash')).toBe(true);
    expect(m('bash', 'file_system.bash')).toBe(false);
    expect(m('file_system.?ash', 'file_system.bash')).toBe(true);
    expect(m('file_system.[!b]ash', 'file_system.bash')).toBe(false);
    expect(m('file_system.[a-c]ash', 'file_system.bash')).toBe(true);
    expect(m('file_system.write_file', 'file_system.bash')).toBe(false);
    // regex characters are themselves
    expect(m('a.b', 'axb')).toBe(false);
  });

  it('answers: a top-level decision deny, the tool_input rewrite, additional_context; every failure is one (strict decides)', () => {
    const exit = (code: number, stdout = '', event: DispatchInput['event'] = 'tool:before') => decodeRun('vibe', event, { kind: 'exit', code, stdout, stderr: 'why' });
    expect(exit(0, '{"decision":"deny","reason":"R"}')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'R' } });
    expect(exit(0, '{"hook_specific_output":{"tool_input":{"command":"echo safe"}}}')).toMatchObject({ ok: true, response: { decision: 'none', rewrite: { command: 'echo safe' } } });
    expect(exit(0, '{"hook_specific_output":{"additional_context":"note"}}', 'tool:after')).toMatchObject({ ok: true, response: { contexts: ['note'] } });
    expect(exit(0, '')).toMatchObject({ ok: true, response: { decision: 'none' } });
    // Claude's deny is not Vibe's: the tool runs
    expect(exit(0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}')).toMatchObject({ ok: true, response: { decision: 'none' } });
    expect(exit(2)).toMatchObject({ ok: false, error: 'exit 2' });
    expect(exit(0, 'not json')).toMatchObject({ ok: false, error: 'stdout is not a JSON object' });
  });

  it("payload: Vibe's snake_case fields", () => {
    const base = { hostFamily: 'claude', sessionId: 's-1', cwd: '/p', toolName: 'Bash', toolUseId: 't-1', rawInput: { command: 'ls' }, transcriptPath: '/t' };
    expect(buildPayload('vibe', 'pre_tool', { event: 'tool:before', ...base })).toEqual({
      hook_event_name: 'pre_tool',
      session_id: 's-1',
      parent_session_id: null,
      transcript_path: '/t',
      cwd: '/p',
      tool_name: 'Bash',
      tool_call_id: 't-1',
      tool_input: { command: 'ls' },
    });
    expect(buildPayload('vibe', 'post_tool', { event: 'tool:after', ...base, toolResponse: 'out' })).toMatchObject({ tool_status: 'success', tool_output: 'out', tool_output_text: 'out', tool_error: null });
    expect(buildPayload('vibe', 'post_tool', { event: 'tool:after', ...base, toolResponse: 'boom', toolFailed: true })).toMatchObject({ tool_status: null, tool_output: null, tool_error: 'boom' });
  });
});

describe('running them on another host (real processes)', () => {
  const env = { PATH: process.env.PATH, HOME: dir, OUT: dir };
  const input = (extra: Partial<DispatchInput>): DispatchInput => ({ event: 'tool:before', hostFamily: 'claude', sessionId: 's-1', cwd: dir, ...extra });

  it("a Kimi hook file denies Claude Code's Bash call with Kimi's deny, and reads Kimi's payload", async () => {
    const c = load({
      [USER_CFG]: { import: ['kimi'] },
      [KIMI]: [
        '[[hooks]]',
        'event = "PreToolUse"',
        'matcher = "Shell|Bash"',
        `command = '''cat > "$OUT/kimi-stdin.json"; echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"kimi says no"}}' '''`,
        '[[hooks]]',
        'event = "PreToolUse"',
        'matcher = "Write"',
        'command = "echo never >&2; exit 2"',
      ].join('\n'),
    });
    const r = await dispatchHooks(c, input({ toolName: 'Bash', toolUseId: 'tu-1', rawInput: { command: 'rm -rf x' }, canonicalInput: { command: 'rm -rf x' } }), { env, log: () => {} });
    expect(r).toMatchObject({ decision: 'deny', reason: 'kimi says no' });
    expect(r.runs).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'kimi-stdin.json'), 'utf8'))).toEqual({ hook_event_name: 'PreToolUse', session_id: 's-1', cwd: dir, tool_name: 'Bash', tool_input: { command: 'rm -rf x' }, tool_call_id: 'tu-1' });
  });

  it("a Kimi UserPromptSubmit matcher is searched in the prompt text, as Kimi does", async () => {
    const c = load({ [USER_CFG]: { import: ['kimi'] }, [KIMI]: '[[hooks]]\nevent = "UserPromptSubmit"\nmatcher = "deploy"\ncommand = "echo not now >&2; exit 2"\n' });
    const other = await dispatchHooks(c, input({ event: 'prompt:submit', hostFamily: 'gemini', prompt: 'fix the tests' }), { env, log: () => {} });
    expect(other.decision).toBe('none');
    const hit = await dispatchHooks(c, input({ event: 'prompt:submit', hostFamily: 'gemini', prompt: 'please deploy it' }), { env, log: () => {} });
    expect(hit).toMatchObject({ decision: 'deny', reason: 'not now' });
  });

  it('a strict Vibe hook that crashes denies a Codex call; without strict the call goes on', async () => {
    const hooks = (strict: boolean) => `[[hooks]]\ntype = "pre_tool"\nmatch = "bash"\ncommand = "exit 3"\nstrict = ${strict}\n`;
    const call = input({ hostFamily: 'codex', toolName: 'Bash', rawInput: { command: 'ls' } });
    const closed = await dispatchHooks(load({ [USER_CFG]: { import: ['vibe'] }, [VIBE]: hooks(true) }), call, { env, log: () => {} });
    expect(closed.decision).toBe('deny');
    expect(closed.runs[0]).toMatchObject({ dialect: 'vibe', outcome: 'error', error: 'exit 3' });
    const open = await dispatchHooks(load({ [USER_CFG]: { import: ['vibe'] }, [VIBE]: hooks(false) }), call, { env, log: () => {} });
    expect(open.decision).toBe('none');
  });

  it("a Vibe hook denies with its top-level decision and reads Vibe's payload; its rewrite reaches the host", async () => {
    const c = load({
      [USER_CFG]: { import: ['vibe'] },
      [VIBE]: [
        '[[hooks]]',
        'type = "pre_tool"',
        `command = '''cat > "$OUT/vibe-stdin.json"; case "$(cat "$OUT/vibe-stdin.json")" in *rm*) echo '{"decision":"deny","reason":"vibe says no"}';; *) echo '{"hook_specific_output":{"tool_input":{"command":"echo safe"}}}';; esac'''`,
      ].join('\n'),
    });
    const rm = await dispatchHooks(c, input({ hostFamily: 'gemini', toolName: 'run_shell_command', canonicalToolName: 'Bash', rawInput: { command: 'rm -rf x' } }), { env, log: () => {} });
    expect(rm).toMatchObject({ decision: 'deny', reason: 'vibe says no' });
    expect(JSON.parse(readFileSync(join(dir, 'vibe-stdin.json'), 'utf8'))).toMatchObject({ hook_event_name: 'pre_tool', parent_session_id: null, tool_name: 'run_shell_command', tool_input: { command: 'rm -rf x' } });
    const ls = await dispatchHooks(c, input({ hostFamily: 'gemini', toolName: 'run_shell_command', canonicalToolName: 'Bash', rawInput: { command: 'ls' } }), { env, log: () => {} });
    expect(ls).toMatchObject({ decision: 'none', rewrite: { command: 'echo safe' } });
  });
});
