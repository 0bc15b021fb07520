/**
 * Path forms on the real Mistral Vibe 3.0.2 `write_file` (the hook sees file_system.write_file
 * {file_path}): paths written relative, absolute, with `..`, as `~/…` and with a leading `@`,
 * first under files=src/**, then without files=. The file system shows each allowed call where
 * the guard placed it: `~/x` is the HOME's (Vibe expands it), `@x` and `file://…` are plain names
 * in the cwd, `..` collapses; `~name/x` is that user's home, which the guard cannot know.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { vibeHookTables } from '../../../hosts/cli/install/host-vibe';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeRegistry } from '../../../core/registry/vibe';
import { ensureHosts, HOSTS_FOR, runVibe, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.vibe);
const runs = realHostRuns({ prefix: 'vibe-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /STOP \// } });

async function vibe(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('vibe', 'stopline.mjs');
  mkdirSync(join(c.home, '.vibe'), { recursive: true });
  writeFileSync(join(c.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, false)}\n`);
  const r = await runVibe({ project: c.project, prompt, server: s, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, path: string) => ({ toolCalls: [{ id: `call_${id}`, name: 'write_file', input: { path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on Mistral Vibe 3.0.2 write_file', HOSTS_FOR.vibe, 300_000, () => {
  it('under files=src/** each path is judged where Vibe writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server({
      threads: [{ name: 'main', turns: [write('rel', 'src/rel.txt'), write('abs', join(c.project, 'src', 'abs.txt')), write('dotdot', 'src/../../dotdot.txt'), write('home', '~/home.txt'), write('at', '@src/at.txt'), write('tilde', '~nobody/src/t.txt'), { text: 'done' }] }],
    });
    await vibe(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'call_rel');
    expectRan(s, 'call_abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, `call_${id}`, 'PATH_OUTSIDE_CONTRACT');
    expectStopped(s, 'call_tilde', 'WRITE_PATH_UNPROVEN');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= the same paths run and land where the guard placed them: `~/` in the HOME, `@` and `file://` plain names in the cwd', async () => {
    const c = runs.newCase('open');
    const url = `file://${c.project}/url.txt`;
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('home', '~/open-home.txt'), write('at', '@at.txt'), write('dd', 'src/../dd.txt'), write('url', url), { text: 'done' }] }] });
    await vibe(c, s, '$stopline change -- edit anything');
    for (const id of ['home', 'at', 'dd', 'url']) expectRan(s, `call_${id}`);
    expect(readFileSync(join(c.home, 'open-home.txt'), 'utf8')).toBe('home\n');
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
    expect(readFileSync(join(c.project, 'dd.txt'), 'utf8')).toBe('dd\n');
    expect(readFileSync(join(c.project, 'file:', c.project, 'url.txt'), 'utf8')).toBe('url\n');
  });
});
