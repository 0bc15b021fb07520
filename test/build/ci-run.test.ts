import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the CI entry in a throwaway checkout whose `npm` is a stand-in that exits with `npmExit`. */
function runCiWithNpm(npmExit: number) {
  const root = mkdtempSync(join(tmpdir(), 'stopline-ci-'));
  made.push(root);
  mkdirSync(join(root, '.ci'));
  copyFileSync(join(REPO, '.ci', 'run'), join(root, '.ci', 'run'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\nexit ${npmExit}\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  return spawnSync('bash', [join(root, '.ci', 'run')], { encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root } });
}

describe('.ci/run', () => {
  it('a step that fails before the suite still ends with the closing line, naming the step', () => {
    const r = runCiWithNpm(3);
    expect(r.status).toBe(3);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-2)).toBe('stopline CI: stopped at npm ci (exit 3)');
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
  });
});
