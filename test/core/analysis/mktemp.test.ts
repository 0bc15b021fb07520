/**
 * mktemp says which folder its new file or folder lands in (its name is picked when it runs), so a
 * contract can tell a new name in a temp folder from one in the project; where only the run knows
 * the folder, it says nothing, and in every case the write stays one whose paths are unproven.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { CANONICAL_HOST } from '../../../core/registry/host-specs';
import { REGISTRIES } from '../../../core/registry/index';

const at = (command: string, vars?: Record<string, string>) => analyzeToolCall(REGISTRIES[CANONICAL_HOST], 'Bash', { command }, { cwd: '/w/p', home: '/home/u', ...(vars ? { vars } : {}) });
const entries = (command: string, vars?: Record<string, string>) => (at(command, vars).segments ?? []).flatMap((s) => (s.newEntry ? [s.newEntry] : []));

describe('mktemp names the folder of its new entry', () => {
  it.each([
    ['mktemp', '/tmp', 'tmp.'],
    ['mktemp -d', '/tmp', 'tmp.'],
    ['mktemp -d -t repro.XXXX', '/tmp', 'repro.'],
    ['mktemp --tmpdir run.XXXXXX', '/tmp', 'run.'],
    ['mktemp -p /var/tmp/ x.XXXX', '/var/tmp', 'x.'],
    ['mktemp -p "" x.XXXX', '/tmp', 'x.'],
    ['mktemp --tmpdir=build x.XXXX', 'build', 'x.'],
    ['mktemp -p . a.XXX', '.', 'a.'],
    ['mktemp out.XXXX', '.', 'out.'],
    ['mktemp -d build/cache.XXXX', 'build', 'cache.'],
    ['mktemp /tmp/abc.XXXX', '/tmp', 'abc.'],
    ['mktemp a.XXX.txt', '.', 'a.'],
    ['cd sub && mktemp q.XXX', 'sub', 'q.'],
    ['sh -c "mktemp -d"', '/tmp', 'tmp.'],
  ])('%s', (cmd, folder, prefix) => {
    const a = at(cmd);
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toBeNull();
    expect(entries(cmd)).toEqual([{ folder, prefix }]);
  });

  it("takes the hook's $TMPDIR as the default folder", () => {
    expect(entries('mktemp -d', { TMPDIR: '/var/folders/ab/T' })).toEqual([{ folder: '/var/folders/ab/T', prefix: 'tmp.' }]);
  });

  it('names no folder where only the run knows it, and -u makes nothing', () => {
    for (const cmd of [
      'mktemp -p "$D"',
      'export TMPDIR=/srv/t; mktemp',
      'TMPDIR=./t mktemp',
      'env TMPDIR=./t mktemp',
      '(TMPDIR=./t; mktemp)',
      'sh -c "TMPDIR=./t; mktemp"',
      'mktemp -t a/b.XXXX',
      'mktemp a.XXX b.XXX',
      'mktemp -t -p /x y.XXX',
      'mktemp --bogus',
      'cd "$X" && mktemp q.XXX',
      'mktemp -p /tmp/l/.. x.XXXX',
    ]) {
      const a = at(cmd);
      expect(entries(cmd), cmd).toEqual([]);
      expect(a.mutability, cmd).toBe('write');
    }
    expect(at('mktemp -u').mutability).toBe('read');
  });
});
