/**
 * Path forms on both real Pi versions: the model writes through every form Pi's own
 * resolveToCwd reads (`@`, `~`, `file://`, relative, absolute, `..`), first under
 * files=src/** (with a write to the guard's own extension file), then under a plain change
 * contract, and the test checks on the file system that each allowed write landed where the
 * guard placed it and that each stopped one left nothing anywhere Pi would have written it.
 * The second run (no files=) lets such forms through and shows Pi writes them where the guard
 * placed them (1.6.0 turns a file:// URL into its path, 0.73.1 keeps it as a folder named
 * `file:` in the project). The extension learns which Pi loaded it (Pi's own VERSION), so a
 * file:// URL into src/ runs on 1.6.0 and is stopped on 0.73.1, where it is not in src/.
 * Symbolic links: Pi writes through them (a link folder inside src/ that leads out of the
 * project, a link to the guard's own folder), and the guard judges where they lead.
 */
import { beforeAll, expect, it } from 'vitest';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runPi, startChatServer, type FakeModelServer, type PiVariant } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { piJitiCache } from './jiti-cache';

const VARIANTS: { variant: PiVariant; label: string; hosts: readonly ('pi-ew' | 'pi-mz' | 'node22')[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];
let extension = '';
let sharedTmp = '';

const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);

beforeAll(() => {
  extension = requireArtifact('pi', 'stopline.ts');
  sharedTmp = piJitiCache();
});

const runs = realHostRuns({ prefix: 'pi-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function pi(variant: PiVariant, c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runPi({ variant, project: c.project, prompt, server: s, extensionFile: extension, runDir: c.runDir, env: { TMPDIR: sharedTmp }, timeoutMs: 300_000 });
  expect(r.code, `pi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

function write(id: string, path: string) {
  return { toolCalls: [{ id, name: 'write', input: { path, content: `${id}\n` } }] };
}

for (const { variant, label, hosts } of VARIANTS) {
  describeRealHost(status, `path forms on ${label}`, hosts, 600_000, () => {
    it('under files=src/** each form is judged where Pi writes it; the guard extension file is never replaced', async () => {
      const c = runs.newCase(variant, 'locked');
      const outside = dirname(c.project);
      const selfFile = join(c.home, '.pi', 'agent', 'extensions', 'stopline.ts');
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              write('at_inside', '@src/at.ts'),
              write('rel_inside', 'src/rel.ts'),
              write('abs_inside', join(c.project, 'src', 'abs.ts')),
              write('at_outside', '@../at-outside.txt'),
              write('dotdot_outside', 'src/../../dotdot-outside.txt'),
              write('home', '~/home.txt'),
              write('url_outside', `file://${outside}/url-outside.txt`),
              write('at_self', '@~/.pi/agent/extensions/stopline.ts'),
              write('url_inside', `file://${c.project}/src/url-in.ts`),
              write('link_out', 'src/out/linked.txt'),
              { text: 'done' },
            ],
          },
        ],
      });
      // a folder inside src/ that is a link out of the project
      const away = join(outside, `${variant}-away`);
      mkdirSync(away, { recursive: true });
      mkdirSync(join(c.project, 'src'), { recursive: true });
      symlinkSync(away, join(c.project, 'src', 'out'));
      await pi(variant, c, s, '$stopline change files=src/** -- edit the sources');
      // the version is known: 1.6.0 reads the URL as src/url-in.ts, 0.73.1 as a `file:` folder in the project root
      if (variant === 'ew') {
        expectRan(s, 'url_inside');
        expect(readFileSync(join(c.project, 'src', 'url-in.ts'), 'utf8')).toBe('url_inside\n');
      } else {
        expectStopped(s, 'url_inside', 'PATH_OUTSIDE_CONTRACT');
        expect(existsSync(join(c.project, 'src', 'url-in.ts'))).toBe(false);
      }
      expectStopped(s, 'link_out', 'PATH_OUTSIDE_CONTRACT');
      expect(existsSync(join(away, 'linked.txt'))).toBe(false);
      for (const [id, file] of [['at_inside', 'at.ts'], ['rel_inside', 'rel.ts'], ['abs_inside', 'abs.ts']] as const) {
        expectRan(s, id);
        expect(readFileSync(join(c.project, 'src', file), 'utf8')).toBe(`${id}\n`);
      }
      // nothing of a stopped call exists where either Pi version would have put it
      for (const id of ['at_outside', 'dotdot_outside', 'home', 'url_outside']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
      expectStopped(s, 'at_self', 'GUARD_SELF_PROTECTION');
      for (const p of [
        join(outside, 'at-outside.txt'),
        join(c.project, '@..'),
        join(outside, 'dotdot-outside.txt'),
        join(c.home, 'home.txt'),
        join(outside, 'url-outside.txt'),
        join(c.project, 'file:'),
        selfFile,
      ]) {
        expect(existsSync(p), p).toBe(false);
      }
    });

    it('without files= the same forms run and land where the guard placed them', async () => {
      const c = runs.newCase(variant, 'open');
      const outside = dirname(c.project);
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              write('at_outside', '@../open-at.txt'),
              write('home', '@~/open-home.txt'),
              write('url', `file://${c.project}/src/url.ts`),
              write('link_final', 'src/final.txt'),
              write('link_self', 'src/cfg/stopline.json'),
              { text: 'done' },
            ],
          },
        ],
      });
      // a file that is a link to a file outside, and a folder that is a link to stopline's config folder
      const target = join(outside, `${variant}-final-target.txt`);
      writeFileSync(target, 'before\n');
      mkdirSync(join(c.project, 'src'), { recursive: true });
      symlinkSync(target, join(c.project, 'src', 'final.txt'));
      const config = join(c.home, '.config', 'stopline');
      mkdirSync(config, { recursive: true });
      symlinkSync(config, join(c.project, 'src', 'cfg'));
      await pi(variant, c, s, '$stopline change -- edit anything');
      // Pi writes through a link: the file outside changes, the link stays a link
      expectRan(s, 'link_final');
      expect(readFileSync(target, 'utf8')).toBe('link_final\n');
      expect(lstatSync(join(c.project, 'src', 'final.txt')).isSymbolicLink()).toBe(true);
      // through a link into stopline's config folder: stopline's own file, never written
      expectStopped(s, 'link_self', 'GUARD_SELF_PROTECTION');
      expect(existsSync(join(config, 'stopline.json'))).toBe(false);
      // without files= nothing is off limits but stopline's own files: Pi writes each where the
      // first run's guard placed it (the parent folder, the run's HOME)
      expectRan(s, 'at_outside');
      expectRan(s, 'home');
      expect(readFileSync(join(outside, 'open-at.txt'), 'utf8')).toBe('at_outside\n');
      expect(readFileSync(join(c.home, 'open-home.txt'), 'utf8')).toBe('home\n');
      // a file:// URL into the project: both readings are inside it, so it runs, and Pi writes
      // the file its version reads: 1.6.0 the URL's path, 0.73.1 a `file:` folder in the project
      expectRan(s, 'url');
      const viaUrl = join(c.project, 'src', 'url.ts');
      const literal = join(c.project, 'file:', c.project.slice(1), 'src', 'url.ts');
      if (variant === 'ew') {
        expect(readFileSync(viaUrl, 'utf8')).toBe('url\n');
        expect(existsSync(join(c.project, 'file:'))).toBe(false);
      } else {
        expect(readFileSync(literal, 'utf8')).toBe('url\n');
        expect(existsSync(viaUrl)).toBe(false);
      }
    });
  });
}
