/**
 * Path forms on the real GitHub Copilot CLI 1.0.102 `create`: paths written relative, absolute,
 * with `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The
 * file system shows each allowed call where the guard placed it: relative paths join the session
 * cwd, `..` collapses, and `~/x` and `@x` are plain names there (Copilot refuses `~/x` unless a
 * folder named `~` exists; `@x` is a file named `@x`), never the HOME.
 */
import { expect } from 'vitest';
import { join } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runCopilot, startHostChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { usualPathForms, type PathFormHost } from '../shared/path-forms';

const status = await ensureHosts(HOSTS_FOR.copilot);
const runs = realHostRuns({ prefix: 'copilot-path-forms', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Denied by preToolUse hook: STOP \//, ran: { never: /Denied by preToolUse hook/ } });

async function copilot(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('copilot', 'stopline.mjs');
  const r = await runCopilot({ project: c.project, prompt, server: s, runDir: c.runDir, home: c.home, hookFiles: { stopline: hookFileDoc('copilot', (e) => `'${process.execPath}' '${script}' ${e}`) }, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const create = (id: string, path: string) => ({ toolCalls: [{ id, name: 'create', input: { path, file_text: `${id}\n` } }] });

const host: PathFormHost = { runs, write: create, launch: copilot, expectRan, expectStopped };

describeRealHost(status, 'path forms on GitHub Copilot CLI 1.0.102 create', HOSTS_FOR.copilot, 300_000, () => {
  usualPathForms(host, {
    who: 'Copilot',
    // Copilot does not expand `~`: it looks for a folder named `~` in the project, finds none and writes nothing
    openHome: (c, s) => expect(s.toolResultText('call_home')).toContain(join(c.project, '~')),
    openWords: 'never in the HOME',
  });
});
