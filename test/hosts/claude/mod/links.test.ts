/**
 * Where a write lands, as the mod reads it (hosts/claude/mod/links.ts): `$.fs.stat(path,
 * { resolve: true })` and, for a link that leads nowhere, `readlink` through `$.process.run`,
 * turned into the core's probe answers. On a real folder of links the mod's answers give the
 * same landing as the command hook's probe (core/paths/fs-probe.ts: realpath, lstat, readlink).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsProbe } from '../../../../core/paths/fs-probe';
import { landingOf } from '../../../../core/paths/path-links';
import type { ProbeResult } from '../../../../core/paths/path-links';
import { deepest, leadsElsewhere, lookUpLanding, settleLanding } from '../../../../hosts/claude/mod/links';
import type { LinkHost } from '../../../../hosts/claude/mod/links';
import { Volume } from '../../../../hosts/claude/mod/volume';
import { statAsClaudeCode } from './mod-host';

type Call = { noun: 'stat' | 'run'; arg: string };

/** A `$` over the real disk, answering as Claude Code 2.1.332 does (./mod-host.ts), every call counted. */
function realHost(calls: Call[] = []): LinkHost {
  return {
    stat: async (p, options) => {
      calls.push({ noun: 'stat', arg: p });
      try {
        return statAsClaudeCode(p, options.resolve);
      } catch (err) {
        throw new Error(`stopline: $.fs.stat(${p}) failed: ${(err as Error).message.split(': ').pop()}`);
      }
    },
    run: async (argv) => {
      calls.push({ noun: 'run', arg: argv.join(' ') });
      const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' });
      return { exitCode: r.status ?? 1, stdout: r.stdout };
    },
  };
}

/** A `$` that answers from a table: a stat result, or an errno to reject with; readlink from `links`. */
function tableHost(stats: Record<string, { kind: string; isLink?: boolean; realPath?: string } | string>, links: Record<string, string> = {}, calls: Call[] = []): LinkHost {
  return {
    stat: async (p) => {
      calls.push({ noun: 'stat', arg: p });
      const s = stats[p] ?? 'ENOENT';
      if (typeof s === 'string') throw new Error(`stopline: $.fs.stat(${p}) failed: ${s}`);
      return s;
    },
    run: async (argv) => {
      calls.push({ noun: 'run', arg: argv.join(' ') });
      const text = links[argv[argv.length - 1]!];
      if (text === 'REJECT') throw new Error('stopline: $.process.run(readlink) failed: ENOENT');
      return text === undefined ? { exitCode: 1, stdout: '' } : { exitCode: 0, stdout: `${text}\n` };
    },
  };
}

/** Read everything the core's walk needs for `abs`, then walk it over what was read (a miss fails the test). */
async function modLanding(host: LinkHost, abs: string): Promise<string | null> {
  const known = new Map<string, ProbeResult>();
  await settleLanding(
    abs,
    (p) => known.get(p),
    async (p) => void known.set(p, await lookUpLanding(host, p, false)),
  );
  return landingOf(abs, (p) => {
    const r = known.get(p);
    if (r === undefined) throw new Error(`the walk asked ${p}, which was not read`);
    return r;
  });
}

describe('lookUpLanding: one path, in the probe’s words', () => {
  it('a real path, a link (its real place), a missing path, a file on the way', async () => {
    const host = tableHost({ '/p/a.txt': { kind: 'file', isLink: false, realPath: '/p/a.txt' }, '/p/ln': { kind: 'dir', isLink: true, realPath: '/away' }, '/p/a.txt/x': 'ENOTDIR' });
    expect(await lookUpLanding(host, '/p/a.txt', false)).toEqual({ real: '/p/a.txt' });
    expect(await lookUpLanding(host, '/p/ln', false)).toEqual({ real: '/away' });
    expect(await lookUpLanding(host, '/p/new.txt', false)).toBe('missing');
    expect(await lookUpLanding(host, '/p/a.txt/x', false)).toBe('missing');
  });

  it('a link that leads nowhere: its text from readlink; unreadable when readlink fails or cannot start', async () => {
    const calls: Call[] = [];
    const dangling = { kind: 'other', isLink: true };
    const host = tableHost({ '/p/d': dangling, '/p/gone': dangling, '/p/norun': dangling }, { '/p/d': '../nothere', '/p/norun': 'REJECT' }, calls);
    expect(await lookUpLanding(host, '/p/d', false)).toEqual({ dangling: '../nothere' });
    expect(calls).toEqual([
      { noun: 'stat', arg: '/p/d' },
      { noun: 'run', arg: 'readlink -- /p/d' },
    ]);
    expect(await lookUpLanding(host, '/p/gone', false)).toBe('unreadable');
    expect(await lookUpLanding(host, '/p/norun', false)).toBe('unreadable');
  });

  it('a look that was refused or cannot be made is unproven, never missing', async () => {
    const host = tableHost({ '/p/held': { kind: 'other', isLink: false }, '/p/deny': 'EACCES', '/p/loop/x': 'ELOOP' });
    expect(await lookUpLanding(host, '/p/held', false)).toBe('unreadable');
    expect(await lookUpLanding(host, '/p/deny', false)).toBe('unreadable');
    expect(await lookUpLanding(host, '/p/loop/x', false)).toBe('unreadable');
    const rejects: LinkHost = { stat: () => Promise.reject(new Error('boom')), run: () => Promise.reject(new Error('boom')) };
    expect(await lookUpLanding(rejects, '/p/x', false)).toBe('unreadable');
  });

  it('Windows: the real path in slashes; no readlink there; a path of the other form is not looked up', async () => {
    const calls: Call[] = [];
    const host = tableHost({ 'C:/p/ln': { kind: 'dir', isLink: true, realPath: 'D:\\away' }, 'C:/p/d': { kind: 'other', isLink: true } }, { 'C:/p/d': 'x' }, calls);
    expect(await lookUpLanding(host, 'C:/p/ln', true)).toEqual({ real: 'D:/away' });
    expect(await lookUpLanding(host, 'C:/p/d', true)).toBe('unreadable');
    expect(await lookUpLanding(host, '/home/p', true)).toBe('missing');
    expect(await lookUpLanding(host, 'C:/p/ln', false)).toBe('missing');
    expect(calls.map((c) => c.noun)).toEqual(['stat', 'stat']);
  });
});

describe('settleLanding: what the core’s walk will ask, read ahead', () => {
  it('a new file in a folder: the file and its folder in one step, in parallel', async () => {
    const calls: Call[] = [];
    const host = tableHost({ '/p': { kind: 'dir', isLink: false, realPath: '/p' } }, {}, calls);
    expect(await modLanding(host, '/p/new.txt')).toBe('/p/new.txt');
    expect(calls.map((c) => c.arg)).toEqual(['/p/new.txt', '/p']);
  });

  it('the deepest of the paths a run asked about: the folders are read on the way', () => {
    expect(deepest(['/p/src/new.txt', '/p/src', '/p', '/', '/home/u/.config/stopline', '/home/u'])).toEqual(['/p/src/new.txt', '/home/u/.config/stopline']);
  });

  it('a link on the way is told apart from a plain path', () => {
    expect(leadsElsewhere('/p/a', { real: '/p/a' })).toBe(false);
    expect(leadsElsewhere('/p/a', { real: '/away' })).toBe(true);
    expect(leadsElsewhere('/p/a', { dangling: 'x' })).toBe(true);
    expect(leadsElsewhere('/p/a', 'missing')).toBe(false);
  });
});

describe('the mod’s landings equal the command hook’s on a real folder of links', () => {
  const root = mkdtempSync(join(tmpdir(), 'stopline-mod-links-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const p = join(root, 'proj');
  const away = join(root, 'away');
  mkdirSync(join(p, 'sub'), { recursive: true });
  mkdirSync(join(away, 'deep'), { recursive: true });
  writeFileSync(join(p, 'file.txt'), 'x');
  writeFileSync(join(away, 'inner.txt'), 'x');
  symlinkSync('file.txt', join(p, 'ln-file'));
  symlinkSync('ln-file', join(p, 'chain'));
  symlinkSync('../away', join(p, 'ln-dir'));
  symlinkSync(join(root, 'nothere', 'x'), join(p, 'dangling'));
  symlinkSync('../nothere2', join(p, 'dangling-rel'));
  symlinkSync('dangling', join(p, 'to-dangling'));
  symlinkSync('loop2', join(p, 'loop1'));
  symlinkSync('loop1', join(p, 'loop2'));
  symlinkSync(join(p, 'ln-dir', 'deep'), join(p, 'sub', 'via-link'));
  const paths = [
    'file.txt',
    'new.txt',
    'ln-file',
    'chain',
    'ln-dir',
    'ln-dir/inner.txt',
    'ln-dir/new.txt',
    'ln-dir/deep/new/x.txt',
    'dangling',
    'dangling/under.txt',
    'dangling-rel',
    'to-dangling',
    'loop1',
    'loop1/x',
    'file.txt/child',
    'sub/via-link/n.txt',
    'nodir/a/b.txt',
  ];
  for (const rel of paths) {
    it(rel, async () => {
      const abs = join(p, rel);
      expect(await modLanding(realHost(), abs)).toBe(landingOf(abs, fsProbe()));
    });
  }
});

describe('the volume holds what a decision read about links, for that decision', () => {
  const v = new Volume({ key: (x) => x, dirname: (x) => x.slice(0, x.lastIndexOf('/')) || '/', basename: (x) => x.slice(x.lastIndexOf('/') + 1) });

  it('an unread path is a miss that answers missing (the run goes on asking), then what was read', () => {
    v.freshLinks();
    v.begin();
    expect(v.probe('/p/new.txt')).toBe('missing');
    expect(v.probe('/p')).toBe('missing');
    expect(v.hasMisses()).toBe(true);
    expect([...v.linkMisses]).toEqual(['/p/new.txt', '/p']);
    v.rollback();
    v.learnLink('/p/new.txt', 'missing');
    v.learnLink('/p', { real: '/away' });
    v.begin();
    expect(landingOf('/p/new.txt', (x) => v.probe(x))).toBe('/away/new.txt');
    expect(v.hasMisses()).toBe(false);
    v.commit();
  });

  it('the next decision reads again: nothing read before answers it', () => {
    v.freshLinks();
    v.begin();
    expect(v.probe('/p')).toBe('missing');
    expect(v.hasMisses()).toBe(true);
    v.rollback();
  });

  it('once the reads are closed an unread path is unproven, not a miss', () => {
    v.freshLinks();
    v.closeLinks();
    v.begin();
    expect(v.probe('/p')).toBe('unreadable');
    expect(v.hasMisses()).toBe(false);
    v.commit();
  });
});
