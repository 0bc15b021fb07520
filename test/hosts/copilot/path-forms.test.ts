/**
 * Path forms on the real GitHub Copilot CLI 1.0.102 `create`: paths written relative, absolute,
 * with `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The
 * file system shows each allowed call where the guard placed it: relative paths join the session
 * cwd, `..` collapses, and `~/x` and `@x` are plain names there (Copilot refuses `~/x` unless a
 * folder named `~` exists; `@x` is a file named `@x`), never the HOME.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copilotHooksDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runCopilot, startHostChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.copilot);
const runs = realHostRuns({ prefix: 'copilot-path-forms', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Denied by preToolUse hook: STOP \//, ran: { never: /Denied by preToolUse hook/ } });

async function copilot(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('copilot', 'stopline.mjs');
  const r = await runCopilot({ project: c.project, prompt, server: s, runDir: c.runDir, home: c.home, hookFiles: { stopline: copilotHooksDoc((e) => `'${process.execPath}' '${script}' ${e}`) }, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const create = (id: string, path: string) => ({ toolCalls: [{ id, name: 'create', input: { path, file_text: `${id}\n` } }] });

describeRealHost(status, 'path forms on GitHub Copilot CLI 1.0.102 create', HOSTS_FOR.copilot, 300_000, () => {
  it('under files=src/** each path is judged where Copilot writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server({
      threads: [{ name: 'main', turns: [create('rel', 'src/rel.txt'), create('abs', join(c.project, 'src', 'abs.txt')), create('dotdot', 'src/../../dotdot.txt'), create('home', '~/home.txt'), create('at', '@src/at.txt'), { text: 'done' }] }],
    });
    await copilot(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'rel');
    expectRan(s, 'abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= the same paths run and land where the guard placed them (never in the HOME)', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [create('home', '~/open-home.txt'), create('at', '@at.txt'), { text: 'done' }] }] });
    await copilot(c, s, '$stopline change -- edit anything');
    expectRan(s, 'home');
    expectRan(s, 'at');
    // Copilot does not expand `~`: it looks for a folder named `~` in the project, finds none and writes nothing
    expect(s.toolResultText('home')).toContain(join(c.project, '~'));
    expect(existsSync(join(c.home, 'open-home.txt'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
