/**
 * Path forms on the real Factory Droid 0.225.2 `Create`: paths written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The file
 * system shows each allowed call where the guard placed it: relative paths join the session cwd,
 * `..` collapses, and `~/x` and `@x` are plain names there (Create makes a folder named `~`),
 * never the HOME.
 */
import { expect } from 'vitest';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runDroid, startHostChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { usualPathForms, type PathFormHost } from '../shared/path-forms';

const status = await ensureHosts(HOSTS_FOR.droid);
const runs = realHostRuns({ prefix: 'droid-path-forms', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Error: STOP \//, ran: { never: /STOP \// } });

async function droid(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('droid', 'stopline.mjs');
  const r = await runDroid({ project: c.project, prompt, server: s, runDir: c.runDir, home: c.home, hooksJson: hookFileDoc('droid', `'${process.execPath}' '${script}'`).hooks, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const create = (id: string, path: string) => ({ toolCalls: [{ id, name: 'Create', input: { file_path: path, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write: create, launch: droid, expectRan, expectStopped };

describeRealHost(status, 'path forms on Factory Droid 0.225.2 Create', HOSTS_FOR.droid, 300_000, () => {
  usualPathForms(host, { who: 'Droid', openHome: 'project', openWords: 'never in the HOME' });
});
