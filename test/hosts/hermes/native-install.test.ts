/**
 * Hermes's own install route for the bundle in dist/hermes/stopline (plugin.yaml at its root):
 * the real Hermes 0.19.0 CLI (`.hosts/hermes`, a venv) runs `hermes plugins install
 * file://<clone>#dist/hermes/stopline --enable` and later `hermes plugins remove stopline` in a
 * throwaway HERMES_HOME. The turn in between goes through the Hermes emulator (harness.py)
 * over the folder Hermes installed, with Hermes's own config.yaml as the enable gate; the real
 * Hermes sessions over the same route are the Hermes real-host suite's. Skipped when the venv is
 * not there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempRoot } from '../harness';
import { hostsRoot } from '../harness/hosts';
import { baseEnv } from '../harness/process';
import { doctor, hostCommand, makeCheckout, statuses } from '../shared/native-install';
import { requireArtifact } from '../shared/real-host';
import { HARNESS } from './helpers';

const HERMES = join(hostsRoot, 'hermes', 'venv', 'bin', 'hermes');
const present = existsSync(HERMES);
if (!present) console.warn(`Hermes native install test skipped: ${HERMES} is not installed`);
requireArtifact('hermes', 'stopline', 'plugin.yaml');

describe.skipIf(!present)('Hermes Agent 0.19.0: `hermes plugins install` from a clone', { timeout: 180_000 }, () => {
  let root = '';
  let env: Record<string, string> = {};
  let hermesHome = '';
  let clone = '';

  beforeAll(async () => {
    root = makeTempRoot('hermes-native');
    clone = makeCheckout(join(root, 'clone'));
    // 0.19.0 installs from git only: the clone is a repository, as a person's clone would be
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: clone });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'clone');
    const home = join(root, 'home');
    hermesHome = join(home, '.hermes');
    mkdirSync(join(root, 'tmp'), { recursive: true });
    mkdirSync(home, { recursive: true });
    env = { ...baseEnv(home, join(root, 'tmp')), HERMES_HOME: hermesHome, XDG_CONFIG_HOME: join(home, '.config'), PYTHONDONTWRITEBYTECODE: '1' };
    const r = await hostCommand(HERMES, ['plugins', 'install', `file://${clone}#dist/hermes/stopline`, '--enable'], env, home);
    expect(r.stdout + r.stderr).toContain('Plugin stopline enabled');
  });

  it('installs the bundle as $HERMES_HOME/plugins/stopline with plugin.yaml at its root and enables it', () => {
    const dir = join(hermesHome, 'plugins', 'stopline');
    for (const f of ['plugin.yaml', '__init__.py', 'stopline.mjs']) expect(readFileSync(join(dir, f))).toEqual(readFileSync(join(clone, 'dist', 'hermes', 'stopline', f)));
    expect(readFileSync(join(hermesHome, 'config.yaml'), 'utf8')).toMatch(/plugins:\n\s+enabled:\n\s+- stopline/);
    expect(execFileSync(HERMES, ['plugins', 'list', '--plain'], { env, encoding: 'utf8' })).toContain('stopline');
  });

  /** One emulated review turn over what is in $HERMES_HOME/plugins, gated by Hermes's own config.yaml. */
  const reviewTurn = () => {
    const scenario = join(root, 'turn.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        session_id: '20261201_120000_abcdef',
        user_message: '$stopline review -- look at a.txt',
        history: [],
        tool_calls: [
          { tool_call_id: 'call_0', tool_name: 'write_file', args: { path: 'new.txt', content: 'new\n' } },
          { tool_call_id: 'call_1', tool_name: 'terminal', args: { command: 'touch x' } },
          { tool_call_id: 'call_2', tool_name: 'read_file', args: { path: 'a.txt' } },
        ],
        final_response: 'done',
      }),
    );
    mkdirSync(join(hermesHome, 'plugins'), { recursive: true });
    const r = spawnSync('python3', [HARNESS, 'turn', join(hermesHome, 'plugins'), scenario, '--config', join(hermesHome, 'config.yaml')], { env: { ...env, STOPLINE_HERMES_TIMEOUT_MS: '20000' }, encoding: 'utf8', cwd: root, timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { tool_calls: { tool_called: boolean; error: string | null }[] }).tool_calls;
  };

  it('a review turn over the installed folder (config.yaml as the gate) blocks write_file and terminal `touch x`; read_file runs', () => {
    const rows = reviewTurn();
    expect(rows.map((x) => x.tool_called)).toEqual([false, false, true]);
    for (const row of rows.slice(0, 2)) expect(row.error).toContain('Reason: MODE_FORBIDS_MUTATION');
  });

  it('`stopline doctor hermes` sees it as installed and enabled; its probe is denied', async () => {
    const d = await doctor('hermes', env, root);
    const report = d.reports.find((x) => x.host === 'hermes');
    expect(statuses(report), JSON.stringify(d.reports, null, 1)).toMatchObject({ artifact: 'pass', registered: 'pass', 'would-run': 'pass', enforcement: 'pass' });
  });

  it('`hermes plugins remove stopline` takes the folder away: the same review turn then runs everything', async () => {
    await hostCommand(HERMES, ['plugins', 'remove', 'stopline'], env, root);
    expect(existsSync(join(hermesHome, 'plugins', 'stopline'))).toBe(false);
    // Hermes 0.19.0 leaves the name in plugins.enabled; with the folder gone nothing loads
    expect(reviewTurn().map((x) => x.tool_called)).toEqual([true, true, true]);
  });
});
