/**
 * What the shim sends to the evaluator and what Hermes gets back, with the TEST DOUBLE as evaluator
 * (it logs every dispatch and answers by markers in the tool arguments: DENY-ME, ASK-ME, ...).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixture, PYTHON, toolCall, unavailableLines } from './helpers';
import { sandboxesPerTest, STOPLINE_HOOKS, withLoadedHost } from './shim-kit';

const REGISTERED = new Set<string>(STOPLINE_HOOKS);

const { sandbox } = sandboxesPerTest();

describe('every Hermes kwargs fixture reaches the evaluator', () => {
  for (const semantics of ['v0.19', 'v0.21']) {
    it(`dispatches each registered hook with its event name, every kwarg and a cwd, through one child (${semantics})`, () => {
      const b = sandbox();
      const out = b.run('fixtures', [FIXTURES, '--semantics', semantics]);
      expect(out.status).toBe(0);
      expect(unavailableLines(out.stderr)).toEqual([]);
      const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();
      expect(files.length).toBe(43);
      const expected = files.filter((f) => REGISTERED.has(f.split('-')[0]!.replace(/\.json$/, '')));
      const seen = b.dispatches();
      expect(seen.map((d) => d.event)).toEqual(expected.map((f) => f.split('-')[0]!.replace(/\.json$/, '')));
      seen.forEach((d, i) => {
        const kwargs = fixture(expected[i]!);
        expect(d.host).toBe('hermes');
        expect(d.payload).toEqual({ ...kwargs, telemetry_schema_version: 'hermes.observer.v1', cwd: b.workDir });
      });
      expect(b.spawns()).toHaveLength(1);
      expect(new Set(seen.map((d) => d.pid)).size).toBe(1);
    });
  }

  it('uses TERMINAL_CWD as the cwd when Hermes has a configured working dir', () => {
    const b = sandbox();
    b.run('fire', [path.join(FIXTURES, 'pre_tool_call-terminal.json')], { env: { TERMINAL_CWD: '/srv/checkout' } });
    expect(b.dispatches()[0]!.payload.cwd).toBe('/srv/checkout');
  });

  it("adds the folder Hermes joins this task's relative paths with (its _resolve_base_dir), on tool hooks only", () => {
    const b = sandbox();
    const live = path.join(b.workDir, 'pkg');
    const turn = (calls: object[]) =>
      b.writeJson('turn-base.json', { session_id: '20261201_101010_abcdef', user_message: 'hi', history: [], tool_calls: calls, final_response: '' });
    b.run('turn', [turn([{ tool_call_id: 'c0', tool_name: 'read_file', args: { path: 'a' }, live_cwd: live }])]);
    const seen = b.dispatches();
    expect(seen.filter((d) => d.event === 'pre_tool_call' || d.event === 'post_tool_call').map((d) => d.payload.stopline_path_base)).toEqual([live, live]);
    expect(seen.filter((d) => d.event === 'pre_llm_call').map((d) => d.payload.stopline_path_base)).toEqual([undefined]);
  });

  it('adds no base when Hermes has not loaded its file tools (the evaluator then uses the cwd)', () => {
    const b = sandbox();
    b.run('fire', [path.join(FIXTURES, 'pre_tool_call-terminal.json')]);
    expect(b.dispatches()[0]!.payload).not.toHaveProperty('stopline_path_base');
  });

  it('hands the terminal tool its own workdir argument unchanged (the evaluator resolves it)', () => {
    const b = sandbox();
    b.run('fire', [b.writeJson('pre_tool_call-wd.json', toolCall('terminal', { command: 'make', workdir: 'packages/api' }))]);
    expect(b.dispatches()[0]!.payload.args).toEqual({ command: 'make', workdir: 'packages/api' });
  });

  it('points evidence at $HERMES_HOME/stopline, else ~/.hermes/stopline; an explicit STOPLINE_HOST_DATA_DIR wins', () => {
    const b = sandbox();
    const k = path.join(FIXTURES, 'pre_tool_call-read_file.json');
    b.run('fire', [k], { env: { HERMES_HOME: path.join(b.root, 'profile-work') } });
    b.run('fire', [k], { env: { HERMES_HOME: undefined } });
    b.run('fire', [k], { env: { STOPLINE_HOST_DATA_DIR: path.join(b.root, 'explicit') } });
    expect(b.dispatches().map((d) => d.hostDataDir)).toEqual([
      path.join(b.root, 'profile-work', 'stopline'),
      path.join(b.home, '.hermes', 'stopline'),
      path.join(b.root, 'explicit'),
    ]);
  });

  it('sends live SDK objects as their text and large non-ASCII arguments intact', () => {
    const b = sandbox();
    const kwargs = toolCall('write_file', { path: 'notes.md', content: 'héllo ✓ 🚀\n' + 'x'.repeat(300_000) });
    kwargs.middleware_trace = [{ $object: 'ChatCompletionMessage' }];
    b.run('fire', [b.writeJson('pre_tool_call-obj.json', kwargs)]);
    const d = b.dispatches()[0]!;
    expect(d.payload.middleware_trace).toEqual(['<HostObject ChatCompletionMessage>']);
    expect((d.payload.args as { content: string }).content).toBe('héllo ✓ 🚀\n' + 'x'.repeat(300_000));
  });

  it('never chokes on kwargs json cannot encode: bytes, NaN, sets, cycles, objects whose str() raises', () => {
    const b = sandbox();
    const code = withLoadedHost(
      b,
      `class Grumpy:
    def __str__(self):
        raise RuntimeError("no text for you")
loop = {"name": "loop"}
loop["self"] = loop
args = {"command": "DENY-ME", "raw": "café".encode(), "nan": float("nan"), "inf": float("inf"),
        "tags": {"b"}, "pair": (1, 2), "loop": loop, "grumpy": Grumpy(), 3: "int key"}
out = host.pre_tool_call("terminal", args, {"session_id": "s"})
print(json.dumps(out["blocked"]))`,
    );
    const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', env: b.env(), cwd: b.workDir });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toBe(true);
    expect(b.dispatches()[0]!.payload.args).toEqual({
      command: 'DENY-ME',
      raw: 'café',
      nan: 'nan',
      inf: 'inf',
      tags: ['b'],
      pair: [1, 2],
      loop: { name: 'loop', self: '<cycle>' },
      grumpy: '<Grumpy>',
      '3': 'int key',
    });
  });
});

describe('payloads near the evaluator\'s 8 MiB line limit', () => {
  it('cuts a long session\'s conversation history to the last message and says how many were left out', () => {
    const b = sandbox();
    const base = fixture('pre_llm_call.json');
    const history = Array.from({ length: 90 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `${i} ` + 'h'.repeat(100_000) }));
    history.push({ role: 'user', content: 'Make retries configurable and add tests.' });
    const out = b.run('fire', [b.writeJson('pre_llm_call-long.json', { ...base, conversation_history: history })]);
    expect(unavailableLines(out.stderr)).toEqual([]);
    expect(out.json.user_message_sent).toContain('double context for');
    const sent = b.dispatches()[0]!.payload;
    expect(sent.conversation_history).toEqual([{ role: 'user', content: 'Make retries configurable and add tests.' }]);
    expect(sent.conversation_history_omitted).toBe(90);
  });

  it('refuses a tool call whose arguments alone are over the limit, and the fail mode decides', () => {
    const b = sandbox();
    const k = b.writeJson('pre_tool_call-huge.json', toolCall('write_file', { path: 'dump.sql', content: 'x'.repeat(9 * 1024 * 1024) }));
    const open = b.run('fire', [k]);
    expect(open.json.tool_called).toBe(true);
    expect(unavailableLines(open.stderr)[0]).toBe(
      "stopline: guard unavailable (pre_tool_call payload is 9.0 MiB, over the evaluator's 8 MiB limit); failing open",
    );
    const closed = b.run('fire', [k], { env: { STOPLINE_FAIL_MODE: 'closed' } });
    expect(closed.json.blocked).toBe(true);
    expect(b.dispatches().filter((d) => d.event === 'pre_tool_call')).toEqual([]);
  });
});

describe('what Hermes gets back', () => {
  it('a denial blocks the tool: the model reads {"error": <stamp>} and post_tool_call reports status blocked', () => {
    const b = sandbox();
    const out = b.run('fire', [b.writeJson('pre_tool_call-deny.json', toolCall('terminal', { command: 'echo DENY-ME' }))]).json;
    expect(out).toMatchObject({ directive: 'block', blocked: true, tool_called: false, error: 'STOP / INTENT\ndouble denied terminal' });
    expect(out.model_sees).toBe('{"error": "STOP / INTENT\\ndouble denied terminal"}');
    const post = b.dispatches().find((d) => d.event === 'post_tool_call')!;
    expect(post.payload).toMatchObject({ status: 'blocked', error_type: 'plugin_block', error_message: 'STOP / INTENT\ndouble denied terminal' });
  });

  it('ask-with-human becomes approve: blocked with Hermes\'s no-human text when nobody can answer, runs when approved', () => {
    const b = sandbox();
    const k = b.writeJson('pre_tool_call-ask.json', toolCall('terminal', { command: 'ASK-ME rm -r build' }));
    const nobody = b.run('fire', [k]).json;
    expect(nobody.directive).toBe('approve');
    expect(nobody.error).toBe(
      "BLOCKED: Tool 'terminal' requires approval (double asks about terminal) but no interactive user or gateway is present to approve it. A plugin flagged this action for human confirmation.",
    );
    expect(b.run('fire', [k, '--approver', 'approve']).json).toMatchObject({ directive: 'approve', tool_called: true });
  });

  it('a block the evaluator sent without text still blocks (Hermes would ignore it and run the tool)', () => {
    const b = sandbox();
    const out = b.run('fire', [b.writeJson('pre_tool_call-e.json', toolCall('terminal', { command: 'EMPTY-BLOCK' }))]).json;
    expect(out.blocked).toBe(true);
    expect(out.error.split('\n')[0]).toBe('STOP / CONTROL');
    expect(out.error).toContain('sent no explanation');
  });

  it('any other answer shape lets the tool run', () => {
    const b = sandbox();
    const out = b.run('fire', [b.writeJson('pre_tool_call-a.json', toolCall('terminal', { command: 'ALLOW-SHAPE' }))]).json;
    expect(out).toMatchObject({ directive: null, blocked: false, tool_called: true });
    expect(out.trace).toEqual([{ callback: 'stopline:stopline_pre_tool_call', outcome: 'returned None' }]);
  });

  it('pre_llm_call context is appended to the user message; a plain-string answer works too; blank context adds nothing', () => {
    const b = sandbox();
    const base = fixture('pre_llm_call.json');
    const one = b.run('fire', [path.join(FIXTURES, 'pre_llm_call.json')]).json;
    expect(one.user_message_sent).toBe('Make retries configurable and add tests.\n\ndouble context for 20261129_141503_7c2e9a');
    const str = b.run('fire', [b.writeJson('pre_llm_call-s.json', { ...base, user_message: 'STRING-CONTEXT please' })]).json;
    expect(str.user_message_sent).toBe('STRING-CONTEXT please\n\ndouble context as a plain string');
    const none = b.run('fire', [b.writeJson('pre_llm_call-n.json', { ...base, user_message: 'NO-CONTEXT please' })]).json;
    expect(none).toMatchObject({ context: null, user_message_sent: 'NO-CONTEXT please' });
  });

  it('pre_verify passes a continue nudge through; hooks whose return Hermes ignores get None', () => {
    const b = sandbox();
    const verify = b.run('fire', [b.writeJson('pre_verify-v.json', { ...fixture('pre_verify.json'), final_response: 'done VERIFY-ME' })]).json;
    expect(verify.continue_with).toBe('double: run the tests before finishing');
    const start = b.run('fire', [path.join(FIXTURES, 'on_session_start.json')]).json;
    expect(start).toMatchObject({ returns_ignored: 0, trace: [{ outcome: 'returned None' }] });
  });

  it('plays a CLI turn: each scripted tool call either runs or shows the model its {"error": ...}', () => {
    const b = sandbox();
    const scenario = b.writeJson('turn.json', {
      user_message: 'Make retries configurable.',
      tool_calls: [
        { tool_name: 'read_file', args: { path: 'src/config.ts' }, result: '{"content": "1|export const retries = 5;"}' },
        { tool_name: 'write_file', args: { path: '.env', content: 'DENY-ME' } },
        { tool_name: 'patch', args: { mode: 'replace', path: 'src/config.ts', old_string: '5', new_string: '6' }, result: '{"ok": true}' },
      ],
      final_response: 'done VERIFY-ME',
    });
    for (const semantics of ['v0.19', 'v0.21']) {
      const out = b.run('turn', [scenario, '--semantics', semantics]).json;
      expect(out.user_message_sent).toBe('Make retries configurable.\n\ndouble context for 20261129_141503_7c2e9a');
      expect(out.tool_calls.map((t: { tool_called: boolean; model_sees: string }) => [t.tool_called, t.model_sees])).toEqual([
        [true, '{"content": "1|export const retries = 5;"}'],
        [false, '{"error": "STOP / INTENT\\ndouble denied write_file"}'],
        [true, '{"ok": true}'],
      ]);
      expect(out.verify_nudge).toBe('double: run the tests before finishing');
    }
    const events = b.dispatches().map((d) => d.event);
    expect(events.slice(0, 10)).toEqual([
      'on_session_start',
      'pre_llm_call',
      'pre_tool_call',
      'post_tool_call',
      'pre_tool_call',
      'post_tool_call',
      'pre_tool_call',
      'post_tool_call',
      'pre_verify',
      'on_session_end',
    ]);
  });
});
