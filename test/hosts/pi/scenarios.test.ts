/**
 * The seven scenarios on both real Pi versions (@earendil-works/pi-coding-agent 1.6.0 on Node 22,
 * @mariozechner/pi-coding-agent 0.73.1 on Node 20), loading the shipped extension
 * dist/pi/stopline.ts with `-e` exactly as built, offline against the harness's fake
 * chat-completions server. Each scenario asserts the host effect on the file system and what the
 * model received next.
 *
 * Scenario 4 (subagents): Pi has no built-in subagents and the optional `subagent` extension is
 * not part of the pinned install, so the suite shows Pi refusing the call itself; the parent-side
 * count (single = 1, tasks = n, chain = 1) and agents=N budget are covered by
 * test/hosts/pi/adapter.test.ts and guard.test.ts.
 *
 * Pi transpiles a .ts extension with jiti on first load and caches the result in $TMPDIR/jiti;
 * every run here shares one TMPDIR (./jiti-cache.ts) so the ~800 KB bundle is transpiled once,
 * not per run (the first start after an install pays it once, the same as for a person).
 */
import { expect, it } from 'vitest';
import type { RealHostRuns } from '../shared/real-host';
import { describeRealHost, requestText } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';
import { summarizeTimings } from '../opencode/timings';
import { PI_VARIANTS, piSuite } from './launch';

const SCENARIO_TIMEOUT = 600_000;
const { status, runs, expectStopped, expectRan, pi } = await piSuite('pi-scenarios', (file) => {
  const summary = summarizeTimings(file, 'tool_call');
  return summary && `[pi] stopline decisions inside Pi (both versions): ${summary}`;
});

const write = (id: string, path: string) => ({ id, name: 'write', input: { path, content: `${id}\n` } });
const read = (id: string, path: string) => ({ id, name: 'read', input: { path } });
const edit = (id: string, path: string, oldText: string, newText: string) => ({ id, name: 'edit', input: { path, edits: [{ oldText, newText }] } });
const bash = (id: string, command: string) => ({ id, name: 'bash', input: { command } });
// no tool of that name in either pinned Pi: scenario 4 shows the host refusing it
const task = (id: string, prompt: string) => ({ id, name: 'task', input: { description: 'sub agent', prompt } });

for (const { variant, label, hosts } of PI_VARIANTS) {
  // each version's cases in a folder of their own under the one temp root
  const versionRuns: RealHostRuns = {
    get timingFile() {
      return runs.timingFile;
    },
    newCase: (...names) => runs.newCase(variant, ...names),
    server: (script) => runs.server(script),
  };

  // the quotes keep the titles describe.each gave these suites ($label quotes a string)
  describeRealHost(status, `Pi '${label}' with dist/pi/stopline.ts`, hosts, SCENARIO_TIMEOUT, () => {
    sevenScenarios({
      runs: versionRuns,
      tools: { create: write, edit, shell: bash, task },
      read,
      toolWords: { create: 'write', edit: 'edit', task: 'task' },
      run: (c, s, prompt, env) => pi(variant, c, s, prompt, env),
      expectStopped,
      expectRan,
      noSubagents: { why: 'Pi has no sub-agent tool', refusal: 'Tool task not found' },
      words: {
        cannotAsk: '-p has no UI',
        childCall: 'none',
        failClosed: 'caught by the extension, not Pi failing closed on a throw',
        failOpen: 'Pi would have blocked it had the extension thrown',
        promptEvent: 'the input event',
      },
      brokenDataFolder: 'file',
      failOpenLine: /stopline \(pi\): .*failing open/,
      contextAlso: ['stopline contract (ARMED): mode=review', 'files=a.txt'],
    });

    it('7b. /skill:stopline (the skill ships next to the extension) puts the same contract context in the first model request', async () => {
      const c = versionRuns.newCase('s7-skill');
      const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
      await pi(variant, c, s, '/skill:stopline review files=a.txt -- look at a.txt');
      const text = requestText(s.requests.find((r) => r.kind === 'turn')?.body);
      expect(text).toContain('stopline contract (ARMED): mode=review');
      expect(text).toContain('files=a.txt');
      expect(text).toContain('<skill name=\\"stopline\\"');
    });
  });
}
