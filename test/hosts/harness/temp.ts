import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh temp folder (real path: hosts report resolved paths, so comparisons stay simple).
 * The caller removes it, e.g. `afterAll(() => rmSync(root, { recursive: true, force: true }))`.
 */
export function makeTempRoot(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `stopline-${prefix}-`)));
}
