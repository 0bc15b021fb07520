/**
 * A real OpenCode v2, when one is given: STOPLINE_OPENCODE2_BIN=/path/to/opencode2. None can be
 * installed or built here (docs/hosts/opencode.md, "OpenCode v2": the v2 packages are not on the
 * registry this project reaches and its source is not brought here), so this suite is skipped
 * unless a binary is named; CI names none.
 *
 * What it proves with a real v2, without a model: `stopline install opencode` puts the one
 * plugin file where v2 looks, v2's own `plugin list` names stopline as loaded (discovery is not
 * activation), and `stopline doctor opencode` agrees. The seven scenarios on v2 need an offline
 * model recipe for v2's provider config, which no run here could establish; the door's answers
 * to them are proven against the v2 event shapes in door.test.ts and artifact.test.ts.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, cleanupTempDirs, cli, tempDir } from '../../cli/helpers';
import { runProcess } from '../harness/process';

const BIN = process.env.STOPLINE_OPENCODE2_BIN;
const SKIP_REASON = 'no OpenCode v2 binary given: set STOPLINE_OPENCODE2_BIN=/path/to/opencode2 (none can be installed or built here)';
const DIST = join(REPO, 'dist');

afterAll(cleanupTempDirs);

const suite = BIN && existsSync(BIN) ? describe : describe.skip;

suite(BIN ? `a real OpenCode v2 (${BIN})` : `a real OpenCode v2 (skipped: ${SKIP_REASON})`, { timeout: 600_000 }, () => {
  function world() {
    const root = tempDir('stopline-oc2-real-');
    const home = join(root, 'home');
    const project = join(root, 'project');
    const bin = join(root, 'bin');
    for (const d of [home, project, bin]) mkdirSync(d, { recursive: true });
    // `opencode2` on PATH is how install and doctor find v2
    symlinkSync(BIN!, join(bin, 'opencode2'));
    const xdg = { XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'), XDG_STATE_HOME: join(home, '.local', 'state'), XDG_CACHE_HOME: join(home, '.cache') };
    const env: Record<string, string> = { HOME: home, ...xdg, PATH: `${bin}:${join(REPO, 'node_modules', '.bin')}:/usr/local/bin:/usr/bin:/bin`, NO_COLOR: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1' };
    return { home, project, env };
  }

  it('after `stopline install opencode`, v2\'s own plugin list names stopline as loaded, and doctor agrees', async () => {
    const w = world();
    const install = await cli(['install', 'opencode', '--from', DIST], { env: w.env, cwd: w.project });
    expect(install.code, install.stderr).toBe(0);
    const list = await runProcess({ command: BIN!, args: ['plugin', 'list', '--standalone'], cwd: w.project, env: w.env, timeoutMs: 300_000 });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^stopline\s+local\s+\S*stopline\.js$/m);
    const doctor = await cli(['doctor', 'opencode', '--json', '--from', DIST], { env: w.env, cwd: w.project });
    const checks = (JSON.parse(doctor.stdout) as { reports: { checks: { id: string; status: string }[] }[] }).reports.flatMap((r) => r.checks);
    expect(checks.find((c) => c.id === 'loaded-v2')?.status).toBe('pass');
    expect(checks.find((c) => c.id === 'enforcement-v2')?.status).toBe('pass');
  });
});
