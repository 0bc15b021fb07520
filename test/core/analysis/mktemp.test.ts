/**
 * mktemp names where its new file or folder lies, so a contract can tell a scratch name in a temp
 * folder from one in the project; where only the run knows the folder, it names nothing.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';

const CWD = '/w/p';
const at = (cmd: string, vars?: Record<string, string>) => analyzeShell(cmd, { cwd: CWD, home: '/home/u', ...(vars ? { vars } : {}) });

describe('mktemp places what it makes', () => {
  it.each([
    ['mktemp', [], '/tmp/tmp.XXXXXXXXXX'],
    ['mktemp -d', [], '/tmp/tmp.XXXXXXXXXX'],
    ['mktemp -d -t repro.XXXX', [], '/tmp/repro.XXXX'],
    ['mktemp --tmpdir run.XXXXXX', [], '/tmp/run.XXXXXX'],
    ['mktemp -p /var/tmp x.XXXX', [], '/var/tmp/x.XXXX'],
    ['mktemp --tmpdir=build x.XXXX', [], 'build/x.XXXX'],
    ['mktemp -p "" x.XXXX', [], '/tmp/x.XXXX'],
    ['mktemp out.XXXX', [], 'out.XXXX'],
    ['mktemp -d build/cache.XXXX', [], 'build/cache.XXXX'],
    ['mktemp', ['TMPDIR', '/var/folders/ab/T'], '/var/folders/ab/T/tmp.XXXXXXXXXX'],
  ] as const)('%s', (cmd, env, where) => {
    const r = at(cmd, env.length ? { [env[0]!]: env[1]! } : undefined);
    expect(r.mutability).toBe('write');
    expect(r.affectedPaths).toEqual([where]);
  });

  it('names nothing where only the run knows the folder, and -u makes nothing', () => {
    for (const cmd of ['mktemp -p "$D"', 'export TMPDIR=/srv/t; mktemp', 'TMPDIR=./t mktemp', 'env TMPDIR=./t mktemp', 'mktemp -t a/b.XXXX', 'mktemp a.XXX b.XXX', 'mktemp -t -p /x y.XXX', 'mktemp --bogus']) {
      const r = at(cmd);
      expect(r.affectedPaths, cmd).toBeNull();
      expect(r.mutability, cmd).not.toBe('read');
    }
    expect(at('mktemp -u').mutability).toBe('read');
  });
});
