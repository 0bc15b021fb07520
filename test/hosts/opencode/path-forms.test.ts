/**
 * Path forms on the real OpenCode 1.18.33 write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/**, then without files= the forms OpenCode keeps as plain
 * names (it expands nothing: `~/x` is the folder `~` in the project). The file system shows
 * each allowed write where the guard placed it and nothing left by a stopped one. Symbolic
 * links: a write through a link folder in src/ that leads out of the project is stopped under
 * files=src/**, one through a link to stopline's config folder always, and without a lock
 * OpenCode writes through a link where it leads.
 */
import { beforeAll, expect, it } from 'vitest';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runOpenCode, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

let plugin = '';
const status = await ensureHosts(HOSTS_FOR.opencode);
beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});
const runs = realHostRuns({ prefix: 'opencode-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function opencode(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runOpenCode({ project: c.project, prompt, server: s, pluginFile: plugin, runDir: c.runDir, args: ['--'], timeoutMs: 300_000 });
  expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
}

const write = (id: string, filePath: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on OpenCode 1.18.33 write', HOSTS_FOR.opencode, 600_000, () => {
  it('under files=src/** each form is judged where OpenCode writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            write('rel', 'src/rel.txt'),
            write('abs', join(c.project, 'src', 'abs.txt')),
            write('dotdot', 'src/../../dotdot.txt'),
            write('home', '~/home.txt'),
            write('at', '@src/at.txt'),
            write('url', `file://${outside}/url.txt`),
            write('link_out', 'src/out/linked.txt'),
            { text: 'done' },
          ],
        },
      ],
    });
    const away = join(outside, 'opencode-away');
    mkdirSync(away, { recursive: true });
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(away, join(c.project, 'src', 'out'));
    await opencode(c, s, '$stopline change files=src/** -- edit the sources');
    expectStopped(s, 'link_out', 'PATH_OUTSIDE_CONTRACT');
    expect(existsSync(join(away, 'linked.txt'))).toBe(false);
    expectRan(s, 'rel');
    expectRan(s, 'abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at', 'url']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src'), join(outside, 'url.txt'), join(c.project, 'file:')]) {
      expect(existsSync(p), p).toBe(false);
    }
  });

  it('without files= OpenCode writes through a link where it leads; a link into stopline\'s config folder is stopped', async () => {
    const c = runs.newCase('links');
    const outside = dirname(c.project);
    const target = join(outside, 'opencode-final-target.txt');
    writeFileSync(target, 'before\n');
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(target, join(c.project, 'src', 'final.txt'));
    const config = join(c.home, '.config', 'stopline');
    mkdirSync(config, { recursive: true });
    symlinkSync(config, join(c.project, 'src', 'cfg'));
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            // OpenCode overwrites an existing file only after reading it
            { toolCalls: [{ id: 'read', name: 'read', input: { filePath: join(c.project, 'src', 'final.txt') } }] },
            write('link_final', join(c.project, 'src', 'final.txt')),
            write('link_self', join(c.project, 'src', 'cfg', 'stopline.json')),
            { text: 'done' },
          ],
        },
      ],
    });
    await opencode(c, s, '$stopline change -- edit anything');
    expectRan(s, 'link_final');
    expectStopped(s, 'link_self', 'GUARD_SELF_PROTECTION');
    expect(existsSync(join(config, 'stopline.json'))).toBe(false);
    // what OpenCode 1.18.33 does with a link as the file itself: recorded in docs/hosts/opencode.md
    const link = join(c.project, 'src', 'final.txt');
    const kept = lstatSync(link).isSymbolicLink();
    expect({ linkKept: kept, target: readFileSync(target, 'utf8'), atLink: kept ? null : readFileSync(link, 'utf8') }).toEqual({ linkKept: true, target: 'link_final\n', atLink: null });
  });

  it('without files= ~/ and @ are plain names in the project', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('home', '~/o.txt'), write('at', '@at.txt'), { text: 'done' }] }] });
    await opencode(c, s, '$stopline change -- edit anything');
    expectRan(s, 'home');
    expectRan(s, 'at');
    expect(readFileSync(join(c.project, '~', 'o.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.home, 'o.txt'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
