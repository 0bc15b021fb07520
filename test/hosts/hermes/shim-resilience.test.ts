/**
 * The resident evaluator when things go wrong: a killed, dying, hung, garbling, noisy or mute child,
 * no runtime, no script. The TEST DOUBLE plays each misbehaviour (STOPLINE_DOUBLE_PLAN, one behaviour per
 * started process). Every path ends in a decision Hermes can use, never an exception.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, isAlive, PYTHON, Sandbox, Served, toolCall, unavailableLines, waitFor } from './helpers';
import { sandboxesPerTest, withLoadedHost } from './shim-kit';

const { sandbox } = sandboxesPerTest();
let served: Served[] = [];
// registered after the sandboxes' afterEach, so it runs first: servers close before their folders go
afterEach(async () => {
  for (const s of served) await s.close();
  served = [];
});

const DENY = toolCall('terminal', { command: 'echo DENY-ME' });
const denyFile = (b: Sandbox) => b.writeJson('pre_tool_call-deny.json', DENY);

/** run Python with the emulator holding the loaded plugin as `host`; the body prints JSON */
function withHost(b: Sandbox, body: string, env: Record<string, string | undefined> = {}) {
  const code = withLoadedHost(b, `shim = sys.modules["hermes_plugins.stopline"]\n${body}`, 'import json, os, sys');
  const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', env: b.env(env), cwd: b.workDir, timeout: 60_000 });
  let json: unknown;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { ...r, json };
}

describe('a child that dies', () => {
  it('is restarted when it was killed between calls, and the next call still decides', async () => {
    const b = sandbox();
    const s = new Served(b);
    served.push(s);
    expect((await s.fire('pre_tool_call', DENY)).blocked).toBe(true);
    const [first] = s.evaluatorPids();
    expect(first).toBeGreaterThan(0);
    process.kill(first!, 'SIGKILL');
    expect(await waitFor(() => !isAlive(first!))).toBe(true);
    const again = await s.fire('pre_tool_call', DENY);
    expect(again.blocked).toBe(true);
    expect(s.evaluatorPids()).not.toContain(first);
    expect(b.spawns()).toHaveLength(2);
    expect(unavailableLines(s.stderr)).toEqual([]);
  });

  it('is replaced when it dies while reading a call, and that same call still decides', async () => {
    const b = sandbox();
    const s = new Served(b, { env: { STOPLINE_DOUBLE_PLAN: 'slow-2000,answer' } });
    served.push(s);
    const pending = s.fire('pre_tool_call', DENY);
    expect(await waitFor(() => b.dispatches().length === 1)).toBe(true);
    const victim = b.dispatches()[0]!.pid;
    process.kill(victim, 'SIGKILL');
    const out = await pending;
    expect(out.blocked).toBe(true);
    const decided = b.dispatches().filter((d) => d.event === 'pre_tool_call');
    expect(decided.map((d) => d.pid)).toEqual([victim, b.spawns()[1]!.pid]);
    expect(unavailableLines(s.stderr)).toEqual([]);
  });

  it('dying after N requests costs no decision: 8 calls, a child that dies after 3, 8 denials', () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '8'], { env: { STOPLINE_DOUBLE_PLAN: 'die-after-3,answer' } });
    expect(out.json).toMatchObject({ count: 8, blocked: 8 });
    expect(b.spawns()).toHaveLength(2);
    expect(unavailableLines(out.stderr)).toEqual([]);
    // the double's own stderr chatter is kept for diagnostics, not printed into Hermes's terminal
    expect(out.stderr).not.toContain('dying as planned');
  });
});

describe('a child that hangs', () => {
  const env = { STOPLINE_DOUBLE_PLAN: 'hang', STOPLINE_HERMES_TIMEOUT_MS: '1500' };

  it('is cut off at STOPLINE_HERMES_TIMEOUT_MS and fails open by default, with one stderr line; the hung child is killed', async () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '1'], { env });
    expect(out.json).toMatchObject({ blocked: 0, allowed: 1 });
    expect(out.json.first_ms).toBeGreaterThanOrEqual(1490);
    expect(out.json.first_ms).toBeLessThan(4000);
    expect(unavailableLines(out.stderr)).toEqual([
      expect.stringMatching(/^stopline: guard unavailable \(.*timed out after 1500 ms\); failing open$/),
    ]);
    expect(await waitFor(() => b.spawns().every((sp) => !isAlive(sp.pid)))).toBe(true);
  });

  for (const semantics of ['v0.19', 'v0.21']) {
    it(`fails closed with a GUARD_UNAVAILABLE stamp when configured, before Hermes's own timeout (${semantics})`, () => {
      const b = sandbox();
      const out = b.run('fire', [denyFile(b), '--semantics', semantics], { env: { ...env, STOPLINE_FAIL_MODE: 'closed' } });
      expect(out.json.blocked).toBe(true);
      const lines = out.json.error.split('\n');
      expect(lines[0]).toBe('STOP / CONTROL');
      expect(out.json.error).toContain('Reason: GUARD_UNAVAILABLE');
      expect(out.json.error).toMatch(/timed out after 1500 ms/);
      expect(lines.at(-1)).toMatch(/^Next: /);
      expect(unavailableLines(out.stderr)[0]).toMatch(/; failing closed$/);
      expect(out.json.trace.map((t: { outcome: string }) => t.outcome)).toEqual(['returned']);
    });
  }

  it('under v0.21, a Hermes hook timeout shorter than STOPLINE_HERMES_TIMEOUT_MS lets Hermes decide instead (keep ours lower)', () => {
    const b = sandbox();
    const out = b.run('fire', [denyFile(b), '--semantics', 'v0.21', '--timeout', '0.5'], {
      env: { STOPLINE_DOUBLE_PLAN: 'hang', STOPLINE_HERMES_TIMEOUT_MS: '3000' },
    });
    expect(out.json).toMatchObject({ blocked: true, error: 'pre_tool_call plugin callback timed out or is still running' });
  });
});

describe('a child that answers nonsense or refuses', () => {
  it('garbage on stdout is a failure (fail open) and the child is replaced for the next call', () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '3', '--results'], { env: { STOPLINE_DOUBLE_PLAN: 'garbage,answer' } });
    expect(out.json.results.map((r: { blocked: boolean }) => r.blocked)).toEqual([false, true, true]);
    expect(unavailableLines(out.stderr)).toEqual([
      'stopline: guard unavailable (evaluator answered with something that is not JSON); failing open',
    ]);
    expect(b.spawns()).toHaveLength(2);
  });

  it('JSON without a boolean "ok" is a failure too', () => {
    const b = sandbox();
    const out = b.run('fire', [denyFile(b)], { env: { STOPLINE_DOUBLE_PLAN: 'wrong-shape', STOPLINE_FAIL_OPEN: '0' } });
    expect(out.json.blocked).toBe(true);
    expect(out.json.error).toContain("evaluator answer has the wrong shape (no boolean 'ok')");
  });

  it('{"ok": false} is a failure for that call, but the working child is kept', () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '3'], { env: { STOPLINE_DOUBLE_PLAN: 'error' } });
    expect(out.json).toMatchObject({ allowed: 3 });
    expect(unavailableLines(out.stderr)).toEqual(Array(3).fill('stopline: guard unavailable (evaluator error: double says no); failing open'));
    expect(b.spawns()).toHaveLength(1);
  });

  it('an answer written twice does not shift later answers onto the wrong calls', () => {
    const b = sandbox();
    const calls = Array.from({ length: 30 }, (_, i) => ({
      tool_name: 'terminal',
      args: { command: i % 3 === 0 ? `echo DENY-ME ${i}` : `echo ok ${i}` },
    }));
    const out = b.run('turn', [b.writeJson('turn.json', { user_message: 'go', tool_calls: calls })], {
      env: { STOPLINE_DOUBLE_PLAN: 'double-answer' },
    });
    expect(out.json.tool_calls.map((t: { tool_called: boolean }) => t.tool_called)).toEqual(calls.map((_, i) => i % 3 !== 0));
    expect(unavailableLines(out.stderr)).toEqual([]);
  });

  it('a child that floods stderr never stalls: the shim drains it', () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '12'], { env: { STOPLINE_DOUBLE_PLAN: 'noisy', STOPLINE_HERMES_TIMEOUT_MS: '4000' } });
    expect(out.json).toMatchObject({ blocked: 12 });
    expect(unavailableLines(out.stderr)).toEqual([]);
  });

  it('forwards only the evaluator\'s "stopline:" lines to Hermes\'s stderr', () => {
    const b = sandbox();
    const out = b.run('fire', [denyFile(b)], { env: { STOPLINE_DOUBLE_PLAN: 'say-hello' } });
    expect(out.stderr.split('\n').filter((l) => l.includes('hello from the double'))).toEqual(['stopline: hello from the double']);
  });
});

describe('no evaluator at all', () => {
  it('no node, bun or deno on PATH: fail open with a clear line, or closed with the stamp', () => {
    const b = sandbox();
    const empty = path.join(b.root, 'empty-bin');
    fs.mkdirSync(empty);
    const open = b.run('fire', [denyFile(b)], { env: { PATH: empty } });
    expect(open.json.blocked).toBe(false);
    expect(unavailableLines(open.stderr)[0]).toBe(
      'stopline: guard unavailable (no JS runtime found: install node, bun or deno, or set STOPLINE_RUNTIME); failing open',
    );
    const closed = b.run('fire', [denyFile(b)], { env: { PATH: empty, STOPLINE_FAIL_OPEN: '0' } });
    expect(closed.json.blocked).toBe(true);
    expect(closed.json.error).toContain('no JS runtime found');
    expect(closed.json.error.split('\n')[0]).toBe('STOP / CONTROL');
  });

  it('stopline.mjs missing from the plugin folder', () => {
    const b = sandbox();
    fs.rmSync(path.join(b.pluginDir, 'stopline.mjs'));
    const out = b.run('fire', [denyFile(b)]);
    expect(out.json.blocked).toBe(false);
    expect(unavailableLines(out.stderr)[0]).toBe(`stopline: guard unavailable (stopline.mjs is missing from ${b.pluginDir}); failing open`);
  });

  it('a child that exits at start: the one-shot fallback is tried, and the reason names what the child said', () => {
    const b = sandbox();
    const out = b.run('fire', [denyFile(b)], { env: { STOPLINE_DOUBLE_PLAN: 'exit-at-start', STOPLINE_FAIL_MODE: 'closed' } });
    expect(out.json.blocked).toBe(true);
    expect(out.json.error).toContain('double: cannot start (planned)');
    // resident + one-shot for pre_tool_call, then one one-shot for the blocked call's post_tool_call:
    // after a failed start the resident child is not retried at once
    expect(b.spawns()).toHaveLength(3);
  });

  it('a resident child that refuses the ping: every call is decided by a one-shot child instead', () => {
    const b = sandbox();
    const out = b.run('bench', [denyFile(b), '--count', '3'], { env: { STOPLINE_DOUBLE_PLAN: 'no-ping' } });
    expect(out.json).toMatchObject({ blocked: 3 });
    expect(unavailableLines(out.stderr)).toEqual([]);
    const d = b.dispatches();
    expect(d.filter((x) => x.event === 'pre_tool_call')).toHaveLength(3);
    expect(d.every((x) => x.n === 1)).toBe(true);
    expect(new Set(d.map((x) => x.pid)).size).toBe(d.length);
    // one refused resident start, then a one-shot child per hook call (3 pre_tool_call + 3 post_tool_call)
    expect(b.spawns()).toHaveLength(1 + d.length);
  });
});

describe('fail mode and never raising', () => {
  it('resolves the fail mode from env, user config and project config', () => {
    const b = sandbox();
    const userConfig = path.join(b.home, '.config', 'stopline', 'stopline.json');
    const projectConfig = path.join(b.workDir, '.stopline', 'stopline.json');
    const explicit = path.join(b.root, 'explicit.json');
    fs.writeFileSync(explicit, '{"failMode": "closed"}');
    const cases: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['default', {}, {}],
      ['STOPLINE_FAIL_MODE=closed', { STOPLINE_FAIL_MODE: 'closed' }, {}],
      ['STOPLINE_FAIL_OPEN=0', { STOPLINE_FAIL_OPEN: '0' }, {}],
      ['user config closed', {}, { [userConfig]: '{"failMode": "closed"}' }],
      ['STOPLINE_CONFIG closed', { STOPLINE_CONFIG: explicit }, {}],
      ['STOPLINE_FAIL_OPEN=1 beats closed config', { STOPLINE_FAIL_OPEN: '1' }, { [userConfig]: '{"failMode": "closed"}' }],
      ['project tightens', {}, { [projectConfig]: '{"failMode": "closed"}' }],
      ['project cannot loosen', {}, { [userConfig]: '{"failMode": "closed"}', [projectConfig]: '{"failMode": "open"}' }],
      ['unreadable config', {}, { [userConfig]: '{not json' }],
      ['STOPLINE_FAIL_OPEN=true is not a switch', { STOPLINE_FAIL_OPEN: 'true' }, {}],
    ];
    const body = `cases = json.loads(sys.argv[1])
out = []
for name, env, files in cases:
    for key in ("STOPLINE_FAIL_MODE", "STOPLINE_FAIL_OPEN", "STOPLINE_CONFIG"):
        os.environ.pop(key, None)
    os.environ.update(env)
    for f in ${JSON.stringify([userConfig, projectConfig])}:
        if os.path.exists(f):
            os.remove(f)
    for f, text in files.items():
        os.makedirs(os.path.dirname(f), exist_ok=True)
        open(f, "w").write(text)
    r = host.pre_tool_call("terminal", {"command": "echo DENY-ME"}, {"session_id": "s"})
    out.append([name, r["blocked"]])
print(json.dumps(out))`;
    const code = withLoadedHost(b, body, `import json, os, sys
sys.argv = ["x", ${JSON.stringify(JSON.stringify(cases))}]`);
    const empty = path.join(b.root, 'empty-bin');
    fs.mkdirSync(empty);
    const r = spawnSync(PYTHON, ['-c', code], { encoding: 'utf8', env: b.env({ PATH: empty }), cwd: b.workDir });
    expect(JSON.parse(r.stdout)).toEqual([
      ['default', false],
      ['STOPLINE_FAIL_MODE=closed', true],
      ['STOPLINE_FAIL_OPEN=0', true],
      ['user config closed', true],
      ['STOPLINE_CONFIG closed', true],
      ['STOPLINE_FAIL_OPEN=1 beats closed config', false],
      ['project tightens', true],
      ['project cannot loosen', true],
      ['unreadable config', false],
      ['STOPLINE_FAIL_OPEN=true is not a switch', false],
    ]);
    const lines = unavailableLines(r.stderr);
    expect(lines.filter((l) => l.includes(`config ${userConfig} unreadable: JSONDecodeError`))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('STOPLINE_FAIL_OPEN=true not understood (use 1 or 0)'))).toHaveLength(1);
  });

  it('no callback ever raises, even when the shim itself breaks: open returns None, closed blocks pre_tool_call only', () => {
    const b = sandbox();
    const body = `def broken(*a, **k):
    raise RuntimeError("shim bug")
shim.EVALUATOR.dispatch = broken
out = {}
for mode in ("1", "0"):
    os.environ["STOPLINE_FAIL_OPEN"] = mode
    for hook, cbs in host.hooks.items():
        value = cbs[0][1](tool_name="terminal", args={}, session_id="s")
        out[f"{hook}:{mode}"] = value if value is None else value.get("action")
print(json.dumps(out))`;
    const r = withHost(b, body);
    const seen = r.json as Record<string, string | null>;
    expect(Object.keys(seen)).toHaveLength(18);
    for (const [key, value] of Object.entries(seen)) {
      expect([key, value]).toEqual([key, key === 'pre_tool_call:0' ? 'block' : null]);
    }
    expect(unavailableLines(r.stderr)[0]).toContain('shim error RuntimeError: shim bug');
  });

  it('an unusable STOPLINE_HERMES_TIMEOUT_MS falls back to the 5 s default instead of breaking', () => {
    const b = sandbox();
    const out = b.run('fire', [path.join(FIXTURES, 'pre_tool_call-terminal.json')], { env: { STOPLINE_HERMES_TIMEOUT_MS: 'soon' } });
    expect(out.json.trace).toEqual([{ callback: 'stopline:stopline_pre_tool_call', outcome: 'returned None' }]);
    expect(unavailableLines(out.stderr)).toEqual([]);
  });

  it('leaves no evaluator running after Hermes exits', async () => {
    const b = sandbox();
    b.run('bench', [denyFile(b), '--count', '5']);
    // a child that ignores both {"op":"bye"} and the closed stdin is killed at exit
    b.run('bench', [denyFile(b), '--count', '2'], { env: { STOPLINE_DOUBLE_PLAN: 'ignore-bye' } });
    expect(b.spawns()).toHaveLength(2);
    expect(await waitFor(() => b.spawns().every((sp) => !isAlive(sp.pid)))).toBe(true);
  });
});

describe('threads', () => {
  it('calls from several Hermes worker threads share one child and each gets its own answer', () => {
    const b = sandbox();
    const out = b.run('bench', [b.writeJson('pre_tool_call-echo.json', DENY), '--count', '200', '--threads', '4', '--results'], {
      env: { STOPLINE_DOUBLE_PLAN: 'echo' },
    });
    expect(out.json).toMatchObject({ count: 200, blocked: 200 });
    for (const row of out.json.results as Array<{ tool_call_id: string; error: string }>) {
      const echoed = JSON.parse(row.error.replace(/^ECHO /, ''));
      expect(echoed.payload.tool_call_id).toBe(row.tool_call_id);
    }
    expect(b.spawns()).toHaveLength(1);
  });
});
