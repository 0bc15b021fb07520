/**
 * One path-form case on a real host: the model writes each spelling of a path in turn under a
 * directive, then the suite checks which writes ran and where their content landed, which were
 * stopped and with what code, and that no stopped write left anything behind. Shared by the
 * path-form suites (each brings its own write call and launch); `usualPathForms` runs the two
 * cases most hosts' write tools share.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FakeModelServer } from '../harness';
import type { ScriptedTurn } from '../harness/script';
import type { RealHostCase, RealHostRuns } from './real-host';

export interface PathFormHost {
  runs: RealHostRuns;
  /** the model's turn that writes `${id}\n` to `path` with the host's own write tool */
  write(id: string, path: string): ScriptedTurn;
  /** run the host on the case with this prompt (and check it exited cleanly) */
  launch(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void>;
  expectRan(s: FakeModelServer, id: string): void;
  expectStopped(s: FakeModelServer, id: string, reason: string): void;
}

export interface PathFormSpec {
  prompt: string;
  /** turns the model takes before the writes: a read the host demands before it overwrites a file, a patch of another shape */
  before?: ScriptedTurn[];
  /** [call id, path as the model spells it], in the order the model writes them */
  writes: [string, string][];
  /** call id -> where its content must be (each of these ran) */
  landed?: Record<string, string>;
  /** call ids that ran whose outcome `check` reads itself */
  ran?: string[];
  /** reason code -> the call ids stopped with it */
  stopped?: Record<string, string[]>;
  /** paths that must not exist afterwards */
  absent?: string[];
  /** what else the run must show (a link still a link, a file left as it was, the host's own answer) */
  check?(s: FakeModelServer): void;
}

/**
 * Run one case (`name` names its folder; a list nests them, e.g. the Pi version, then the case) and
 * check everything the spec says. `spec` runs before the host starts, so it may lay out the case's
 * folders first (symbolic links, files to overwrite).
 */
export async function pathFormCase(host: PathFormHost, name: string | string[], spec: (c: RealHostCase) => PathFormSpec): Promise<void> {
  const c = host.runs.newCase(...[name].flat());
  const want = spec(c);
  const turns = [...(want.before ?? []), ...want.writes.map(([id, path]) => host.write(id, path)), { text: 'done' }];
  const s = await host.runs.server({ threads: [{ name: 'main', turns }] });
  await host.launch(c, s, want.prompt);
  for (const id of [...Object.keys(want.landed ?? {}), ...(want.ran ?? [])]) host.expectRan(s, id);
  for (const [id, path] of Object.entries(want.landed ?? {})) expect(readFileSync(path, 'utf8')).toBe(`${id}\n`);
  for (const [reason, ids] of Object.entries(want.stopped ?? {})) for (const id of ids) host.expectStopped(s, id, reason);
  for (const p of want.absent ?? []) expect(existsSync(p), p).toBe(false);
  want.check?.(s);
}

/** What a host does with the usual spellings, for `usualPathForms`. */
/**
 * The links case's layout: `src/final.txt` a link to `<name>-final-target.txt` (holding `before`)
 * beside the project, and `src/cfg` a link to stopline's config folder in the case's HOME.
 */
export function linkLayout(c: RealHostCase, name: string): { target: string; link: string; config: string } {
  const target = join(dirname(c.project), `${name}-final-target.txt`);
  writeFileSync(target, 'before\n');
  const link = join(c.project, 'src', 'final.txt');
  mkdirSync(join(c.project, 'src'), { recursive: true });
  symlinkSync(target, link);
  const config = join(c.home, '.config', 'stopline');
  mkdirSync(config, { recursive: true });
  symlinkSync(config, join(c.project, 'src', 'cfg'));
  return { target, link, config };
}

export interface UsualForms {
  /** the host in the titles: "each path is judged where <who> writes it" */
  who: string;
  /** how `..` out of src/ is spelled (default the relative `src/../../dotdot.txt`) */
  dotdot?(c: RealHostCase): string;
  /** the write tool takes a `file://` URL: one to a file beside the project is stopped under the lock */
  fileUrl?: boolean;
  /** src/out is a link to a folder beside the project: a write through it is stopped under the lock */
  linkOut?: boolean;
  /**
   * Without files=, where `~/open-home.txt` goes: 'home' (the host expands `~`), 'project' (a
   * folder named `~` in the project), or a check of the host's own (the call ran; nothing in HOME).
   */
  openHome: 'home' | 'project' | ((c: RealHostCase, s: FakeModelServer) => void);
  /** the words after "without files= `~/` and `@` run and land where the guard placed them" */
  openWords: string;
  /** more writes and expectations of the host's own in either case */
  more?: { locked?(c: RealHostCase): Partial<PathFormSpec>; open?(c: RealHostCase): Partial<PathFormSpec> };
}

function merged(base: PathFormSpec, more: Partial<PathFormSpec> | undefined): PathFormSpec {
  if (!more) return base;
  return {
    ...base,
    ...(more.before ? { before: more.before } : {}),
    writes: [...base.writes, ...(more.writes ?? [])],
    landed: { ...base.landed, ...more.landed },
    ran: [...(base.ran ?? []), ...(more.ran ?? [])],
    stopped: { ...base.stopped, ...more.stopped },
    absent: [...(base.absent ?? []), ...(more.absent ?? [])],
    ...(more.check ? { check: more.check } : {}),
  };
}

/**
 * The two cases most hosts' write tools share (call ids `call_<form>`: Droid returned no result
 * for a bare id like `rel`): under files=src/** a
 * relative and an absolute path in src/ land there and `..`, `~/`, `@` (and a `file://` URL, a
 * link out) are stopped with nothing left behind; without files= `~/` and `@` run and land where
 * the guard placed them, never in the HOME unless the host expands `~`.
 */
export function usualPathForms(host: PathFormHost, forms: UsualForms): void {
  it(`under files=src/** each path is judged where ${forms.who} writes it`, () =>
    pathFormCase(host, 'locked', (c) => {
      const outside = dirname(c.project);
      const away = join(outside, 'away');
      mkdirSync(join(c.project, 'src'), { recursive: true });
      if (forms.linkOut) {
        mkdirSync(away, { recursive: true });
        symlinkSync(away, join(c.project, 'src', 'out'));
      }
      const out = ['call_dotdot', 'call_home', 'call_at', ...(forms.fileUrl ? ['call_url'] : []), ...(forms.linkOut ? ['call_link_out'] : [])];
      return merged(
        {
          prompt: '$stopline change files=src/** -- edit the sources',
          writes: [
            ['call_rel', 'src/rel.txt'],
            ['call_abs', join(c.project, 'src', 'abs.txt')],
            ['call_dotdot', forms.dotdot?.(c) ?? 'src/../../dotdot.txt'],
            ['call_home', '~/home.txt'],
            ['call_at', '@src/at.txt'],
            ...(forms.fileUrl ? [['call_url', `file://${outside}/url.txt`] as [string, string]] : []),
            ...(forms.linkOut ? [['call_link_out', 'src/out/linked.txt'] as [string, string]] : []),
          ],
          landed: { call_rel: join(c.project, 'src', 'rel.txt'), call_abs: join(c.project, 'src', 'abs.txt') },
          stopped: { PATH_OUTSIDE_CONTRACT: out },
          absent: [
            join(outside, 'dotdot.txt'),
            join(c.home, 'home.txt'),
            join(c.project, '~'),
            join(c.project, '@src'),
            ...(forms.fileUrl ? [join(outside, 'url.txt'), join(c.project, 'file:')] : []),
            ...(forms.linkOut ? [join(away, 'linked.txt')] : []),
          ],
        },
        forms.more?.locked?.(c),
      );
    }));

  it(`without files= \`~/\` and \`@\` run and land where the guard placed them (${forms.openWords})`, () =>
    pathFormCase(host, 'open', (c) => {
      const home = forms.openHome;
      return merged(
        {
          prompt: '$stopline change -- edit anything',
          writes: [
            ['call_home', '~/open-home.txt'],
            ['call_at', '@at.txt'],
          ],
          landed: {
            call_at: join(c.project, '@at.txt'),
            ...(home === 'home' ? { call_home: join(c.home, 'open-home.txt') } : home === 'project' ? { call_home: join(c.project, '~', 'open-home.txt') } : {}),
          },
          ...(typeof home === 'function' ? { ran: ['call_home'], check: (s: FakeModelServer) => home(c, s) } : {}),
          absent: home === 'home' ? [join(c.project, '~')] : [join(c.home, 'open-home.txt')],
        },
        forms.more?.open?.(c),
      );
    }));
}
