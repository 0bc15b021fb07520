import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchHooks, hasHooks, selectHooks } from '../../../core/hooks/dispatch';
import { foldGuardWithHooks } from '../../../core/hooks/fold';
import { loadHooksConfig } from '../../../core/hooks/load';
import type { DispatchInput, DispatchOptions, HooksConfig } from '../../../core/hooks/types';
import { scratchDir } from './helpers';

const dir = scratchDir('dispatch');

const HOME = '/home/u';
const baseEnv: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: dir, OUT: dir };

/** config from in-memory stopline.json / host files */
function config(files: Record<string, unknown>): HooksConfig {
  const texts = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const c = loadHooksConfig({ env: {}, home: HOME, cwd: dir, readFile: (p) => texts[p] });
  const errors = c.diagnostics.filter((d) => d.level === 'error');
  if (errors.length) throw new Error(JSON.stringify(errors));
  return c;
}
const native = (hooks: unknown, extra: Record<string, unknown> = {}) => config({ [`${HOME}/.config/stopline/stopline.json`]: { hooks, ...extra } });

const logs: string[] = [];
const opts = (extra: DispatchOptions = {}): DispatchOptions => ({ env: baseEnv, log: (l) => logs.push(l), ...extra });
const input = (extra: Partial<DispatchInput> & Pick<DispatchInput, 'event'>): DispatchInput => ({ hostFamily: 'opencode', sessionId: 's-1', cwd: dir, ...extra });
const read = (f: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, f), 'utf8'));

const DENY = (reason: string) => `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}'`;

describe('dispatchHooks: fast path', () => {
  it('returns none without running anything when no hook is configured for the event', async () => {
    const c = native({ 'tool:after': [{ hooks: [{ command: 'touch "$OUT/ran"' }] }] });
    expect(hasHooks(c, 'tool:before')).toBe(false);
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(r).toEqual({ decision: 'none', stop: false, contexts: [], messages: [], downgraded: false, runs: [] });
  });

});

describe('dispatchHooks: running and folding', () => {
  it('runs hooks concurrently and folds in config order, not finish order', async () => {
    // each hook marks its start and then waits (bounded) until all three have started:
    // only a concurrent runner lets every hook see three marks; a serial one would time out
    const rendezvous = (tag: string) =>
      `touch "$OUT/start-${tag}"; i=0; while [ $(ls "$OUT" | grep -c '^start-') -lt 3 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; [ $(ls "$OUT" | grep -c '^start-') -ge 3 ] || exit 7`;
    const c = native({
      'tool:before': [
        { hooks: [{ command: `${rendezvous('a')}; sleep 0.3; ${DENY('slow first')}` }] },
        { hooks: [{ command: `${rendezvous('b')}; ${DENY('second')}` }, { command: `${rendezvous('c')}; echo '{"systemMessage":"third"}'` }] },
      ],
    });
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(r).toMatchObject({ decision: 'deny', reason: 'slow first\n\nsecond', messages: ['third'] });
    expect(r.runs.map((x) => [x.hookId, x.outcome])).toEqual([
      ['native.user:tool:before:0:0', 'deny'],
      ['native.user:tool:before:1:0', 'deny'],
      ['native.user:tool:before:1:1', 'context'],
    ]);
  });

  it('exit 2 denies with stderr as the reason', async () => {
    const c = native({ 'tool:before': [{ hooks: [{ command: 'echo "no rm -rf" >&2; exit 2' }] }] });
    expect(await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts())).toMatchObject({ decision: 'deny', reason: 'no rm -rf' });
  });

  it('plain stdout becomes context on session:start, and a deny there is downgraded', async () => {
    const c = native({ 'session:start': [{ hooks: [{ command: 'echo "branch main"' }, { command: 'echo nope >&2; exit 2' }] }] });
    const r = await dispatchHooks(c, input({ event: 'session:start', source: 'startup' }), opts());
    expect(r).toMatchObject({ decision: 'none', contexts: ['branch main'], downgraded: true, rawDecision: 'deny', rawReason: 'nope' });
  });

  it('a deny on tool:after becomes feedback', async () => {
    const c = native({ 'tool:after': [{ hooks: [{ command: 'echo "lint failed" >&2; exit 2' }] }] });
    expect(await dispatchHooks(c, input({ event: 'tool:after', toolName: 'edit' }), opts())).toMatchObject({ decision: 'none', feedback: 'lint failed', downgraded: true });
  });

  it('identical handlers selected by two groups run once', async () => {
    const c = native({ 'tool:before': [{ matcher: 'bash', hooks: [{ command: 'echo x >> "$OUT/dedupe.log"' }] }, { hooks: [{ command: 'echo x >> "$OUT/dedupe.log"' }] }] });
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(r.runs).toHaveLength(1);
    expect(readFileSync(join(dir, 'dedupe.log'), 'utf8')).toBe('x\n');
  });
});

describe('dispatchHooks: onError', () => {
  it('warn (default): a crash is logged and the call continues', async () => {
    logs.length = 0;
    const c = native({ 'tool:before': [{ hooks: [{ command: 'exit 1' }] }] });
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(r).toMatchObject({ decision: 'none', runs: [{ outcome: 'error', error: 'exit 1', exitCode: 1 }] });
    expect(logs).toEqual(['stopline hooks: native.user:tool:before:0:0 failed (exit 1); continuing']);
  });

  it('block: a timeout denies, and the hook is killed at the timeout', async () => {
    const c = native({ 'tool:before': [{ hooks: [{ command: 'sleep 20', timeout: 0.4, onError: 'block' }] }] });
    const t0 = Date.now();
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r).toMatchObject({ decision: 'deny', reason: 'hook native.user:tool:before:0:0 failed: timed out after 400 ms', runs: [{ outcome: 'error', error: 'timed out after 400 ms' }] });
  });

  it('block on a non-blockable event is still only a downgraded deny', async () => {
    const c = native({ notice: [{ hooks: [{ command: 'exit 7', onError: 'block' }] }] });
    expect(await dispatchHooks(c, input({ event: 'notice' }), opts())).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'deny' });
  });

  it('ignore: no decision and no log line', async () => {
    logs.length = 0;
    const c = native({ 'tool:before': [{ hooks: [{ command: 'exit 1', onError: 'ignore' }] }] });
    expect(await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts())).toMatchObject({ decision: 'none' });
    expect(logs).toEqual([]);
  });

  it('a Hermes fail_closed hook that prints garbage blocks', async () => {
    const c = config({
      [`${HOME}/.config/stopline/stopline.json`]: { import: ['hermes'] },
      [`${HOME}/.hermes/config.yaml`]: 'hooks:\n  pre_tool_call:\n    - command: echo not-json\n      fail_closed: true\n',
    });
    expect(await dispatchHooks(c, input({ event: 'tool:before', toolName: 'terminal' }), opts())).toMatchObject({ decision: 'deny', runs: [{ error: 'stdout is not a JSON object' }] });
  });

  it('the host abort signal stops running hooks', async () => {
    const c = native({ 'tool:before': [{ hooks: [{ command: 'sleep 20' }] }] });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const t0 = Date.now();
    const r = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts({ signal: ac.signal }));
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r.runs[0]).toMatchObject({ outcome: 'error', error: 'aborted by the host' });
  });
});

describe('dispatchHooks: one hook, every host (matchers see host and canonical tool names)', () => {
  const claude = () =>
    config({
      [`${HOME}/.config/stopline/stopline.json`]: { import: ['claude'] },
      [`${HOME}/.claude/settings.json`]: { hooks: { PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ type: 'command', command: `cat > "$OUT/claude-$HOOK_TAG.json"; ${DENY('claude guard')}` }] }] } },
    });

  it.each([
    ['opencode', 'bash', 'Bash'],
    ['opencode', 'write', 'Write'],
    ['pi', 'write', 'Write'],
    ['hermes', 'terminal', 'Bash'],
    ['hermes', 'write_file', 'Write'],
    ['codex', 'Bash', 'Bash'],
    ['codex', 'apply_patch', ['Write', 'Edit']],
  ] as [string, string, string | string[]][])('a Claude "Bash|Write" hook fires for %s %s', async (host, tool, canonical) => {
    const tag = `${host}-${tool}`;
    const r = await dispatchHooks(claude(), input({ event: 'tool:before', hostFamily: host, toolName: tool, canonicalToolName: canonical, rawInput: { x: 1 } }), opts({ env: { ...baseEnv, HOOK_TAG: tag } }));
    expect(r).toMatchObject({ decision: 'deny', reason: 'claude guard' });
    expect(read(`claude-${tag}.json`)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: tool });
  });

  it('and not for a read', async () => {
    const r = await dispatchHooks(claude(), input({ event: 'tool:before', hostFamily: 'hermes', toolName: 'read_file', canonicalToolName: 'Read' }), opts());
    expect(r.runs).toEqual([]);
  });

  it('a Hermes hook (full-match regex) fires on a Claude host by canonical or host name', async () => {
    const c = config({
      [`${HOME}/.config/stopline/stopline.json`]: { import: ['hermes'] },
      [`${HOME}/.hermes/config.yaml`]: 'hooks:\n  pre_tool_call:\n    - matcher: "terminal|Bash"\n      command: cat > "$OUT/hermes.json"; echo \'{"action":"block","message":"hermes says no"}\'\n',
    });
    const r = await dispatchHooks(c, input({ event: 'tool:before', hostFamily: 'claude', toolName: 'Bash', canonicalToolName: 'Bash', rawInput: { command: 'ls' }, canonicalInput: { command: 'ls' } }), opts());
    expect(r).toMatchObject({ decision: 'deny', reason: 'hermes says no' });
    expect(read('hermes.json')).toMatchObject({ hook_event_name: 'pre_tool_call', tool_name: 'Bash', tool_input: { command: 'ls' }, extra: { host: 'claude' } });
  });

  it('skipDialects at dispatch time leaves a dialect to its own host', async () => {
    const r = await dispatchHooks(claude(), input({ event: 'tool:before', hostFamily: 'claude', toolName: 'Bash' }), opts({ skipDialects: ['claude'] }));
    expect(r.runs).toEqual([]);
  });

  it('session:start matchers compare the source; subagent matchers the agent type', async () => {
    const c = native({
      'session:start': [{ matcher: 'resume', hooks: [{ command: 'echo resumed' }] }],
      'subagent:start': [{ matcher: 'explore', hooks: [{ command: 'echo explorer' }] }],
    });
    expect((await dispatchHooks(c, input({ event: 'session:start', source: 'startup' }), opts())).runs).toEqual([]);
    expect(await dispatchHooks(c, input({ event: 'session:start', source: 'resume' }), opts())).toMatchObject({ contexts: ['resumed'] });
    expect(await dispatchHooks(c, input({ event: 'subagent:start', agentType: 'explore' }), opts())).toMatchObject({ contexts: ['explorer'] });
    expect((await dispatchHooks(c, input({ event: 'subagent:start' }), opts())).runs).toEqual([]);
  });
});

describe('dispatchHooks: Claude PostToolUse vs PostToolUseFailure', () => {
  const c = () =>
    config({
      [`${HOME}/.config/stopline/stopline.json`]: { import: ['claude'], hooks: { 'tool:after': [{ hooks: [{ command: 'echo native' }] }] } },
      [`${HOME}/.claude/settings.json`]: {
        hooks: {
          PostToolUse: [{ hooks: [{ type: 'command', command: 'echo ok-hook' }] }],
          PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'echo fail-hook' }] }],
        },
      },
    });
  const ids = async (extra: Partial<DispatchInput>) => (await dispatchHooks(c(), input({ event: 'tool:after', toolName: 'Read', ...extra }), opts())).runs.map((r) => r.hookId);

  it('dispatching one spelling runs only that spelling (plus other dialects)', async () => {
    expect(await ids({ dialectEventName: 'PostToolUseFailure' })).toEqual(['native.user:tool:after:0:0', 'claude.user:PostToolUseFailure:0:0']);
    expect(await ids({ dialectEventName: 'PostToolUse' })).toEqual(['native.user:tool:after:0:0', 'claude.user:PostToolUse:0:0']);
  });
  it('toolFailed picks the spelling on hosts without it', async () => {
    expect(await ids({ toolFailed: true })).toEqual(['native.user:tool:after:0:0', 'claude.user:PostToolUseFailure:0:0']);
    expect(await ids({ toolFailed: false })).toEqual(['native.user:tool:after:0:0', 'claude.user:PostToolUse:0:0']);
  });
  it('the canonical event alone runs all of them', async () => {
    expect(await ids({})).toHaveLength(3);
  });
});

describe('dispatchHooks: environment and payload', () => {
  it('hooks inherit the env plus their own env and CLAUDE_PROJECT_DIR', async () => {
    const c = native({ 'turn:stop': [{ hooks: [{ command: 'printf "%s|%s|%s" "$MODE" "$CLAUDE_PROJECT_DIR" "$OUT" > "$OUT/env.txt"', env: { MODE: 'strict' } }] }] });
    await dispatchHooks(c, input({ event: 'turn:stop', projectDir: '/proj/root' }), opts());
    expect(readFileSync(join(dir, 'env.txt'), 'utf8')).toBe(`strict|/proj/root|${dir}`);
  });

  it('an already-set CLAUDE_PROJECT_DIR passes through unchanged', async () => {
    const c = native({ 'turn:stop': [{ hooks: [{ command: 'printf "%s" "$CLAUDE_PROJECT_DIR" > "$OUT/cpd.txt"' }] }] });
    await dispatchHooks(c, input({ event: 'turn:stop' }), opts({ env: { ...baseEnv, CLAUDE_PROJECT_DIR: '/from/claude' } }));
    expect(readFileSync(join(dir, 'cpd.txt'), 'utf8')).toBe('/from/claude');
  });

  it('each dialect gets its own payload', async () => {
    const c = config({
      [`${HOME}/.config/stopline/stopline.json`]: { import: ['claude', 'codex'], hooks: { 'prompt:submit': [{ hooks: [{ command: 'cat > "$OUT/p-native.json"' }] }] } },
      [`${HOME}/.claude/settings.json`]: { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat > "$OUT/p-claude.json"' }] }] } },
      [`${HOME}/.codex/hooks.json`]: { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat > "$OUT/p-codex.json"' }] }] } },
    });
    await dispatchHooks(c, input({ event: 'prompt:submit', prompt: 'fix the bug' }), opts());
    expect(read('p-native.json')).toMatchObject({ hook_event_name: 'prompt:submit', prompt: 'fix the bug', host: 'opencode' });
    expect(read('p-claude.json')).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug', session_id: 's-1', cwd: dir });
    expect(read('p-codex.json')).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug' });
  });

  it('selectHooks lists what would run without running it', () => {
    const c = native({ 'tool:before': [{ matcher: 'Bash', hooks: [{ command: 'a' }] }, { matcher: 'Read', hooks: [{ command: 'b' }] }] });
    expect(selectHooks(c, input({ event: 'tool:before', toolName: 'bash', canonicalToolName: 'Bash' })).map((s) => s.handler.id)).toEqual(['native.user:tool:before:0:0']);
  });
});

describe('guard + hooks', () => {
  it('a user hook allow cannot override the guard deny', async () => {
    const c = native({ 'tool:before': [{ hooks: [{ command: `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'` }] }] });
    const hooks = await dispatchHooks(c, input({ event: 'tool:before', toolName: 'bash' }), opts());
    expect(hooks.decision).toBe('allow');
    expect(foldGuardWithHooks({ kind: 'deny', message: 'STOP' }, hooks)).toMatchObject({ kind: 'deny', message: 'STOP' });
  });
});
