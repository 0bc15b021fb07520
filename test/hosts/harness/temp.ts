import { afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './hosts';

/**
 * A fresh temp folder (real path: hosts report resolved paths, so comparisons stay simple).
 * The caller removes it, e.g. `afterAll(() => rmSync(root, { recursive: true, force: true }))`.
 */
export function makeTempRoot(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `stopline-${prefix}-`)));
}

/**
 * A fresh folder under the repository's `.tmp/` (real path), removed after the test file: not a
 * temp folder, which a confined command may write, so a canary there would prove nothing.
 */
export function repoTempRoot(prefix: string): string {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const root = realpathSync(mkdtempSync(join(repoRoot, '.tmp', `${prefix}-`)));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Numbered fixtures in `root` (a repoTempRoot): a HOME, and a git project whose src/config.ts says `before` and whose README says `readme`. */
export function confineFixtures(root: string): () => { dir: string; home: string; project: string } {
  let n = 0;
  return () => {
    const dir = join(root, `f${++n}`);
    const home = join(dir, 'home');
    const project = join(dir, 'proj');
    mkdirSync(home, { recursive: true });
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src', 'config.ts'), 'before\n');
    writeFileSync(join(project, 'README.md'), 'readme\n');
    spawnSync('git', ['init', '-q'], { cwd: project });
    return { dir, home, project };
  };
}
