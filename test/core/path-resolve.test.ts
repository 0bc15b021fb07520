/**
 * The shared path steps (core/paths/path-resolve.ts) on their own: each step, the order they run
 * in, versioned resolvers, and the forms that stay unproven.
 */
import { describe, expect, it } from 'vitest';
import { placeToolPath, resolversFor, type PathResolver, type VersionedPathResolver } from '../../core/paths/path-resolve';

const BASE = '/work/proj';
const HOME = '/home/u';
const ctx = { base: BASE, home: HOME };

const place = (raw: string, r: PathResolver | VersionedPathResolver, c: Parameters<typeof placeToolPath>[2] = ctx) => placeToolPath(raw, r, c);

describe('each step', () => {
  it('trim removes surrounding white space only when the host trims', () => {
    expect(place('  a.txt ', { steps: ['trim', 'literal'] })).toEqual({ paths: [`${BASE}/a.txt`] });
    expect(place(' a.txt', { steps: ['literal'] })).toEqual({ paths: [`${BASE}/ a.txt`] });
  });

  it('unicode-spaces turns a no-break space into a plain one', () => {
    expect(place('my\u00A0file.txt', { steps: ['unicode-spaces', 'literal'] })).toEqual({ paths: [`${BASE}/my file.txt`] });
    expect(place('my\u202Ffile.txt', { steps: ['literal'] })).toEqual({ paths: [`${BASE}/my\u202Ffile.txt`] });
  });

  it('strip-at removes exactly one leading @', () => {
    const r: PathResolver = { steps: ['strip-at', 'literal'] };
    expect(place('@src/a.ts', r)).toEqual({ paths: [`${BASE}/src/a.ts`] });
    expect(place('@@src/a.ts', r)).toEqual({ paths: [`${BASE}/@src/a.ts`] });
    expect(place('src/@a.ts', r)).toEqual({ paths: [`${BASE}/src/@a.ts`] });
  });

  it('expand-home expands ~ and ~/ with the given home, and is unproven without one', () => {
    const r: PathResolver = { steps: ['expand-home', 'literal'] };
    expect(place('~', r)).toEqual({ paths: [HOME] });
    expect(place('~/x/y', r)).toEqual({ paths: [`${HOME}/x/y`] });
    expect(place('~/x', r, { base: BASE })).toMatchObject({ unproven: expect.stringContaining('home') });
    // ~\ is a home form only where Windows paths are
    expect(place('~\\x', r)).toEqual({ paths: [`${BASE}/~\\x`] });
    expect(place('~\\x', r, { base: 'C:\\p', home: 'C:\\Users\\u' })).toEqual({ paths: ['C:\\Users\\u\\x'] });
  });

  it('order matters: @ then ~ (Pi) expands @~/x; ~ before @ would not', () => {
    expect(place('@~/x', { steps: ['strip-at', 'expand-home', 'literal'] })).toEqual({ paths: [`${HOME}/x`] });
    expect(place('@~/x', { steps: ['expand-home', 'strip-at', 'literal'] })).toEqual({ paths: [`${BASE}/~/x`] });
  });

  it('file-url reads file:// URLs as fileURLToPath does, and refuses what it would refuse', () => {
    const r: PathResolver = { steps: ['file-url', 'literal'] };
    expect(place('file:///tmp/out.txt', r)).toEqual({ paths: ['/tmp/out.txt'] });
    expect(place('file://localhost/tmp/a%20b.txt', r)).toEqual({ paths: ['/tmp/a b.txt'] });
    expect(place('file:///tmp/x.txt?query#frag', r)).toEqual({ paths: ['/tmp/x.txt'] });
    for (const bad of ['file://server/share/x', 'file:///tmp/a%2Fb', 'file:///tmp/%00', 'file:///tmp/%E0%A4%A', 'file:///a\\b']) {
      expect(place(bad, r), bad).toHaveProperty('unproven');
    }
    // on a Windows cwd only drive URLs are paths
    expect(place('file:///C:/w/x.txt', r, { base: 'C:\\p' })).toEqual({ paths: ['C:\\w\\x.txt'] });
    expect(place('file:///w/x.txt', r, { base: 'C:\\p' })).toHaveProperty('unproven');
  });

  it('msys-drive rewrites /c/… only where the base is a Windows path', () => {
    const r: PathResolver = { steps: ['msys-drive', 'literal'] };
    expect(place('/c/Users/u/x', r, { base: 'D:\\p' })).toEqual({ paths: ['C:\\Users\\u\\x'] });
    expect(place('/c/Users/u/x', r)).toEqual({ paths: ['/c/Users/u/x'] });
  });

  it('nfc puts a decomposed name in composed form', () => {
    const nfd = 'caf\u0065\u0301.txt';
    expect(place(nfd, { steps: ['nfc', 'literal'] })).toEqual({ paths: [`${BASE}/caf\u00e9.txt`] });
  });

  it('expand-user-home leaves ~name unproven (that user\'s home is not known)', () => {
    expect(place('~root/x', { steps: ['expand-home', 'expand-user-home', 'literal'] })).toHaveProperty('unproven');
    expect(place('~root/x', { steps: ['expand-home', 'literal'] })).toEqual({ paths: [`${BASE}/~root/x`] });
  });
});

describe('forms no step handles', () => {
  const bare: PathResolver = { steps: ['expand-home'] };
  it('are unproven unless the host is known to read them as names', () => {
    for (const raw of ['@src/a.ts', '~root/x', 'file:///tmp/x', 'http://h/x', 'vscode-remote://x/y']) {
      expect(place(raw, bare), raw).toHaveProperty('unproven');
    }
    expect(place('http://h/x', { steps: ['literal'] })).toEqual({ paths: [`${BASE}/http://h/x`] });
  });

  it('a drive letter is not a scheme', () => {
    expect(place('C:\\w\\a.txt', bare, { base: 'C:\\p', home: 'C:\\Users\\u' })).toEqual({ paths: ['C:\\w\\a.txt'] });
  });

  it('empty, blank and NUL-holding paths are unproven', () => {
    for (const raw of ['', '   ', 'a\0b']) expect(place(raw, { steps: ['trim', 'literal'] }), JSON.stringify(raw)).toHaveProperty('unproven');
  });

  it('without a base a relative path stays as written', () => {
    expect(place('src/a.ts', { steps: ['literal'] }, {})).toEqual({ paths: ['src/a.ts'] });
  });
});

describe('versioned resolvers', () => {
  const v: VersionedPathResolver = {
    versions: [
      { since: '0.73.1', resolver: { steps: ['strip-at', 'expand-home', 'literal'] } },
      { since: '1.6.0', resolver: { steps: ['strip-at', 'expand-home', 'file-url', 'literal'] } },
    ],
  };

  it('pick the newest entry the version reaches', () => {
    expect(resolversFor(v, '1.6.0')).toEqual([v.versions[1]!.resolver]);
    expect(resolversFor(v, '1.9.2')).toEqual([v.versions[1]!.resolver]);
    expect(resolversFor(v, 'v0.73.1')).toEqual([v.versions[0]!.resolver]);
    expect(resolversFor(v, '0.99.0')).toEqual([v.versions[0]!.resolver]);
  });

  it('an unknown or older version judges every version\'s path', () => {
    expect(resolversFor(v, undefined)).toHaveLength(2);
    expect(resolversFor(v, '0.50.0')).toHaveLength(2);
    expect(resolversFor(v, 'nightly')).toHaveLength(2);
    expect(place('file:///tmp/x', v)).toEqual({ paths: [`${BASE}/file:///tmp/x`, '/tmp/x'] });
    expect(place('file:///tmp/x', v, { ...ctx, hostVersion: '1.6.0' })).toEqual({ paths: ['/tmp/x'] });
    expect(place('file:///tmp/x', v, { ...ctx, hostVersion: '0.73.1' })).toEqual({ paths: [`${BASE}/file:///tmp/x`] });
    // where the versions agree there is one path
    expect(place('@src/a.ts', v)).toEqual({ paths: [`${BASE}/src/a.ts`] });
  });

  it('is unproven when any version\'s path is', () => {
    expect(place('file://server/x', v)).toHaveProperty('unproven');
  });
});
