import { describe, expect, it } from 'vitest';
import { MAX_BRACE_ALTERNATIVES, allowListCovers, expandBraces, expandFilesEntries, globToRegExp, normalizeTarget } from '../../core/paths/paths';

describe('normalizeTarget', () => {
  const cases: [string, string | undefined, { rel: string; outside: boolean; style?: string }][] = [
    ['src/a.ts', '/w/p', { rel: 'src/a.ts', outside: false }],
    ['./src/../src/a.ts', '/w/p', { rel: 'src/a.ts', outside: false }],
    ['src//a.ts', '/w/p', { rel: 'src/a.ts', outside: false }],
    ['/w/p/src/a.ts', '/w/p', { rel: 'src/a.ts', outside: false }],
    ['/w/other/a.ts', '/w/p', { rel: '/w/other/a.ts', outside: true }],
    ['../p2/a.ts', '/w/p', { rel: '/w/p2/a.ts', outside: true }],
    ['src/../../x', '/w/p', { rel: '/w/x', outside: true }],
    ['.', '/w/p', { rel: '.', outside: false }],
    ['src\\a.ts', '/w/p', { rel: 'src/a.ts', outside: false }],
    ['C:\\repo\\src\\A.ts', 'C:\\repo', { rel: 'src/A.ts', outside: false, style: 'win32' }],
    ['c:/repo/src/a.ts', 'C:\\Repo', { rel: 'src/a.ts', outside: false, style: 'win32' }],
    ['src\\a.ts', 'C:\\repo', { rel: 'src/a.ts', outside: false, style: 'win32' }],
    ['D:\\other\\a.ts', 'C:\\repo', { rel: 'D:/other/a.ts', outside: true, style: 'win32' }],
    ['\\\\server\\share\\a.ts', 'C:\\repo', { rel: '//server/share/a.ts', outside: true, style: 'win32' }],
    ['\\\\server\\share\\repo\\a.ts', '\\\\server\\share\\repo', { rel: 'a.ts', outside: false, style: 'win32' }],
    ['..\\x', 'C:\\repo', { rel: 'C:/x', outside: true, style: 'win32' }],
    ['C:\\repo\\a.ts', '/w/p', { rel: 'C:/repo/a.ts', outside: true, style: 'win32' }],
    ['a.ts', undefined, { rel: 'a.ts', outside: false }],
    ['../a.ts', undefined, { rel: '../a.ts', outside: true }],
  ];
  for (const [raw, cwd, want] of cases) {
    it(`${raw} @ ${cwd}`, () => {
      const n = normalizeTarget(raw, cwd);
      expect(n.rel).toBe(want.rel);
      expect(n.outside).toBe(want.outside);
      if (want.style) expect(n.style).toBe(want.style);
    });
  }
  it('expands ~ only with a home', () => {
    expect(normalizeTarget('~/x', '/w/p').outside).toBe(true);
    expect(normalizeTarget('~/x', '/w/p').abs).toBe(null);
    expect(normalizeTarget('~/p/x', '/w', { home: '/w' }).rel).toBe('p/x');
  });
});

describe('globToRegExp', () => {
  const t = (g: string, p: string) => globToRegExp(g, false).test(p);
  it('handles *, **, ?, dir/**', () => {
    expect(t('src/*.ts', 'src/a.ts')).toBe(true);
    expect(t('src/*.ts', 'src/x/a.ts')).toBe(false);
    expect(t('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(t('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(t('src/**', 'src')).toBe(true);
    expect(t('src/**', 'src/a/b')).toBe(true);
    expect(t('src/**', 'srcx/a')).toBe(false);
    expect(t('**', 'a/b/c')).toBe(true);
    expect(t('a?.ts', 'ab.ts')).toBe(true);
    expect(t('a.ts', 'aXts')).toBe(false);
    expect(t('test/**', 'test/x.test.ts')).toBe(true);
  });
});

describe('allowListCovers', () => {
  const covers = (entries: string[], raw: string, cwd = '/w/p') => allowListCovers(entries, normalizeTarget(raw, cwd), cwd);
  it('keeps case on POSIX and ignores it on Windows', () => {
    expect(covers(['src/Config.ts'], 'src/Config.ts')).toBe(true);
    expect(covers(['src/Config.ts'], 'src/config.ts')).toBe(false);
    expect(covers(['src/Config.ts'], 'C:\\p\\SRC\\config.ts', 'C:\\p')).toBe(true);
  });
  it('honours absolute entries and counts escapes as outside', () => {
    expect(covers(['/w/p/src/a.ts'], 'src/a.ts')).toBe(true);
    expect(covers(['src/**'], '../p/src/a.ts')).toBe(true);
    expect(covers(['**'], '../other/a.ts')).toBe(false);
    expect(covers(['/w/other/**'], '../other/a.ts')).toBe(true);
    expect(covers(['src/**'], 'src/../../p/src/a.ts')).toBe(true);
    expect(covers(['src/**'], 'src/../lib/a.ts')).toBe(false);
  });
  it('places each entry against the folder of this call, not of an earlier one (entries are kept per folder)', () => {
    expect(covers(['src/a.ts'], '/w/p/src/a.ts', '/w/p')).toBe(true);
    expect(covers(['src/a.ts'], '/w/p/src/a.ts', '/w/q')).toBe(false);
    expect(covers(['src/a.ts'], '/w/q/src/a.ts', '/w/q')).toBe(true);
    expect(allowListCovers(['~/notes.md'], normalizeTarget('/home/a/notes.md', '/w/p'), '/w/p', { home: '/home/a' })).toBe(true);
    expect(allowListCovers(['~/notes.md'], normalizeTarget('/home/a/notes.md', '/w/p'), '/w/p', { home: '/home/b' })).toBe(false);
    expect(allowListCovers(['~/notes.md'], normalizeTarget('/home/a/notes.md', '/w/p'), '/w/p')).toBe(false);
  });
  it('an empty list covers nothing', () => {
    expect(covers([], 'a.ts')).toBe(false);
    expect(covers([''], 'a.ts')).toBe(false);
  });
  it('directories and dir/**', () => {
    expect(covers(['src'], 'src/a/b.ts')).toBe(true);
    expect(covers(['src/**'], 'src')).toBe(true);
    expect(covers(['test/**', 'src/a.ts'], 'test/x.ts')).toBe(true);
  });
});

describe('files= braces', () => {
  const alts = (e: string) => {
    const x = expandBraces(e);
    return x.ok ? x.alternatives : `error: ${x.error}`;
  };
  it('expands alternatives, nested groups, several groups and empty alternatives', () => {
    expect(alts('src/{a,b}.ts')).toEqual(['src/a.ts', 'src/b.ts']);
    expect(alts('test/**/*.{ts,tsx}')).toEqual(['test/**/*.ts', 'test/**/*.tsx']);
    expect(alts('src/{lib,app/{x,y}}/**')).toEqual(['src/lib/**', 'src/app/x/**', 'src/app/y/**']);
    expect(alts('{a,b}/{c,d}')).toEqual(['a/c', 'a/d', 'b/c', 'b/d']);
    expect(alts('a{,.test}.ts')).toEqual(['a.ts', 'a.test.ts']);
    expect(alts('{src,lib}')).toEqual(['src', 'lib']);
    expect(alts('plain/**')).toEqual(['plain/**']);
  });
  it('refuses what would match nothing or something else than written', () => {
    expect(alts('src/{a,b.ts')).toMatch(/never closed/);
    expect(alts('src/a,b}.ts')).toMatch(/closes no/);
    expect(alts('src/{a}.ts')).toMatch(/no comma/);
    expect(alts('{}')).toMatch(/no comma/);
    expect(alts('f{1..3}')).toMatch(/ranges/);
    expect(alts('{a,{b}}')).toMatch(/no comma/);
    expect(alts('{a,{b,c}')).toMatch(/never closed/);
    expect(alts('{a,b,c,d}'.repeat(5))).toMatch(new RegExp(`more than ${MAX_BRACE_ALTERNATIVES}`));
  });
  it('a files= list covers every alternative and nothing else', () => {
    const covers = (entries: string[], raw: string) => allowListCovers(expandFilesEntries(entries), normalizeTarget(raw, '/w/p'), '/w/p');
    const files = ['src/{a,b}.ts', 'test/**/*.{ts,tsx}'];
    for (const p of ['src/a.ts', 'src/b.ts', 'test/x.ts', 'test/deep/er/y.tsx', '/w/p/src/a.ts']) expect(covers(files, p), p).toBe(true);
    for (const p of ['src/c.ts', 'src/{a,b}.ts', 'src/a.tsx', 'test/x.js', 'lib/a.ts']) expect(covers(files, p), p).toBe(false);
    expect(covers(['{src,lib}'], 'lib/deep/x.ts')).toBe(true);
    // an entry that cannot expand covers nothing (the grammar never arms one; an old state file might)
    expect(covers(['src/{a'], 'src/{a')).toBe(false);
  });
});
