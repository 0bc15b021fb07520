/**
 * Path forms on the real Kimi Code 1.51.0 `WriteFile`: paths written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=. The file
 * system shows each allowed call where the guard placed it: relative paths join the work dir,
 * `~/x` is the HOME (Kimi expands it), and `@x` is a plain name in the work dir.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runKimi, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, stopAssertions, type RealHostCase } from '../shared/real-host';
import { kimiHooks } from './hooks';

const status = await ensureHosts(HOSTS_FOR.kimi);
const runs = realHostRuns({ prefix: 'kimi-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /ERROR: STOP \//, ran: { never: /STOP \// } });

async function kimi(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runKimi({ project: c.project, prompt, server: s, runDir: c.runDir, hooks: kimiHooks(), env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `kimi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, path: string) => ({ toolCalls: [{ id: `call_${id}`, name: 'WriteFile', input: { path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on Kimi Code 1.51.0 WriteFile', HOSTS_FOR.kimi, 300_000, () => {
  it('under files=src/** each path is judged where Kimi writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server({
      threads: [{ name: 'main', turns: [write('rel', 'src/rel.txt'), write('abs', join(c.project, 'src', 'abs.txt')), write('dotdot', join(c.project, 'src', '..', '..', 'dotdot.txt')), write('home', '~/home.txt'), write('at', '@src/at.txt'), { text: 'done' }] }],
    });
    await kimi(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'call_rel');
    expectRan(s, 'call_abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, `call_${id}`, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= the same paths run and land where the guard placed them: `~/` in the HOME, `@x` in the work dir', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('home', '~/open-home.txt'), write('at', '@at.txt'), { text: 'done' }] }] });
    await kimi(c, s, '$stopline change -- edit anything');
    expectRan(s, 'call_home');
    expectRan(s, 'call_at');
    expect(readFileSync(join(c.home, 'open-home.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.project, '~'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
