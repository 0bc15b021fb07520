/**
 * The resident evaluator with the REAL bundle behind the shim (the mechanics are proven with the
 * test double in shim-resilience.test.ts; 1,000 sequential calls and a kill mid-run run against
 * the bundle in contract.test.ts). Here: a hung child (frozen with SIGSTOP, no test switch in the
 * product), a child whose output turns to garbage, garbage sent to the child, and the latency of
 * the resident child against a one-shot spawn per call, measured in the same run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HERE, isAlive, PYTHON, realBundle, unavailableLines, waitFor } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');

const SID = '20261129_141503_7c2e9a';
const TURN = `${SID}:${SID}:5d41a0b2`;
const ROOT = { session_id: SID, task_id: SID, turn_id: TURN };
const ARM = { ...ROOT, user_message: '$stopline review -- look only', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' };
const WRITE = { ...ROOT, tool_name: 'write_file', args: { path: 'a.txt', content: 'x' }, tool_call_id: 'call_w', api_request_id: `${TURN}:api:1`, middleware_trace: [] };

const { sandbox, serve } = sandboxesPerTest(BUNDLE);

describe('a hung evaluator (the real bundle, frozen with SIGSTOP)', () => {
  for (const failMode of ['open', 'closed'] as const) {
    it(`is cut off at STOPLINE_HERMES_TIMEOUT_MS, fails ${failMode}, is killed, and the next call is decided by a fresh child`, async () => {
      const b = sandbox();
      // long enough for a cold start of the bundle on a loaded 2-core box (the call after the hang starts a new child)
      const s = serve(b, { env: { STOPLINE_HERMES_TIMEOUT_MS: '6000', STOPLINE_FAIL_MODE: failMode } });
      await s.fire('pre_llm_call', ARM);
      expect((await s.fire('pre_tool_call', WRITE)).error).toContain('MODE_FORBIDS_MUTATION');
      const [frozen] = s.evaluatorPids();
      process.kill(frozen!, 'SIGSTOP');
      const t0 = Date.now();
      const hung = await s.fire('pre_tool_call', WRITE);
      const waited = Date.now() - t0;
      expect(waited).toBeGreaterThanOrEqual(5900);
      expect(waited).toBeLessThan(12_000);
      if (failMode === 'open') {
        expect(hung.tool_called).toBe(true);
        expect(unavailableLines(s.stderr)).toEqual([expect.stringMatching(/^stopline: guard unavailable \(evaluator timed out after 6000 ms\); failing open$/)]);
      } else {
        expect(hung.tool_called).toBe(false);
        expect(hung.error).toMatch(/^STOP \/ CONTROL\n/);
        expect(hung.error).toContain('Reason: GUARD_UNAVAILABLE (C)');
      }
      // the frozen child was killed, and the contract it kept in files is still there
      expect(await waitFor(() => !isAlive(frozen!))).toBe(true);
      const after = await s.fire('pre_tool_call', WRITE);
      expect(after.error).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      expect(s.evaluatorPids()).not.toContain(frozen);
    });
  }
});

describe('garbage', () => {
  it('a child whose output turns to garbage is replaced: that call follows the fail mode, the next is decided', async () => {
    const b = sandbox();
    // a runtime wrapper (CommonJS, run by node) that runs the real bundle, but the first time puts a
    // non-JSON line in front of the child's third answer (ping, pre_llm_call, then the tool call)
    const wrapper = path.join(b.root, 'node-garbling');
    fs.writeFileSync(
      wrapper,
      [
        `#!${process.execPath}`,
        "const { spawn } = require('node:child_process');",
        "const fs = require('node:fs');",
        `const marker = ${JSON.stringify(path.join(b.root, 'garbled'))};`,
        'const first = !fs.existsSync(marker);',
        "if (first) fs.writeFileSync(marker, '');",
        "const child = spawn(process.execPath, process.argv.slice(2), { stdio: ['inherit', 'pipe', 'inherit'] });",
        "let buf = ''; let n = 0;",
        "child.stdout.on('data', (c) => { buf += c; let i; while ((i = buf.indexOf('\\n')) >= 0) { const line = buf.slice(0, i + 1); buf = buf.slice(i + 1); if (first && ++n === 3) process.stdout.write('Segmentation fault (core dumped)\\n'); process.stdout.write(line); } });",
        'child.on(\'exit\', (code) => process.exit(code ?? 1));',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const s = serve(b, { env: { STOPLINE_RUNTIME: wrapper, STOPLINE_HERMES_TIMEOUT_MS: '20000' } });
    await s.fire('pre_llm_call', ARM);
    const garbled = await s.fire('pre_tool_call', WRITE);
    expect(garbled.tool_called).toBe(true);
    expect(unavailableLines(s.stderr)).toEqual([expect.stringMatching(/not JSON\); failing open$/)]);
    const next = await s.fire('pre_tool_call', WRITE);
    expect(next.error).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
  });

  it('the child answers garbage input line by line and keeps deciding; stdout carries nothing but answers', async () => {
    const b = sandbox();
    const env = { ...b.env(), STOPLINE_HOST_DATA_DIR: path.join(b.root, 'data') };
    const child = spawn(process.execPath, [path.join(b.pluginDir, 'stopline.mjs'), 'listen'], { cwd: b.workDir, env });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    const lines = [
      'not json at all',
      '[1,2,3]',
      '{"op":"dance","id":"x1"}',
      '{"op":"dispatch","id":"x2","host":"hermes","event":"no_such_hook","payload":{}}',
      '{"op":"dispatch","id":"x3","host":"hermes","event":"pre_tool_call","payload":"nope"}',
      '{"op":"dispatch","id":"x4","host":"hermes","event":"pre_tool_call","payload":{"tool_name":"write_file","args":{}}}',
      '{"op":"dispatch","id":"x5","host":"claude","event":"pre_tool_call","payload":{}}',
      JSON.stringify({ op: 'dispatch', id: 'a1', host: 'hermes', event: 'pre_llm_call', payload: { ...ARM, cwd: b.workDir } }),
      JSON.stringify({ op: 'dispatch', id: 'a2', host: 'hermes', event: 'pre_tool_call', payload: { ...WRITE, cwd: b.workDir } }),
      JSON.stringify({ op: 'dispatch', id: 'a3', host: 'hermes', event: 'on_session_end', payload: { ...ROOT, completed: true, interrupted: false, cwd: b.workDir } }),
      '{"op":"reload","id":"r1"}',
      '{"op":"bye","id":"b1"}',
    ];
    child.stdin.end(lines.join('\n') + '\n');
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(0);
    const answers = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers).toHaveLength(lines.length);
    for (const a of answers) expect(typeof a.ok).toBe('boolean');
    const byId = Object.fromEntries(answers.filter((a) => a.id !== undefined).map((a) => [a.id, a]));
    expect(answers.slice(0, 2).map((a) => a.ok)).toEqual([false, false]);
    expect(byId.x1).toMatchObject({ ok: false, error: 'unknown op "dance"' });
    expect(byId.x2).toMatchObject({ ok: false, error: 'unknown event "no_such_hook"' });
    expect(byId.x3.ok).toBe(false);
    // a broken tool call is answered by the fail mode (open: no opinion), not by an error
    expect(byId.x4).toEqual({ ok: true, output: null, id: 'x4' });
    expect(byId.x5.ok).toBe(false);
    expect(byId.a1.output.context).toContain('mode=review');
    expect(byId.a2.output).toMatchObject({ action: 'block' });
    expect(byId.a2.output.message).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
    expect(byId.a3).toEqual({ ok: true, output: null, id: 'a3' });
    expect(byId.r1).toMatchObject({ ok: true, diagnostics: [] });
    expect(byId.b1).toEqual({ ok: true, id: 'b1' });
  });
});

/** Times calls through the emulated Hermes: resident child, then one-shot children (same run). */
const LATENCY_SCRIPT = `
import json, statistics, sys, time
sys.path.insert(0, ${JSON.stringify(HERE)})
import harness
from pathlib import Path
plugins, resident_n, oneshot_n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
host = harness.Host("v0.19")
host.load(Path(plugins), harness.read_gate(None))
shim = sys.modules["hermes_plugins.stopline"]
arm = json.loads(${JSON.stringify(JSON.stringify(ARM))})
write = json.loads(${JSON.stringify(JSON.stringify(WRITE))})
ids = {k: v for k, v in write.items() if k not in ("tool_name", "args")}
host.pre_llm_call(arm["user_message"], arm)
def timed(n):
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        r = host.pre_tool_call("write_file", write["args"], {**ids, "tool_call_id": f"c{i}"})
        out.append((time.perf_counter() - t0) * 1000)
        assert r["blocked"] and "MODE_FORBIDS_MUTATION" in r["error"], r
    return sorted(out)
def stats(v):
    return {"n": len(v), "median_ms": round(statistics.median(v), 2), "p99_ms": round(v[max(0, round(0.99 * len(v) + 0.5) - 1)], 2), "max_ms": round(v[-1], 2)}
resident = timed(resident_n)
shim.EVALUATOR.shutdown()
shim.EVALUATOR._resident_retry_at = float("inf")  # what the shim does when no resident child can start
oneshot = timed(oneshot_n)
print(json.dumps({"resident": stats(resident), "oneshot": stats(oneshot)}))
`;

describe('latency', () => {
  it('resident evaluator vs one-shot spawn per call, same run, same denied write_file (printed)', () => {
    const b = sandbox();
    const env = b.env({ STOPLINE_HERMES_TIMEOUT_MS: '20000' });
    const r = spawnSync(PYTHON, ['-c', LATENCY_SCRIPT, b.pluginsRoot, '1000', '30'], { cwd: b.workDir, env, encoding: 'utf8', timeout: 600_000 });
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout) as Record<'resident' | 'oneshot', { n: number; median_ms: number; p99_ms: number; max_ms: number }>;
    console.log(
      `[hermes latency, real bundle, node] resident: ${m.resident.n} calls, median ${m.resident.median_ms} ms, p99 ${m.resident.p99_ms} ms, max ${m.resident.max_ms} ms | ` +
        `one-shot: ${m.oneshot.n} calls, median ${m.oneshot.median_ms} ms, p99 ${m.oneshot.p99_ms} ms, max ${m.oneshot.max_ms} ms`,
    );
    expect(unavailableLines(r.stderr)).toEqual([]);
    expect(m.resident.median_ms * 5).toBeLessThan(m.oneshot.median_ms);
  }, 600_000);
});
