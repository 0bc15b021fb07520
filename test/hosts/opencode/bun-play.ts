/**
 * Runs the shipped dist/opencode/stopline.js the way the plugin tests drive it: under Bun (the
 * runtime the host loads plugins in), inside a fake host script that plays a list of steps, with
 * a throwaway HOME and project. The host's answer is what the test reads; a host
 * that exits non-zero fails the test with its stderr.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from '../harness';
import { requireArtifact } from '../shared/real-host';

export const BUN = join(repoRoot, 'node_modules', '.bin', 'bun');

/** The host script's JSON answer to `steps`; `env` adds to the fresh HOME's XDG folders. */
export function playInBun<T>(hostScript: string, steps: unknown[], env: Record<string, string> = {}): T {
  const work = mkdtempSync(join(tmpdir(), 'stopline-bun-play-'));
  try {
    const home = join(work, 'home');
    const project = join(work, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const r = spawnSync(BUN, [hostScript, requireArtifact('opencode', 'stopline.js'), project], {
      input: JSON.stringify({ steps }),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: join(home, '.local', 'share'), XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.local', 'state'), ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
