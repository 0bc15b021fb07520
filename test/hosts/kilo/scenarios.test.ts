/**
 * The seven scenarios on the real Kilo Code CLI 7.7.7, offline against the fake chat server,
 * running OpenCode's shipped plugin (dist/opencode/stopline.js) unchanged from Kilo's global
 * plugin folder. The plugin tells from Kilo's own process variables that Kilo loaded it: the
 * evidence says kilo. Kilo hands the model a thrown plugin error verbatim as the tool result.
 * Unlike OpenCode, Kilo does not put the plugin's injected context (a no-reply user message) into
 * the turn it is answering: the context scenarios assert that gap, every stop still holds.
 */
import { beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runKilo, type KiloRunResult } from './harness';
import { describeRealHost, readEvidence, realHostRuns, requireArtifact, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.kilo);
let plugin = '';
beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});

const runs = realHostRuns({ prefix: 'kilo-scenarios', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function kilo(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<KiloRunResult> {
  const r = await runKilo({ project: c.project, prompt, server: s, pluginFile: plugin, runDir: c.runDir, args: ['--'], env: { STOPLINE_DASHBOARD: 'off', ...env }, timeoutMs: 300_000 });
  expect(r.code, `kilo exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
  return r;
}

const create = (id: string, filePath: string) => ({ id, name: 'write', input: { filePath, content: `${id}\n` } });
const edit = (id: string, filePath: string, oldString: string, newString: string) => ({ id, name: 'edit', input: { filePath, oldString, newString } });
const bash = (id: string, command: string) => ({ id, name: 'bash', input: { command, description: 'run it' } });
const task = (id: string, prompt: string) => ({ id, name: 'task', input: { description: 'sub agent', prompt, subagent_type: 'general' } });

describeRealHost(status, 'Kilo Code 7.7.7 with dist/opencode', HOSTS_FOR.kilo, 600_000, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell: bash, task },
    toolWords: { create: 'write', edit: 'edit', task: 'task' },
    run: (c, s, prompt, env) => kilo(c, s, prompt, env),
    expectStopped,
    expectRan,
    // the plugin's no-reply prompt is stored in the session (kilo.db) before the loop starts, yet
    // Kilo answers the person's message alone: its first request carries no injected text
    contextGap: "Kilo leaves the plugin's no-reply message out of the turn",
    words: {
      cannotAsk: 'a Kilo plugin cannot ask',
      childCall: 'a child session',
      failClosed: 'the plugin throws the stamp',
      failOpen: 'the plugin lets the call run',
      promptEvent: 'the user message part',
    },
  });

  it('the evidence names Kilo Code as the host, with its version', async () => {
    const c = runs.newCase('host');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });
    await kilo(c, s, '$stopline review -- look');
    expectStopped(s, 'call_create', 'MODE_FORBIDS_MUTATION');
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.map((e) => (e as { host?: unknown }).host)).toEqual(checks.map(() => 'kilo'));
    expect((checks[0] as { versions?: { host?: unknown } }).versions?.host).toBe('7.7.7');
  });
});
