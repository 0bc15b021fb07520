/**
 * Path forms on the real Claude Code 2.1.332 Write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/** (and stopline's own config as `~/…`), then the forms
 * Claude keeps as plain names without files=. Claude expands the path itself before the hook
 * (the hook input carries the absolute path), and the file system shows each allowed write
 * where the guard placed it and nothing left by a stopped one.
 */
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runClaude, startAnthropicServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.claude);
const runs = realHostRuns({ prefix: 'claude-path-forms', startServer: startAnthropicServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });

async function claude(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runClaude({ project: c.project, prompt, server: s, pluginDir: requireArtifact('claude'), allowedTools: ['Write'], runDir: c.runDir });
  expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'Write', input: { file_path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on Claude Code 2.1.332 Write', HOSTS_FOR.claude, 300_000, () => {
  it('under files=src/** each form is judged where Claude writes it; stopline\'s config as ~/ is never written', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            write('toolu_rel', 'src/rel.txt'),
            write('toolu_abs', join(c.project, 'src', 'abs.txt')),
            write('toolu_dotdot', 'src/../../dotdot.txt'),
            write('toolu_home', '~/home.txt'),
            write('toolu_at', '@src/at.txt'),
            write('toolu_url', `file://${outside}/url.txt`),
            write('toolu_self', '~/.config/stopline/stopline.json'),
            { text: 'done' },
          ],
        },
      ],
    });
    await claude(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'toolu_rel');
    expectRan(s, 'toolu_abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('toolu_rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('toolu_abs\n');
    for (const id of ['toolu_dotdot', 'toolu_home', 'toolu_at', 'toolu_url']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    expectStopped(s, 'toolu_self', 'GUARD_SELF_PROTECTION');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '@src'), join(outside, 'url.txt'), join(c.project, 'file:'), join(c.home, '.config', 'stopline', 'stopline.json')]) {
      expect(existsSync(p), p).toBe(false);
    }
  });

  it('without files= an @ name and a file:// URL are plain names in the project', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('toolu_at', '@at.txt'), write('toolu_url', 'file:///u.txt'), { text: 'done' }] }] });
    await claude(c, s, '$stopline change -- edit anything');
    expectRan(s, 'toolu_at');
    expectRan(s, 'toolu_url');
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('toolu_at\n');
    expect(readFileSync(join(c.project, 'file:', 'u.txt'), 'utf8')).toBe('toolu_url\n');
    expect(existsSync('/u.txt')).toBe(false);
  });
});
