/**
 * One TMPDIR for every Pi the tests start. Pi transpiles a .ts extension with jiti on first
 * load and keeps the result in $TMPDIR/jiti, keyed by the file's content; the ~800 KB bundle
 * takes seconds of CPU to transpile (a minute on a loaded 2-core box), so the suites share this
 * build cache (git-ignored, under node_modules/.cache) instead of paying it on every run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../harness';

export function piJitiCache(): string {
  const dir = join(repoRoot, 'node_modules', '.cache', 'stopline-pi-tmp');
  mkdirSync(dir, { recursive: true });
  return dir;
}
