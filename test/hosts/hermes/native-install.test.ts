/**
 * Hermes's own install route for the bundle in dist/hermes/stopline (plugin.yaml at its root):
 * the real Hermes 0.19.0 CLI (`.hosts/hermes`, a venv) runs `hermes plugins install
 * file://<clone>#dist/hermes/stopline --enable` in a throwaway HERMES_HOME, then a real
 * `hermes chat -q` turn against the fake model server (offline, 127.0.0.1) is stopped by a review
 * contract over what Hermes installed, and after `hermes plugins remove stopline` the same turn
 * runs everything. Only Hermes's own commands put the plugin there and take it away.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { hostsRoot } from '../harness/hosts';
import { doctor, hostCommand, makeCheckout, statuses } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact, type RealHostCase } from '../shared/real-host';
import { decisionOf } from './real/scenarios';
import { hermesEnv, hermesHome, runHermes, writeHermesConfig } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
requireArtifact('hermes', 'stopline', 'plugin.yaml');
const runs = realHostRuns({ prefix: 'hermes-native', startServer: startChatServer, describeTimings: () => null });
const HERMES = join(hostsRoot, 'hermes', 'venv', 'bin', 'hermes');

/** A review turn: a write, a terminal write and a read, one per model turn. */
const TURN = {
  threads: [
    {
      name: 'main',
      turns: [
        { toolCalls: [{ id: 'call_write', name: 'write_file', input: { path: 'new.txt', content: 'new\n' } }] },
        { toolCalls: [{ id: 'call_touch', name: 'terminal', input: { command: 'touch x' } }] },
        { toolCalls: [{ id: 'call_read', name: 'read_file', input: { path: 'a.txt' } }] },
        { text: 'finished' },
      ],
    },
  ],
};
const PROMPT = '$stopline review -- look at a.txt';

/** What the model read for a call: the reason code of a STOP stamp, or 'ran'. */
function decision(s: FakeModelServer, id: string): string {
  const text = s.toolResultText(id);
  expect(text, `the model never received a result for ${id}`).toBeDefined();
  return decisionOf(text!.startsWith('{"error": "STOP / ') ? (JSON.parse(text!) as { error: string }).error : null);
}

describeRealHost(status, 'Hermes Agent 0.19.0: `hermes plugins install` from a clone', HOSTS_FOR.hermes, 600_000, () => {
  describe('installed, used, removed', () => {
    let c: RealHostCase;
    let env: Record<string, string> = {};
    let clone = '';
    let first: FakeModelServer;

    beforeAll(async () => {
      c = runs.newCase('native');
      env = hermesEnv(c);
      clone = makeCheckout(join(c.runDir, 'clone'));
      // 0.19.0 installs from git only: the clone is a repository, as a person's clone would be
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: clone });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'clone');
      // the person's model settings come first; Hermes's installer adds plugins.enabled to the same file
      first = await runs.server(TURN);
      writeHermesConfig(c, first);
      const r = await hostCommand(HERMES, ['plugins', 'install', `file://${clone}#dist/hermes/stopline`, '--enable'], env, c.home);
      expect(r.stdout + r.stderr).toContain('Plugin stopline enabled');
    });

    it('installs the bundle as $HERMES_HOME/plugins/stopline with plugin.yaml at its root and enables it', () => {
      const dir = join(hermesHome(c), 'plugins', 'stopline');
      for (const f of ['plugin.yaml', '__init__.py', 'stopline.mjs']) expect(readFileSync(join(dir, f))).toEqual(readFileSync(join(clone, 'dist', 'hermes', 'stopline', f)));
      expect(readFileSync(join(hermesHome(c), 'config.yaml'), 'utf8')).toMatch(/plugins:\n\s+enabled:\n\s+- stopline/);
      expect(execFileSync(HERMES, ['plugins', 'list', '--plain'], { env, encoding: 'utf8' })).toContain('stopline');
    });

    it('a real `hermes chat -q` review turn over that install: write_file and terminal `touch x` are stopped and change nothing; read_file runs', async () => {
      const s = first;
      const r = await runHermes(c, s, PROMPT);
      expect(['call_write', 'call_touch', 'call_read'].map((id) => decision(s, id))).toEqual(['MODE_FORBIDS_MUTATION', 'MODE_FORBIDS_MUTATION', 'ran']);
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      expect(s.toolResultText('call_read')).toContain('alpha');
      expect(r.stderr).toContain('stopline: contract set: ARMED / review guard');
    });

    it('`stopline doctor hermes` sees it as installed and enabled; its probe is denied', async () => {
      const d = await doctor('hermes', env, c.runDir);
      const report = d.reports.find((x) => x.host === 'hermes');
      expect(statuses(report), JSON.stringify(d.reports, null, 1)).toMatchObject({ artifact: 'pass', registered: 'pass', 'would-run': 'pass', enforcement: 'pass' });
    });

    it('`hermes plugins remove stopline` takes the folder away: the same real turn then runs everything', async () => {
      await hostCommand(HERMES, ['plugins', 'remove', 'stopline'], env, c.runDir);
      expect(existsSync(join(hermesHome(c), 'plugins', 'stopline'))).toBe(false);
      // Hermes 0.19.0 leaves the name in plugins.enabled; with the folder gone nothing loads
      expect(readFileSync(join(hermesHome(c), 'config.yaml'), 'utf8')).toMatch(/- stopline/);
      // a fresh scripted model for the second turn: only its address changes in Hermes's config
      const s = await runs.server(TURN);
      const config = join(hermesHome(c), 'config.yaml');
      writeFileSync(config, readFileSync(config, 'utf8').replace(first.baseUrl, s.baseUrl));
      await runHermes(c, s, PROMPT);
      expect(['call_write', 'call_touch', 'call_read'].map((id) => decision(s, id))).toEqual(['ran', 'ran', 'ran']);
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expect(existsSync(join(c.project, 'x'))).toBe(true);
    });
  });
});
