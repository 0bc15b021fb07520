/**
 * The contract any evaluator behind the Hermes shim must keep, run against every available child:
 * always the TEST DOUBLE, and the real bundle when dist/hermes/stopline/stopline.mjs exists (or
 * STOPLINE_HERMES_CHILD names one). Same harness, same checks; only the child differs.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOUBLE, FIXTURES, fixture, isAlive, realBundle, unavailableLines, waitFor, type ChildChoice } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const CHILDREN: ChildChoice[] = [DOUBLE, ...(realBundle() ? [realBundle()!] : [])];

const { sandbox: sandboxOf, serve } = sandboxesPerTest();

for (const child of CHILDREN) {
  describe(`Hermes shim contract with the ${child.label}`, () => {
    const sandbox = () => sandboxOf(child);

    for (const semantics of ['v0.19', 'v0.21']) {
      it(`loads, and answers every kwargs fixture without a guard failure or a raise (${semantics})`, () => {
        const b = sandbox();
        const load = b.run('load', ['--semantics', semantics]);
        expect(load.json.plugins[0]).toMatchObject({ name: 'stopline', loaded: true, kind: 'standalone' });
        expect(Object.keys(load.json.hooks)).toHaveLength(9);
        const out = b.run('fixtures', [FIXTURES, '--semantics', semantics]);
        expect(out.status).toBe(0);
        expect(unavailableLines(out.stderr)).toEqual([]);
        expect(out.stderr).not.toMatch(/raised/);
        expect(out.json.fixtures).toHaveLength(fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).length);
        for (const r of out.json.fixtures.filter((f: { hook: string }) => f.hook === 'pre_tool_call')) {
          // a denial is always a stopline stamp
          if (r.blocked && r.directive === 'block') expect(r.error).toMatch(/^(STOP|WATCH) \/ [A-Z]+\n/);
        }
      });
    }

    it('decides 1,000 sequential pre_tool_calls through one resident child (latency printed)', () => {
      const b = sandbox();
      const out = b.run('bench', [`${FIXTURES}/pre_tool_call-read_file.json`, '--count', '1000'], { timeoutMs: 300_000 });
      expect(out.status).toBe(0);
      const r = out.json;
      console.log(
        `[hermes ${child.label}] 1000 sequential pre_tool_call: median ${r.median_ms} ms, p99 ${r.p99_ms} ms, max ${r.max_ms} ms, first (with child start) ${r.first_ms} ms`,
      );
      expect(r.count).toBe(1000);
      expect(unavailableLines(out.stderr)).toEqual([]);
      // a one-shot spawn per call costs ~100-300 ms; resident answers take well under that
      expect(r.median_ms).toBeLessThan(50);
      if (child.kind === 'double') expect(b.spawns()).toHaveLength(1);
    });

    it('keeps deciding after the child is killed mid-run', async () => {
      const b = sandbox();
      const s = serve(b);
      const kwargs = fixture('pre_tool_call-write_file.json');
      const before = await s.fire('pre_tool_call', kwargs);
      const pids = s.evaluatorPids();
      expect(pids).toHaveLength(1);
      process.kill(pids[0]!, 'SIGKILL');
      expect(await waitFor(() => !isAlive(pids[0]!))).toBe(true);
      const after = await s.fire('pre_tool_call', kwargs);
      expect(after.blocked).toBe(before.blocked);
      expect(after.error).toBe(before.error);
      const now = s.evaluatorPids();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(pids[0]);
      expect(unavailableLines(s.stderr)).toEqual([]);
    });
  });
}
