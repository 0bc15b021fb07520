/**
 * The data folders the terminal views read (hosts/cli/evidence/folders.ts): the default folder,
 * and each host's own data folders from its spec (`data`), below its user folder where its
 * layout's variables put it, only when they exist. Driven by the registry, so a host that gains a
 * data folder is covered without naming it here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { evidenceFolders } from '../../hosts/cli/evidence/folders';
import { cleanupTempDirs, tempDir } from './helpers';

afterAll(cleanupTempDirs);

const WITH_DATA = (HOST_SPECS as readonly HostSpec[]).filter((s) => s.data);
/** a host that names one folder exactly comes before one whose folders a listing finds */
const listed = (s: HostSpec) => s.data!.dirs.some((d) => d.endsWith('*'));
const ORDERED = [...WITH_DATA.filter((s) => !listed(s)), ...WITH_DATA.filter(listed)];

/** Each data folder of a host made below `user` (a `*` as two names, `b` and `a`), with a file and a stranger that match no folder. */
function makeData(user: string, spec: HostSpec): string[] {
  const made: string[] = [];
  for (const d of spec.data!.dirs) {
    if (d.endsWith('*')) {
      for (const n of ['b', 'a']) mkdirSync(join(user, d.slice(0, -1) + n), { recursive: true });
      writeFileSync(join(user, d.slice(0, -1) + 'file'), '');
      mkdirSync(join(user, d.slice(0, d.lastIndexOf('/') + 1), 'stranger'), { recursive: true });
      made.push(join(user, d.slice(0, -1) + 'a'), join(user, d.slice(0, -1) + 'b'));
    } else {
      mkdirSync(join(user, d), { recursive: true });
      made.push(join(user, d));
    }
  }
  return made;
}

describe('the evidence folders of the terminal views', () => {
  it('some host keeps its own data folder, and one finds its folders by a listing', () => {
    expect(WITH_DATA.length).toBeGreaterThan(0);
    expect(WITH_DATA.some(listed)).toBe(true);
  });

  it('with nothing made: the default folder alone', () => {
    const home = tempDir();
    expect(evidenceFolders({ HOME: home }, home)).toEqual([{ path: join(home, '.local', 'share', 'stopline'), why: 'the default data folder' }]);
  });

  it("each host's data folders below its user folder in HOME, files and other names left out, a listing sorted", () => {
    const home = tempDir();
    const want = ORDERED.flatMap((s) => makeData(join(home, s.layout.dir), s).map((path) => ({ path, why: s.data!.why })));
    expect(evidenceFolders({ HOME: home }, home)).toEqual([{ path: join(home, '.local', 'share', 'stopline'), why: 'the default data folder' }, ...want]);
  });

  it("a host's user folder where its first variable moves it, `~` read as HOME, even without a HOME folder to default to", () => {
    const home = tempDir();
    const want = ORDERED.flatMap((s) => {
      const v = s.layout.env?.[0];
      if (!v) return [];
      const [name, ...sub] = v.split('/');
      const moved = join(home, 'moved', name!);
      return makeData(join(moved, ...sub), s).map((path) => ({ path, why: s.data!.why, env: [name!, `~/moved/${name}`] as const }));
    });
    const env = Object.fromEntries(want.map((w) => w.env));
    expect(evidenceFolders({ ...env, HOME: home }, home).slice(1)).toEqual(want.map(({ path, why }) => ({ path, why })));
    // no HOME: a `~` cannot be read, an absolute variable still places the folder
    const abs = Object.fromEntries(want.map((w) => [w.env[0], join(home, 'moved', w.env[0])]));
    expect(evidenceFolders({ ...abs }, home)).toEqual(want.map(({ path, why }) => ({ path, why })));
  });

  it('STOPLINE_HOME is the only folder read, whatever the hosts keep', () => {
    const home = tempDir();
    for (const s of WITH_DATA) makeData(join(home, s.layout.dir), s);
    expect(evidenceFolders({ HOME: home, STOPLINE_HOME: join(home, 'x') }, home)).toEqual([{ path: join(home, 'x'), why: 'STOPLINE_HOME' }]);
  });
});
