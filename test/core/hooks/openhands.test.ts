/**
 * The OpenHands dialect of the person's own hooks: `import: ["openhands"]` reads
 * `.openhands/hooks.json` in place with OpenHands 1.16.0's rules (docs/hosts/openhands.md) and
 * runs it on any host: only the first file found (the project's hides the user's), the event map
 * bare or under `hooks`, PascalCase or snake_case keys, a file refused whole when OpenHands would
 * refuse it; matchers compared with the tool name only; OpenHands' own payload and variables; a
 * top-level decision deny, `continue: false` or exit 2 blocks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRun } from '../../../core/hooks/decode';
import { defaultTimeoutSec, lookupSpelling } from '../../../core/hooks/dialects';
import { dispatchHooks, selectHooks } from '../../../core/hooks/dispatch';
import { compileMatcher } from '../../../core/hooks/matcher';
import { buildPayload } from '../../../core/hooks/payload';
import type { DispatchInput, HooksConfig } from '../../../core/hooks/types';
import { HOME, USER_CFG, diags, load, scratchDir } from './helpers';

const dir = scratchDir('openhands');

const PROJECT = '/work/proj/.openhands/hooks.json';
const USER = '/home/u/.openhands/hooks.json';

const summary = (c: HooksConfig): string[] =>
  c.groups.map((g) => `${g.event}:${g.spelling}:${g.matcher.source ?? '*'}:${g.hooks.map((h) => (h.type === 'command' ? `${h.command}@${h.timeoutMs}` : h.url)).join('+')}`);

describe('the openhands dialect', () => {
  it('spells its six events in PascalCase or snake_case; 60 s unless set', () => {
    expect(lookupSpelling('openhands', 'PreToolUse')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('openhands', 'pre_tool_use')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('openhands', 'user_prompt_submit')).toEqual({ kind: 'canonical', event: 'prompt:submit' });
    expect(lookupSpelling('openhands', 'SubagentStart')).toEqual({ kind: 'unknown' });
    expect(defaultTimeoutSec('openhands', 'tool:before')).toBe(60);
  });

  it('import "openhands": the project file hides the user file; bare or wrapped maps', () => {
    const both = load({
      [USER_CFG]: { import: ['openhands'] },
      [PROJECT]: { PreToolUse: [{ matcher: 'terminal', hooks: [{ type: 'command', command: './p.sh', timeout: 5 }] }], stop: [{ hooks: [{ command: './s.sh' }] }] },
      [USER]: { hooks: { PreToolUse: [{ hooks: [{ command: './never.sh' }] }] } },
    });
    expect(summary(both)).toEqual(['tool:before:PreToolUse:terminal:./p.sh@5000', 'turn:stop:stop:*:./s.sh@60000']);
    expect(both.sources).toEqual([USER_CFG, PROJECT]);
    const userOnly = load({ [USER_CFG]: { import: ['openhands'] }, [USER]: { hooks: { PostToolUse: [{ matcher: '*', hooks: [{ command: './u.sh' }] }] } } });
    expect(summary(userOnly)).toEqual(['tool:after:PostToolUse:*:./u.sh@60000']);
  });

  it('an explicit import in the openhands dialect reads a bare map as OpenHands does', () => {
    const c = load({
      [USER_CFG]: { import: [{ path: '/work/shared-hooks/oh.json', dialect: 'openhands' }] },
      '/work/shared-hooks/oh.json': { pre_tool_use: [{ matcher: 'terminal', hooks: [{ command: './p.sh' }] }] },
    });
    expect(summary(c)).toEqual(['tool:before:pre_tool_use:terminal:./p.sh@60000']);
    expect(diags(c)).toEqual([]);
  });

  it('a project file OpenHands cannot read still hides the user file (OpenHands then runs no hooks)', () => {
    const c = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: '{ "PreToolUse": [', [USER]: { PreToolUse: [{ hooks: [{ command: './u.sh' }] }] } });
    expect(summary(c)).toEqual([]);
    expect(c.diagnostics.map((d) => d.file)).toEqual([PROJECT]);
  });

  it('a file OpenHands refuses is refused whole: an unknown event, an event written twice, a broken hook', () => {
    const unknown = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { PreToolUse: [{ hooks: [{ command: './a.sh' }] }], SubagentStart: [] } });
    expect(summary(unknown)).toEqual([]);
    expect(diags(unknown)).toEqual([`error ${PROJECT}:1:66 unknown OpenHands event "SubagentStart"; OpenHands refuses the file, so none of its hooks run`]);
    const twice = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { hooks: { Stop: [], stop: [] } } });
    expect(diags(twice)).toEqual([`error ${PROJECT}:1:28 event "stop" is written twice (PascalCase and snake_case); OpenHands refuses the file, so none of its hooks run`]);
    const broken = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { PreToolUse: [{ hooks: [{ command: './a.sh' }, { command: '' }] }] } });
    expect(summary(broken)).toEqual([]);
    expect(diags(broken)[1]).toBe(`error ${PROJECT}:- OpenHands refuses a file with an error, so none of its hooks run`);
    const http = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { PreToolUse: [{ hooks: [{ command: './a.sh' }] }], Stop: [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:9/' }] }] } });
    expect(summary(http)).toEqual([]);
    expect(diags(http)[0]).toContain('OpenHands hooks are "command" hooks only');
  });

  it('a matcher on an event without a tool never matches in OpenHands: the group never runs', () => {
    const c = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { UserPromptSubmit: [{ matcher: 'deploy', hooks: [{ command: './p.sh' }] }] } });
    expect(c.groups[0]!.matcher.test(['anything'])).toBe(false);
    expect(diags(c)).toEqual([`warning ${PROJECT}:1:33 OpenHands compares matchers only with a tool name: matcher "deploy" on prompt:submit never matches there; this group never runs`]);
  });

  it('matchers: the exact name; a regex on the whole name when it holds regex characters or sits in /…/', () => {
    const m = (p: string, name: string) => compileMatcher('openhands', p).matcher.test([name]);
    expect(m('terminal', 'terminal')).toBe(true);
    expect(m('terminal', 'terminal_x')).toBe(false);
    expect(m('Terminal', 'terminal')).toBe(false);
    expect(m('terminal|file_editor', 'file_editor')).toBe(true);
    expect(m('file.*', 'file_editor')).toBe(true);
    expect(m('edit', 'file_editor')).toBe(false);
    expect(m('/file_.+/', 'file_editor')).toBe(true);
    expect(m('/editor/', 'file_editor')).toBe(false);
    // a pattern that does not compile is compared as the exact name
    expect(m('a(b', 'a(b')).toBe(true);
    expect(compileMatcher('openhands', '/a(b/').problem?.level).toBe('warning');
  });

  it('answers: decision deny (any case), continue false or exit 2 block, whatever the exit code; reason, else stderr, else "Blocked by hook"', () => {
    const exit = (code: number, stdout = '', stderr = '') => decodeRun('openhands', 'tool:before', { kind: 'exit', code, stdout, stderr });
    expect(exit(0, '{"decision":"deny","reason":"R"}')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'R' } });
    expect(exit(1, '{"decision":"DENY"}', 'from stderr\n')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'from stderr' } });
    expect(exit(0, '{"continue":false}')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'Blocked by hook' } });
    expect(exit(2, 'not json', 'no\n')).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'no' } });
    expect(exit(0, '{"decision":"allow"}')).toMatchObject({ ok: true, response: { decision: 'allow' } });
    // Claude's deny is not OpenHands': the tool runs
    expect(exit(0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}')).toMatchObject({ ok: true, response: { decision: 'none' } });
    expect(exit(0, '{"additionalContext":"c"}')).toMatchObject({ ok: true, response: { decision: 'none', contexts: [] } });
    expect(exit(1)).toMatchObject({ ok: false, error: 'exit 1' });
    expect(exit(0, '{"decision":true}')).toMatchObject({ ok: false });
  });

  it("payload: OpenHands' own object, every field present", () => {
    const base = { hostFamily: 'claude', sessionId: 's-1', cwd: '/p', toolName: 'Bash', rawInput: { command: 'ls' } };
    expect(buildPayload('openhands', 'pre_tool_use', { event: 'tool:before', ...base })).toEqual({
      event_type: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: null,
      message: null,
      session_id: 's-1',
      working_dir: '/p',
      metadata: {},
    });
    expect(buildPayload('openhands', 'PostToolUse', { event: 'tool:after', ...base, toolResponse: 'out' })).toMatchObject({ tool_response: { value: 'out' } });
    expect(buildPayload('openhands', 'UserPromptSubmit', { event: 'prompt:submit', hostFamily: 'codex', sessionId: 's', cwd: '/p', prompt: 'go' })).toMatchObject({ event_type: 'UserPromptSubmit', tool_name: null, message: 'go' });
    expect(buildPayload('openhands', 'Stop', { event: 'turn:stop', hostFamily: 'codex', sessionId: 's', cwd: '/p' })).toMatchObject({ metadata: { reason: 'agent_finished' } });
  });

  it('PostToolUse and post_tool_use both run after a failed call too (neither spelling means failure)', () => {
    const c = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { PostToolUse: [{ hooks: [{ command: './a.sh' }] }], post_tool_use: [] } });
    expect(c.groups).toHaveLength(0);
    const ok = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { post_tool_use: [{ hooks: [{ command: './a.sh' }] }] } });
    const call = { event: 'tool:after' as const, hostFamily: 'claude', sessionId: 's', cwd: '/p', toolName: 'Bash' };
    expect(selectHooks(ok, { ...call, toolFailed: true })).toHaveLength(1);
    expect(selectHooks(ok, { ...call, toolFailed: false })).toHaveLength(1);
  });

  it('the openhands artifact skips its own dialect', () => {
    const c = load({ [USER_CFG]: { import: ['openhands'] }, [PROJECT]: { PreToolUse: [{ hooks: [{ command: './p.sh' }] }] } }, {}, { skipDialects: ['openhands'] });
    expect(c.groups).toEqual([]);
  });
});

describe('running an OpenHands hook on another host (real process)', () => {
  const env = { PATH: process.env.PATH, HOME: dir, OUT: dir };

  it("denies a Claude Code Bash call with OpenHands' decision, and reads OpenHands' payload and variables", async () => {
    const c = load({
      [USER_CFG]: { import: ['openhands'] },
      [PROJECT]: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ command: `cat > "$OUT/oh-stdin.json"; echo "$OPENHANDS_EVENT_TYPE $OPENHANDS_TOOL_NAME $OPENHANDS_SESSION_ID" > "$OUT/oh-env.txt"; echo '{"decision":"deny","reason":"openhands says no"}'` }] },
          { matcher: 'Write', hooks: [{ command: 'exit 2' }] },
        ],
      },
    });
    const input: DispatchInput = { event: 'tool:before', hostFamily: 'claude', sessionId: 's-1', cwd: dir, projectDir: dir, toolName: 'Bash', rawInput: { command: 'rm -rf x' } };
    const r = await dispatchHooks(c, input, { env, log: () => {} });
    expect(r).toMatchObject({ decision: 'deny', reason: 'openhands says no' });
    expect(r.runs).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'oh-stdin.json'), 'utf8'))).toMatchObject({ event_type: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf x' }, working_dir: dir });
    expect(readFileSync(join(dir, 'oh-env.txt'), 'utf8')).toBe('PreToolUse Bash s-1\n');
  });
});
