/**
 * Links made earlier in the same command: the disk the decision reads does not hold them yet, so
 * a write through such a name is judged where it cannot be proven to land (unproven: confined or
 * asked, never allowed as a proven write inside files=). A hard link is a second name of its
 * source, so making one writes the source: a protected source is self-protection.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { decide, type DecideContext } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import { armed, bash, HOME, P } from './helpers';

const ctx: DecideContext = { selfPaths: ['/home/u/.codex/hooks.json', '/home/u/.codex', '/home/u/.config/stopline'], home: HOME, cwd: P };

describe('writes through a link made earlier in the same command', () => {
  it.each([
    ['ln -s ~/.codex/hooks.json src/x && printf X >> src/x', armed({ files: ['src/**'] }), 'WRITE_PATH_UNPROVEN'],
    ['ln -s /etc/passwd src/x; echo X > src/x', armed({ files: ['src/**'] }), 'WRITE_PATH_UNPROVEN'],
    ['ln -sf ../../outside src/d && cd src && printf X > d/f', armed({ files: ['src/**'] }), 'WRITE_PATH_UNPROVEN'],
    ['ln -s ~/.codex src/ && printf X > src/.codex/hooks.json', armed({ files: ['src/**'] }), 'WRITE_PATH_UNPROVEN'],
    ['cp -s ~/.codex/hooks.json src/x && printf X >> src/x', armed({ files: ['src/**'] }), 'WRITE_PATH_UNPROVEN'],
  ])('%s: the write through it is unproven, and a sandbox can hold it', (command, contract, code) => {
    const a = bash(command);
    expect(a.affectedPaths).toBeNull();
    const d = decide(contract, a, ctx);
    expect([d.reasonCode, d.confinable]).toEqual([code, { rules: [code] }]);
  });

  it('under a contract with no files= the symbolic form runs confined, not as it is', () => {
    const d = decide(armed({}), bash('ln -s ~/.codex/hooks.json src/x && printf X >> src/x'), ctx);
    expect([d.reasonCode, d.confinable]).toEqual(['WITHIN_CONTRACT', { rules: [] }]);
  });

  it('a link alone, or a write to another name, stays proven', () => {
    expect(analyzeShell('ln -s ../lib/a.ts src/a.ts', { cwd: P, home: HOME }).affectedPaths).toEqual(['src/a.ts']);
    expect(analyzeShell('ln -s ../lib/a.ts src/a.ts && printf X > src/b.ts', { cwd: P, home: HOME }).affectedPaths).toEqual(['src/a.ts', 'src/b.ts']);
    // a write before the link is made does not go through it
    expect(analyzeShell('printf X > src/x && ln -sf ../y src/x', { cwd: P, home: HOME }).affectedPaths).toEqual(['src/x']);
  });
});

describe('a hard link writes its source', () => {
  it.each([
    ['ln ~/.codex/hooks.json src/x'],
    ['ln -t src ~/.codex/hooks.json'],
    ['cd ~/.codex && ln hooks.json /w/p/src/h'],
    ['cp -l ~/.codex/hooks.json src/x'],
    ['cp -al ~/.codex src/'],
  ])('%s: a protected source is self-protection under every contract', (command) => {
    const a = bash(command);
    for (const contract of [freshContract(), armed({}), armed({ files: ['src/**'] }), armed({ mode: 'review' })]) {
      expect(decide(contract, a, ctx).reasonCode).toBe('GUARD_SELF_PROTECTION');
    }
  });

  it('made and written through in one command: never a proven write (confined under files=)', () => {
    // the hard link's protected source sits beside an unproven write: self-protection of targets
    // next to unproven ones is judged elsewhere; here the write is at least never proven
    const a = bash('ln ~/.codex/hooks.json src/x && printf X >> src/x');
    expect(a.affectedPaths).toBeNull();
    const d = decide(armed({ files: ['src/**'] }), a, ctx);
    expect([d.reasonCode, d.confinable]).toEqual(['WRITE_PATH_UNPROVEN', { rules: ['WRITE_PATH_UNPROVEN'] }]);
  });

  it('the source is a target: outside files= it is outside the contract; inside, within it', () => {
    expect(analyzeShell('ln ../other.txt src/x', { cwd: P, home: HOME }).affectedPaths).toEqual(['/w/other.txt', 'src/x']);
    expect(decide(armed({ files: ['src/**'] }), bash('ln ../other.txt src/x'), ctx).reasonCode).toBe('PATH_OUTSIDE_CONTRACT');
    expect(decide(armed({ files: ['src/**'] }), bash('ln src/a.ts src/b.ts'), ctx).reasonCode).toBe('WITHIN_CONTRACT');
    // a plain copy's source is not written
    expect(analyzeShell('cp ../other.txt src/x', { cwd: P, home: HOME }).affectedPaths).toEqual(['src/x']);
    // a symbolic link's source is not written
    expect(analyzeShell('ln -s ../other.txt src/x', { cwd: P, home: HOME }).affectedPaths).toEqual(['src/x']);
  });
});
