/**
 * The mod's node:path stand-in (hosts/claude/mod/node/path.ts) must give node:path's answers:
 * the core's path judgements (files=, self-protection, the data folder) run on it inside Claude
 * Code. Generated paths mix names, dots, both separators, drives and UNC roots.
 */
import { posix as nodePosix, win32 as nodeWin32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { posix, setPathCwd, win32 } from '../../../../hosts/claude/mod/node/path';

const RUNS = 3000;

const name = fc.constantFrom('a', 'b', 'src', 'x.ts', '.', '..', '...', '.git', 'a b', 'A');

function pathOf(seps: readonly string[], roots: readonly string[]) {
  return fc
    .tuple(fc.constantFrom(...roots), fc.array(fc.tuple(name, fc.constantFrom(...seps)), { maxLength: 6 }), fc.boolean())
    .map(([root, parts, trailing]) => {
      let s = root + parts.map(([n, sep]) => n + sep).join('');
      if (!trailing && s.length > root.length) s = s.replace(/[\\/]+$/, '') || s;
      return s;
    });
}

const posixPath = pathOf(['/', '//'], ['', '/', '//', './', '../']);
const winPath = pathOf(['\\', '/', '\\\\'], ['', '\\', '/', 'C:', 'C:\\', 'c:/', 'D:\\', '\\\\server\\share', '\\\\server\\share\\', '//srv/sh/', '.\\', '..\\']);

/** normalize, dirname, basename, isAbsolute and join of the stand-in give node:path's answers on `paths`. */
function sameAsNode(ours: typeof posix, node: typeof nodePosix, paths: fc.Arbitrary<string>): void {
  for (const fn of ['normalize', 'dirname', 'basename', 'isAbsolute'] as const) {
    it(`${fn} equals node:path`, () => {
      fc.assert(fc.property(paths, (p) => {
        expect(ours[fn](p)).toBe(node[fn](p));
      }), { numRuns: RUNS });
    });
  }
  it('join equals node:path', () => {
    fc.assert(fc.property(fc.array(paths, { maxLength: 4 }), (ps) => {
        expect(ours.join(...ps)).toBe(node.join(...ps));
      }), { numRuns: RUNS });
  });
}

describe('posix', () => {
  setPathCwd(() => '/work/proj');
  sameAsNode(posix, nodePosix, posixPath);
  it('resolve and relative equal node:path from an absolute base', () => {
    const base = posixPath.map((p) => `/work/${p}`);
    fc.assert(
      fc.property(base, posixPath, (b, p) => {
        expect(posix.resolve(b, p)).toBe(nodePosix.resolve(b, p));
        expect(posix.relative(b, posix.resolve(b, p))).toBe(nodePosix.relative(b, nodePosix.resolve(b, p)));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('win32', () => {
  sameAsNode(win32, nodeWin32, winPath);
  it('resolve and relative equal node:path from an absolute drive or UNC base', () => {
    // realistic forms: a base on a drive or a share, targets relative, on a drive, or on that share
    // (node:path compares UNC roots as text, so `\\\\server\\sharea` counts as under `share`: not a case)
    const relativeWin = winPath.filter((p) => !/^([A-Za-z]:|[\\/])/.test(p));
    const base = fc.tuple(fc.constantFrom('C:\\work\\', 'c:/work/', '\\\\server\\share\\'), relativeWin).map(([r, p]) => r + p);
    const target = fc.tuple(fc.constantFrom('', 'C:\\', 'D:/', '\\\\server\\share\\', '\\\\other\\sh\\'), relativeWin).map(([r, p]) => r + p);
    fc.assert(
      fc.property(base, target, (b, p) => {
        expect(win32.resolve(b, p)).toBe(nodeWin32.resolve(b, p));
        expect(win32.relative(b, win32.resolve(b, p))).toBe(nodeWin32.relative(b, nodeWin32.resolve(b, p)));
      }),
      { numRuns: RUNS },
    );
  });
});
