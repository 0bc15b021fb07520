import { describe, expect, it } from 'vitest';
import { allowListCovers, globToRegExp, normalizeTarget } from '../../core/paths';

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
