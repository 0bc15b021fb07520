/**
 * OpenCode's own install routes for the npm package (package.json `main`/`exports` name the one
 * plugin file), on the real 1.18.33, offline, in a throwaway HOME: `opencode plugin <path>` with
 * the unpacked `npm pack` tarball, and a hand-written `"plugin": [...]` entry in opencode.json.
 * OpenCode has no command that removes a plugin; taking the entry out of opencode.json is the
 * uninstall, and the last test checks that nothing of stopline runs after it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, requireHost, runOpenCode, startChatServer } from '../harness';
import { baseEnv } from '../harness/process';
import { doctor, hostCommand, makeCheckout, packCheckout, statuses, writeAndTouch } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.opencode);
requireArtifact('opencode', 'stopline.js');

const runs = realHostRuns({ prefix: 'opencode-native', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });


async function session(c: RealHostCase, prompt: string, config?: Record<string, unknown>) {
  const s = await runs.server(writeAndTouch(c, 'filePath'));
  const r = await runOpenCode({ project: c.project, prompt, server: s, runDir: c.runDir, args: ['--'], timeoutMs: 300_000, ...(config ? { config } : {}) });
  expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
  return { s, r };
}

describeRealHost(status, 'OpenCode 1.18.33: the npm package as a plugin', HOSTS_FOR.opencode, 600_000, () => {
  let packageDir = '';

  beforeAll(async () => {
    const root = runs.newCase('pack').runDir;
    ({ packageDir } = await packCheckout(makeCheckout(join(root, 'checkout')), join(root, 'packed')));
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.exports).toEqual({ '.': './dist/opencode/stopline.js' });
  });

  it('`opencode plugin <unpacked tarball>` writes the project config; a review session stops the write and the shell', async () => {
    const c = runs.newCase('plugin-cmd');
    const env = { ...baseEnv(c.home, join(c.runDir, 'tmp')), XDG_CONFIG_HOME: join(c.home, '.config'), XDG_DATA_HOME: join(c.home, '.local', 'share'), XDG_CACHE_HOME: join(c.home, '.cache'), XDG_STATE_HOME: join(c.home, '.local', 'state'), OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', npm_config_offline: 'true' };
    mkdirSync(join(c.runDir, 'tmp'), { recursive: true });
    const out = await hostCommand(requireHost('opencode'), ['plugin', packageDir], env, c.project);
    expect(out.stdout + out.stderr).toContain('Installed');
    expect(JSON.parse(readFileSync(join(c.project, '.opencode', 'opencode.json'), 'utf8')).plugin).toEqual([packageDir]);
    const d = await doctor('opencode', env, c.project);
    expect(statuses(d.reports.find((r) => r.scope === `native ${packageDir}`)), JSON.stringify(d.reports, null, 1)).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'pass', enforcement: 'pass' });
    const { s } = await session(c, '$stopline review -- look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');
    expectStopped(s, 'call_bash', 'MODE_FORBIDS_MUTATION');
  });

  it('a `"plugin": [...]` entry in the global opencode.json loads it too (files=a.txt: the write of new.txt is stopped)', async () => {
    const c = runs.newCase('entry');
    const { s } = await session(c, '$stopline change files=a.txt -- fix a.txt', { plugin: [packageDir] });
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_write', 'PATH_OUTSIDE_CONTRACT');
  });

  it('with the entry taken out of opencode.json nothing of stopline runs: a review session writes', async () => {
    const c = runs.newCase('removed');
    const { s, r } = await session(c, '$stopline review -- look at a.txt', { plugin: [] });
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s, 'call_write');
    expect(r.stderr).not.toContain(packageDir);
  });
});
