/**
 * dist/ is committed: rebuilding into a temp folder must give the same files, byte for byte
 * and with the same executable bits. A difference means dist/ is stale (run `npm run build`
 * and commit it) or the build is not reproducible.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../build/artifacts.mjs';
import { COMMITTED_DIST, scratch, treeDifferences } from './helpers';

describe('dist/ is fresh and the build is deterministic', () => {
  const tmp = scratch('fresh-dist');
  afterAll(() => tmp.cleanup());

  it('rebuilding into a temp folder reproduces the committed dist/ exactly', () => {
    const r = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: REPO_ROOT,
      env: { ...process.env, STOPLINE_DIST: tmp.dir, NO_COLOR: '1' },
      encoding: 'utf8',
      // twelve artifacts on a 2-core box that runs the rest of the suite beside it: minutes, not seconds
      timeout: 900_000,
    });
    expect(r.status, `npm run build failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
    expect(treeDifferences(COMMITTED_DIST, tmp.dir)).toEqual([]);
  }, 920_000);
});

describe('the tree comparison behind the freshness check', () => {
  it('reports missing, extra, changed and re-moded files', () => {
    const t = scratch('tree-diff');
    try {
      const a = join(t.dir, 'a');
      const b = join(t.dir, 'b');
      for (const root of [a, b]) mkdirSync(join(root, 'claude'), { recursive: true });
      writeFileSync(join(a, 'same.mjs'), 'x\n');
      writeFileSync(join(b, 'same.mjs'), 'x\n');
      writeFileSync(join(a, 'claude', 'changed.mjs'), 'one\ntwo\n');
      writeFileSync(join(b, 'claude', 'changed.mjs'), 'one\nTWO\n');
      writeFileSync(join(a, 'only-committed.txt'), '');
      writeFileSync(join(b, 'only-built.txt'), '');
      writeFileSync(join(a, 'mode.mjs'), 'm');
      writeFileSync(join(b, 'mode.mjs'), 'm');
      chmodSync(join(b, 'mode.mjs'), 0o755);
      expect(treeDifferences(a, b)).toEqual([
        'dist/only-committed.txt is committed but the build does not produce it (delete it, or add it to build/artifacts.mjs)',
        'dist/only-built.txt is produced by the build but not committed (run npm run build and commit dist/)',
        'dist/claude/changed.mjs differs from a fresh build (first at line 2; run npm run build and commit dist/)',
        'dist/mode.mjs executable bit differs (committed false, fresh true)',
      ]);
    } finally {
      t.cleanup();
    }
  });
});
