/**
 * Path forms on the real Factory Droid 0.225.2 `Create`: paths written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The file
 * system shows each allowed call where the guard placed it: relative paths join the session cwd,
 * `..` collapses, and `~/x` and `@x` are plain names there (Create makes a folder named `~`),
 * never the HOME.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { droidHooksMap } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runDroid, startHostChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.droid);
const runs = realHostRuns({ prefix: 'droid-path-forms', startServer: startHostChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Error: STOP \//, ran: { never: /STOP \// } });

async function droid(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('droid', 'stopline.mjs');
  const r = await runDroid({ project: c.project, prompt, server: s, runDir: c.runDir, home: c.home, hooksJson: droidHooksMap(`'${process.execPath}' '${script}'`), env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

// ids in the call_… form the other suites use (bare ids like `rel` did not come back with their results here)
const create = (id: string, path: string) => ({ toolCalls: [{ id: `call_${id}`, name: 'Create', input: { file_path: path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on Factory Droid 0.225.2 Create', HOSTS_FOR.droid, 300_000, () => {
  it('under files=src/** each path is judged where Droid writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server({
      threads: [{ name: 'main', turns: [create('rel', 'src/rel.txt'), create('abs', join(c.project, 'src', 'abs.txt')), create('dotdot', 'src/../../dotdot.txt'), create('home', '~/home.txt'), create('at', '@src/at.txt'), { text: 'done' }] }],
    });
    await droid(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'call_rel');
    expectRan(s, 'call_abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, `call_${id}`, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= the same paths run and land where the guard placed them (never in the HOME)', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [create('home', '~/open-home.txt'), create('at', '@at.txt'), { text: 'done' }] }] });
    await droid(c, s, '$stopline change -- edit anything');
    expectRan(s, 'call_home');
    expectRan(s, 'call_at');
    expect(readFileSync(join(c.project, '~', 'open-home.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.home, 'open-home.txt'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
