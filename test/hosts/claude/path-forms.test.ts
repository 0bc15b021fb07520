/**
 * Path forms on the real Claude Code 2.1.332 Write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/** (and stopline's own config as `~/…`), then the forms
 * Claude keeps as plain names without files=. Claude expands the path itself before the hook
 * (the hook input carries the absolute path), and the file system shows each allowed write
 * where the guard placed it and nothing left by a stopped one. Symbolic links: a write through a
 * link folder in src/ that leads out of the project is stopped under files=src/**, a write through
 * a link to stopline's config folder is stopped always, and without a lock Claude writes through
 * a link where it leads.
 */
import { expect, it } from 'vitest';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
            write('toolu_link_out', 'src/out/linked.txt'),
            // a link that stays in the project: Claude itself would write lib/x.txt, the lock does not cover it
            write('toolu_link_lib', 'src/lib-link/x.txt'),
            { text: 'done' },
          ],
        },
      ],
    });
    const away = join(outside, 'claude-away');
    mkdirSync(away, { recursive: true });
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(away, join(c.project, 'src', 'out'));
    mkdirSync(join(c.project, 'lib'), { recursive: true });
    symlinkSync('../lib', join(c.project, 'src', 'lib-link'));
    await claude(c, s, '$stopline change files=src/** -- edit the sources');
    expectStopped(s, 'toolu_link_out', 'PATH_OUTSIDE_CONTRACT');
    expectStopped(s, 'toolu_link_lib', 'PATH_OUTSIDE_CONTRACT');
    expect(existsSync(join(away, 'linked.txt'))).toBe(false);
    expect(existsSync(join(c.project, 'lib', 'x.txt'))).toBe(false);
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

  it('without files= Claude writes through a link folder where it leads, refuses a link as the file itself; a link into stopline\'s config folder is stopped first', async () => {
    const c = runs.newCase('links');
    const outside = dirname(c.project);
    const target = join(outside, 'claude-final-target.txt');
    writeFileSync(target, 'before\n');
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(target, join(c.project, 'src', 'final.txt'));
    // a link folder that stays in the project (one that leads out needs a permission Claude asks for itself)
    const lib = join(c.project, 'lib');
    mkdirSync(lib, { recursive: true });
    symlinkSync('../lib', join(c.project, 'src', 'lib-link'));
    const config = join(c.home, '.config', 'stopline');
    mkdirSync(config, { recursive: true });
    symlinkSync(config, join(c.project, 'src', 'cfg'));
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            // Claude writes an existing file only after reading it
            { toolCalls: [{ id: 'toolu_read', name: 'Read', input: { file_path: join(c.project, 'src', 'final.txt') } }] },
            write('toolu_link_final', join(c.project, 'src', 'final.txt')),
            write('toolu_link_dir', join(c.project, 'src', 'lib-link', 'new.txt')),
            write('toolu_link_self', join(c.project, 'src', 'cfg', 'stopline.json')),
            { text: 'done' },
          ],
        },
      ],
    });
    const r = await runClaude({ project: c.project, prompt: '$stopline change -- edit anything', server: s, pluginDir: requireArtifact('claude'), allowedTools: ['Write', 'Read'], runDir: c.runDir });
    expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    // 2.1.332 itself refuses a file that is a link (docs/hosts/claude.md); the guard let it through
    expect(s.toolResultText('toolu_link_final')).toMatch(/^Refusing to write .*: it is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('before\n');
    expect(lstatSync(join(c.project, 'src', 'final.txt')).isSymbolicLink()).toBe(true);
    // a link folder on the way is followed (the kernel does): the file lands where it leads
    expectRan(s, 'toolu_link_dir');
    expect(readFileSync(join(lib, 'new.txt'), 'utf8')).toBe('toolu_link_dir\n');
    expectStopped(s, 'toolu_link_self', 'GUARD_SELF_PROTECTION');
    expect(existsSync(join(config, 'stopline.json'))).toBe(false);
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
