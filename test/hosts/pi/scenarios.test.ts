/**
 * The seven issue-5 scenarios on both real Pi versions (@earendil-works/pi-coding-agent 1.6.0
 * on Node 22, @mariozechner/pi-coding-agent 0.73.1 on Node 20), loading the shipped extension
 * dist/pi/stopline.ts with `-e` exactly as built, offline against the harness's fake
 * chat-completions server. Each scenario asserts the host effect on the file system and what the
 * model received next.
 *
 * Scenario 4 (subagents): Pi has no built-in subagents and the optional `subagent` extension is
 * not part of the pinned install, so the parent-side count (single = 1, tasks = n, chain = 1) and
 * agents=N budget are covered by test/hosts/pi/adapter.test.ts and guard.test.ts.
 *
 * Pi transpiles a .ts extension with jiti on first load and caches the result in $TMPDIR/jiti;
 * every run here shares one TMPDIR (./jiti-cache.ts) so the ~800 KB bundle is transpiled once,
 * not per run (the first start after an install pays it once, the same as for a person).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeModelScript } from '../harness';
import { describeRealHost, fakeNpmEnv, readEvidence, requestText, seedBrokenDataFolder, stoplineDataDir } from '../shared/real-host';
import { summarizeTimings } from '../opencode/timings';
import { PI_VARIANTS, piSuite } from './launch';

const SCENARIO_TIMEOUT = 600_000;
const VARIANTS = PI_VARIANTS;
const { status, runs, expectStopped, expectRan, pi } = await piSuite('pi-scenarios', (file) => {
  const summary = summarizeTimings(file, 'tool_call');
  return summary && `[pi] stopline decisions inside Pi (both versions): ${summary}`;
});

/** The model writes new.txt, reads a.txt, edits it (alpha to beta), runs `touch x`, then says `closing` (Pi takes paths relative to the project). */
function writeReadEditTouch(closing: string): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'call_write', name: 'write', input: { path: 'new.txt', content: 'new\n' } }] },
          { toolCalls: [{ id: 'call_read', name: 'read', input: { path: 'a.txt' } }] },
          { toolCalls: [{ id: 'call_edit', name: 'edit', input: { path: 'a.txt', edits: [{ oldText: 'alpha', newText: 'beta' }] } }] },
          { toolCalls: [{ id: 'call_bash', name: 'bash', input: { command: 'touch x' } }] },
          { text: closing },
        ],
      },
    ],
  };
}

for (const { variant, label, hosts } of VARIANTS) {
  // the quotes keep the titles describe.each gave these suites ($label quotes a string)
  describeRealHost(status, `Pi '${label}' with dist/pi/stopline.ts`, hosts, SCENARIO_TIMEOUT, () => {
    it('1. review: write, edit and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing; read runs', async () => {
      const c = runs.newCase(variant, 's1');
      const s = await runs.server(writeReadEditTouch('review finished'));
      await pi(variant, c, s, '$stopline review -- look at a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      expectRan(s, 'call_read');
      for (const id of ['call_write', 'call_edit', 'call_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    });

    it('2. change files=a.txt: writing a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
      const c = runs.newCase(variant, 's2');
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [{ id: 'call_a', name: 'write', input: { path: 'a.txt', content: 'changed\n' } }] },
              { toolCalls: [{ id: 'call_b', name: 'write', input: { path: 'b.txt', content: 'b\n' } }] },
              { text: 'done' },
            ],
          },
        ],
      });
      await pi(variant, c, s, '$stopline change files=a.txt -- update a.txt');
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
      expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
      expectRan(s, 'call_a');
      expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
    });

    describe('3. dependencies', () => {
      const script = (): FakeModelScript => ({
        threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_npm', name: 'bash', input: { command: 'npm install left-pad' } }] }, { text: 'done' }] }],
      });

      it('change (deps default ask, -p has no UI): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
        const c = runs.newCase(variant, 's3-ask');
        const s = await runs.server(script());
        await pi(variant, c, s, '$stopline change -- add left-pad', fakeNpmEnv(c.runDir, c.home));
        expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
        expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
      });

      it('change deps=allow: the same command reaches the shell', async () => {
        const c = runs.newCase(variant, 's3-allow');
        const s = await runs.server(script());
        await pi(variant, c, s, '$stopline change deps=allow -- add left-pad', fakeNpmEnv(c.runDir, c.home));
        expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
        expectRan(s, 'call_npm');
        expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
      });
    });

    it('5. no directive: every tool runs and the evidence has one check per action', async () => {
      const c = runs.newCase(variant, 's5');
      const s = await runs.server(writeReadEditTouch('done'));
      await pi(variant, c, s, 'look at a.txt and tidy up');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
      expect(existsSync(join(c.project, 'x'))).toBe(true);
      for (const id of ['call_write', 'call_read', 'call_edit', 'call_bash']) expectRan(s, id);
      const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
      expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
      expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
    });

    describe('6. fail mode with an unusable data folder', () => {
      const script = (): FakeModelScript => ({
        threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'write', input: { path: 'new.txt', content: 'new\n' } }] }, { text: 'done' }] }],
      });

      it('fail closed: the write is stopped with GUARD_UNAVAILABLE (caught by the extension, not Pi failing closed on a throw)', async () => {
        const c = runs.newCase(variant, 's6-closed');
        seedBrokenDataFolder(c, 'closed', 'file');
        const s = await runs.server(script());
        await pi(variant, c, s, '$stopline change -- write new.txt');
        expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
        expectStopped(s, 'call_write', 'GUARD_UNAVAILABLE');
      });

      it('fail open: the same write runs (Pi would have blocked it had the extension thrown)', async () => {
        const c = runs.newCase(variant, 's6-open');
        seedBrokenDataFolder(c, 'open', 'file');
        const s = await runs.server(script());
        const r = await pi(variant, c, s, '$stopline change -- write new.txt');
        expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
        expectRan(s, 'call_write');
        expect(r.stderr).toMatch(/stopline \(pi\): .*failing open/);
      });
    });

    it('7. the contract context is in the first model request ($stopline and /skill:stopline, whose skill ships next to the extension)', async () => {
      for (const [name, prompt] of [
        ['s7-dollar', '$stopline review files=a.txt -- look at a.txt'],
        ['s7-skill', '/skill:stopline review files=a.txt -- look at a.txt'],
      ] as const) {
        const c = runs.newCase(variant, name);
        const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
        await pi(variant, c, s, prompt);
        const first = s.requests.find((r) => r.kind === 'turn');
        const text = requestText(first?.body);
        expect(text, name).toContain('stopline contract (ARMED): mode=review');
        expect(text, name).toContain('files=a.txt');
        if (name === 's7-skill') expect(text).toContain('<skill name=\\"stopline\\"');
      }
    });
  });
}
