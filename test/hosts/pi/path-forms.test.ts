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
import { expect, it } from 'vitest';
import { lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeRealHost } from '../shared/real-host';
import { linkLayout, pathFormCase, type PathFormHost } from '../shared/path-forms';
import { PI_VARIANTS, piSuite } from './launch';

const suite = await piSuite('pi-path-forms');
const { status, runs, expectStopped, expectRan } = suite;

const write = (id: string, path: string) => ({ toolCalls: [{ id, name: 'write', input: { path, content: `${id}\n` } }] });

for (const { variant, label, hosts } of PI_VARIANTS) {
  const host: PathFormHost = {
    runs,
    write,
    launch: async (c, s, prompt) => {
      await suite.pi(variant, c, s, prompt);
    },
    expectRan,
    expectStopped,
  };
  describeRealHost(status, `path forms on ${label}`, hosts, 600_000, () => {
    it('under files=src/** each form is judged where Pi writes it; the guard extension file is never replaced', () =>
      pathFormCase(host, [variant, 'locked'], (c) => {
        const outside = dirname(c.project);
        // a folder inside src/ that is a link out of the project
        const away = join(outside, `${variant}-away`);
        mkdirSync(away, { recursive: true });
        mkdirSync(join(c.project, 'src'), { recursive: true });
        symlinkSync(away, join(c.project, 'src', 'out'));
        // the version is known: 1.6.0 reads the URL as src/url-in.ts, 0.73.1 as a `file:` folder in the project root
        const urlIn = join(c.project, 'src', 'url-in.ts');
        return {
          prompt: '$stopline change files=src/** -- edit the sources',
          writes: [
            ['at_inside', '@src/at.ts'],
            ['rel_inside', 'src/rel.ts'],
            ['abs_inside', join(c.project, 'src', 'abs.ts')],
            ['at_outside', '@../at-outside.txt'],
            ['dotdot_outside', 'src/../../dotdot-outside.txt'],
            ['home', '~/home.txt'],
            ['url_outside', `file://${outside}/url-outside.txt`],
            ['at_self', '@~/.pi/agent/extensions/stopline.ts'],
            ['url_inside', `file://${c.project}/src/url-in.ts`],
            ['link_out', 'src/out/linked.txt'],
          ],
          landed: {
            at_inside: join(c.project, 'src', 'at.ts'),
            rel_inside: join(c.project, 'src', 'rel.ts'),
            abs_inside: join(c.project, 'src', 'abs.ts'),
            ...(variant === 'ew' ? { url_inside: urlIn } : {}),
          },
          stopped: {
            PATH_OUTSIDE_CONTRACT: [...(variant === 'ew' ? [] : ['url_inside']), 'link_out', 'at_outside', 'dotdot_outside', 'home', 'url_outside'],
            GUARD_SELF_PROTECTION: ['at_self'],
          },
          // nothing of a stopped call exists where either Pi version would have put it
          absent: [
            ...(variant === 'ew' ? [] : [urlIn]),
            join(away, 'linked.txt'),
            join(outside, 'at-outside.txt'),
            join(c.project, '@..'),
            join(outside, 'dotdot-outside.txt'),
            join(c.home, 'home.txt'),
            join(outside, 'url-outside.txt'),
            join(c.project, 'file:'),
            join(c.home, '.pi', 'agent', 'extensions', 'stopline.ts'),
          ],
        };
      }));

    it('without files= the same forms run and land where the guard placed them', () =>
      pathFormCase(host, [variant, 'open'], (c) => {
        const outside = dirname(c.project);
        // a file that is a link to a file outside, and a folder that is a link to stopline's config folder
        const { target, link, config } = linkLayout(c, variant);
        // a file:// URL into the project: both readings are inside it, so it runs, and Pi writes
        // the file its version reads: 1.6.0 the URL's path, 0.73.1 a `file:` folder in the project
        const viaUrl = join(c.project, 'src', 'url.ts');
        const literal = join(c.project, 'file:', c.project.slice(1), 'src', 'url.ts');
        return {
          prompt: '$stopline change -- edit anything',
          writes: [
            ['at_outside', '@../open-at.txt'],
            ['home', '@~/open-home.txt'],
            ['url', `file://${c.project}/src/url.ts`],
            ['link_final', 'src/final.txt'],
            ['link_self', 'src/cfg/stopline.json'],
          ],
          landed: {
            // Pi writes through a link: the file outside changes (and the link stays a link, below)
            link_final: target,
            // without files= nothing is off limits but stopline's own files: Pi writes each where the
            // first run's guard placed it (the parent folder, the run's HOME)
            at_outside: join(outside, 'open-at.txt'),
            home: join(c.home, 'open-home.txt'),
            url: variant === 'ew' ? viaUrl : literal,
          },
          // through a link into stopline's config folder: stopline's own file, never written
          stopped: { GUARD_SELF_PROTECTION: ['link_self'] },
          absent: [join(config, 'stopline.json'), variant === 'ew' ? join(c.project, 'file:') : viaUrl],
          check() {
            expect(lstatSync(link).isSymbolicLink()).toBe(true);
          },
        };
      }));
  });
}
