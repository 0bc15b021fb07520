/**
 * Path forms on the real Kilo Code 7.7.7 write tool (OpenCode's, whose path handling Kilo keeps):
 * relative, absolute, `..`, `~/`, `@` and `file://` spellings under files=src/**, and a link in
 * src/ that leads out of the project; then without files= the `~/` and `@` forms Kilo keeps as
 * plain names in the project. The file system shows each allowed write where the guard placed
 * it and nothing left by a stopped one.
 */
import { beforeAll, expect } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runKilo } from './harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { usualPathForms, type PathFormHost } from '../shared/path-forms';

let plugin = '';
const status = await ensureHosts(HOSTS_FOR.kilo);
beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});
const runs = realHostRuns({ prefix: 'kilo-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function kilo(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runKilo({ project: c.project, prompt, server: s, pluginFile: plugin, runDir: c.runDir, args: ['--'], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
  expect(r.code, `kilo exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
}

const write = (id: string, filePath: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: kilo, expectRan, expectStopped };

describeRealHost(status, 'path forms on Kilo Code 7.7.7 write', HOSTS_FOR.kilo, 600_000, () => {
  usualPathForms(host, { who: 'Kilo', fileUrl: true, linkOut: true, openHome: 'project', openWords: 'plain names in the project' });
});
