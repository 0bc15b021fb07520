/**
 * Path forms on the real Claude Code 2.1.332 Write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/** (and stopline's own config as `~/…`), then the forms
 * Claude keeps as plain names without files=. Claude expands the path itself before the hook
 * (the hook input carries the absolute path), and the file system shows each allowed write
 * where the guard placed it and nothing left by a stopped one. Symbolic links: a write through a
 * link folder in src/ that leads out of the project is stopped under files=src/**, a write through
 * a link to stopline's config folder is stopped always, and without a lock Claude writes through
 * a link where it leads. Every case runs through both doors of the plugin (./doors.ts): the mod,
 * which reads where links lead through `$.fs`, and the command hooks, which read the disk.
 */
import { afterAll, expect, it } from 'vitest';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, startAnthropicServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { pathFormCase, type PathFormHost } from '../shared/path-forms';
import { CLAUDE_DOORS, runThroughDoor, sayPolicyFallback, type ClaudeDoor } from './doors';

const status = await ensureHosts(HOSTS_FOR.claude);
const runs = realHostRuns({ prefix: 'claude-path-forms', startServer: startAnthropicServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });
afterAll(sayPolicyFallback);

const claude = (door: ClaudeDoor, allowedTools: string[]) => async (c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> => {
  await runThroughDoor(door, requireArtifact('claude'), c, s, prompt, { allowedTools });
};

const write = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'Write', input: { file_path, content: `${id}\n` } }] });

for (const door of CLAUDE_DOORS) {
  const host: PathFormHost = { runs, write, launch: claude(door, ['Write']), expectRan, expectStopped };
  // Claude writes an existing file only after reading it
  const reading: PathFormHost = { ...host, launch: claude(door, ['Write', 'Read']) };

  describeRealHost(status, `path forms on Claude Code 2.1.332 Write, decided by ${door.name}`, HOSTS_FOR.claude, 300_000, () => {
    it('under files=src/** each form is judged where Claude writes it; stopline\'s config as ~/ is never written', () =>
      pathFormCase(host, [door.short, 'locked'], (c) => {
        const outside = dirname(c.project);
        const away = join(outside, 'claude-away');
        mkdirSync(away, { recursive: true });
        mkdirSync(join(c.project, 'src'), { recursive: true });
        symlinkSync(away, join(c.project, 'src', 'out'));
        mkdirSync(join(c.project, 'lib'), { recursive: true });
        symlinkSync('../lib', join(c.project, 'src', 'lib-link'));
        return {
          prompt: '$stopline change files=src/** -- edit the sources',
          writes: [
            ['toolu_rel', 'src/rel.txt'],
            ['toolu_abs', join(c.project, 'src', 'abs.txt')],
            ['toolu_dotdot', 'src/../../dotdot.txt'],
            ['toolu_home', '~/home.txt'],
            ['toolu_at', '@src/at.txt'],
            ['toolu_url', `file://${outside}/url.txt`],
            ['toolu_self', '~/.config/stopline/stopline.json'],
            ['toolu_link_out', 'src/out/linked.txt'],
            // a link that stays in the project: Claude itself would write lib/x.txt, the lock does not cover it
            ['toolu_link_lib', 'src/lib-link/x.txt'],
          ],
          landed: { toolu_rel: join(c.project, 'src', 'rel.txt'), toolu_abs: join(c.project, 'src', 'abs.txt') },
          stopped: {
            PATH_OUTSIDE_CONTRACT: ['toolu_link_out', 'toolu_link_lib', 'toolu_dotdot', 'toolu_home', 'toolu_at', 'toolu_url'],
            GUARD_SELF_PROTECTION: ['toolu_self'],
          },
          absent: [
            join(away, 'linked.txt'),
            join(c.project, 'lib', 'x.txt'),
            join(outside, 'dotdot.txt'),
            join(c.home, 'home.txt'),
            join(c.project, '@src'),
            join(outside, 'url.txt'),
            join(c.project, 'file:'),
            join(c.home, '.config', 'stopline', 'stopline.json'),
          ],
        };
      }));

    it('without files= Claude writes through a link folder where it leads, refuses a link as the file itself; a link into stopline\'s config folder is stopped first', () =>
      pathFormCase(reading, [door.short, 'links'], (c) => {
        const target = join(dirname(c.project), 'claude-final-target.txt');
        writeFileSync(target, 'before\n');
        const final = join(c.project, 'src', 'final.txt');
        mkdirSync(join(c.project, 'src'), { recursive: true });
        symlinkSync(target, final);
        // a link folder that stays in the project (one that leads out needs a permission Claude asks for itself)
        const lib = join(c.project, 'lib');
        mkdirSync(lib, { recursive: true });
        symlinkSync('../lib', join(c.project, 'src', 'lib-link'));
        const config = join(c.home, '.config', 'stopline');
        mkdirSync(config, { recursive: true });
        symlinkSync(config, join(c.project, 'src', 'cfg'));
        return {
          prompt: '$stopline change -- edit anything',
          before: [{ toolCalls: [{ id: 'toolu_read', name: 'Read', input: { file_path: final } }] }],
          writes: [
            ['toolu_link_final', final],
            ['toolu_link_dir', join(c.project, 'src', 'lib-link', 'new.txt')],
            ['toolu_link_self', join(c.project, 'src', 'cfg', 'stopline.json')],
          ],
          // a link folder on the way is followed (the kernel does): the file lands where it leads
          landed: { toolu_link_dir: join(lib, 'new.txt') },
          stopped: { GUARD_SELF_PROTECTION: ['toolu_link_self'] },
          absent: [join(config, 'stopline.json')],
          check(s) {
            // 2.1.332 itself refuses a file that is a link (docs/hosts/claude.md); the guard let it through
            expect(s.toolResultText('toolu_link_final')).toMatch(/^Refusing to write .*: it is a symbolic link/);
            expect(readFileSync(target, 'utf8')).toBe('before\n');
            expect(lstatSync(final).isSymbolicLink()).toBe(true);
          },
        };
      }));

    it('without files= an @ name and a file:// URL are plain names in the project', () =>
      pathFormCase(host, [door.short, 'open'], (c) => ({
        prompt: '$stopline change -- edit anything',
        writes: [
          ['toolu_at', '@at.txt'],
          ['toolu_url', 'file:///u.txt'],
        ],
        landed: { toolu_at: join(c.project, '@at.txt'), toolu_url: join(c.project, 'file:', 'u.txt') },
        absent: ['/u.txt'],
      })));
  });
}
