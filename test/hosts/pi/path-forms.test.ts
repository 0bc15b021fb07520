/**
 * Path forms on both real Pi versions: the model writes through every form Pi's own
 * resolveToCwd reads (`@`, `~`, `file://`, relative, absolute, `..`), first under
 * files=src/** (with a write to the guard's own extension file), then under a plain change
 * contract, and the test checks on the file system that each allowed write landed where the
 * guard placed it and that each stopped one left nothing anywhere Pi would have written it.
 * The second run (no files=) lets such forms through and shows Pi writes them where the guard
 * placed them (1.6.0 turns a file:// URL into its path, 0.73.1 keeps it as a folder named
 * `file:` in the project; the guard, not knowing the version, judged both).
 */
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FakeModelServer, PiVariant } from '../harness';
import { describeRealHost, type RealHostCase } from '../shared/real-host';
import { PI_VARIANTS, piSuite } from './launch';

const VARIANTS = PI_VARIANTS;
const suite = await piSuite('pi-path-forms');
const { status, runs, expectStopped, expectRan } = suite;

async function pi(variant: PiVariant, c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  await suite.pi(variant, c, s, prompt);
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
              { text: 'done' },
            ],
          },
        ],
      });
      await pi(variant, c, s, '$stopline change files=src/** -- edit the sources');
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
            turns: [write('at_outside', '@../open-at.txt'), write('home', '@~/open-home.txt'), write('url', `file://${c.project}/src/url.ts`), { text: 'done' }],
          },
        ],
      });
      await pi(variant, c, s, '$stopline change -- edit anything');
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
