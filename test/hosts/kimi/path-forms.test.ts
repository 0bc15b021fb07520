/**
 * Path forms on the real Kimi Code 1.51.0 `WriteFile`: paths written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The file
 * system shows each allowed call where the guard placed it: relative paths join the work dir,
 * `~/x` is the HOME (Kimi expands it), and `@x` is a plain name in the work dir.
 */
import { expect } from 'vitest';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runKimi } from './harness';
import { describeRealHost, realHostRuns, stopAssertions, type RealHostCase } from '../shared/real-host';
import { usualPathForms, type PathFormHost } from '../shared/path-forms';
import { kimiHooks } from './hooks';

const status = await ensureHosts(HOSTS_FOR.kimi);
const runs = realHostRuns({ prefix: 'kimi-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /ERROR: STOP \//, ran: { never: /STOP \// } });

async function kimi(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runKimi({ project: c.project, prompt, server: s, runDir: c.runDir, hooks: kimiHooks(), env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `kimi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, path: string) => ({ toolCalls: [{ id, name: 'WriteFile', input: { path, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: kimi, expectRan, expectStopped };

describeRealHost(status, 'path forms on Kimi Code 1.51.0 WriteFile', HOSTS_FOR.kimi, 300_000, () => {
  usualPathForms(host, { who: 'Kimi', dotdot: (c) => join(c.project, 'src', '..', '..', 'dotdot.txt'), openHome: 'home', openWords: '`~/` in the HOME, `@x` in the work dir' });
});
