/**
 * Qwen Code's own install route for dist/qwen (an extension folder in Qwen's format:
 * qwen-extension.json and hooks/hooks.json), on the real 0.24.4, offline, in a throwaway HOME:
 * `qwen extensions install <checkout>/dist/qwen --consent`, then sessions with no hook in
 * settings.json; `qwen extensions uninstall stopline` takes it out. Extension hooks run after
 * user and project hooks, so stopline's answer is the last one Qwen reads. `stopline install qwen`
 * is install-real.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, mainThread, qwenEnv, requireHost, runQwen, startChatServer, type FakeModelScript, type FakeModelServer } from '../harness';
import { runProcess } from '../harness/process';
import { doctor, extensionPerson, statuses } from '../shared/native-install';
import { DIST, describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.qwen);
requireArtifact('qwen', 'qwen-extension.json');
requireArtifact('stopline.mjs');

const runs = realHostRuns({ prefix: 'qwen-native', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /^STOP \// } });

// Qwen writes its settings version in on first use (`$version`); a file that has it stays byte-for-byte
const BASE_SETTINGS = `${JSON.stringify({ privacy: { usageStatisticsEnabled: false }, $version: 4 }, null, 2)}\n`;
const writeAndTouch = (c: RealHostCase): FakeModelScript =>
  mainThread('MAIN-MARK', [{ toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] }, { toolCalls: [{ id: 'call_touch', name: 'run_shell_command', input: { command: 'touch x' } }] }, { text: 'done' }]);

describeRealHost(status, 'Qwen Code 0.24.4: `qwen extensions install`', HOSTS_FOR.qwen, 240_000, () => {
  let person = '';
  let checkout = '';
  let server: FakeModelServer;
  const env = () => ({ ...qwenEnv(person, server).env, NO_COLOR: '1' });
  const qwen = (...args: string[]) => runProcess({ command: process.execPath, args: [requireHost('qwen'), ...args], cwd: join(person, 'home'), env: env(), timeoutMs: 120_000 });
  const session = async (c: RealHostCase, prompt: string, s: FakeModelServer) => {
    const r = await runQwen({ project: c.project, prompt, server: s, runDir: person, keepSettings: true });
    expect(r.code, `qwen exited ${r.code}\nstderr: ${r.stderr.slice(-2000)}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    ({ checkout, person, server } = await extensionPerson(runs, '.qwen/settings.json', BASE_SETTINGS));
  });

  it('`qwen extensions install --consent` copies the folder and enables it; a review session is stopped without any hook in settings.json', async () => {
    const r = await qwen('extensions', 'install', join(checkout, 'dist', 'qwen'), '--consent');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Extension "stopline" installed successfully and enabled.');
    const installed = join(person, 'home', '.qwen', 'extensions', 'stopline');
    expect(readFileSync(join(installed, 'stopline.mjs'), 'utf8')).toBe(readFileSync(join(DIST, 'qwen', 'stopline.mjs'), 'utf8'));
    expect(readFileSync(join(person, 'home', '.qwen', 'settings.json'), 'utf8')).toBe(BASE_SETTINGS);
    const c = runs.newCase('review');
    const s = await runs.server(writeAndTouch(c));
    await session(c, '$stopline review -- MAIN-MARK look at a.txt', s);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');
    expectStopped(s, 'call_touch', 'MODE_FORBIDS_MUTATION');
  });

  it("a person's user hook that answers allow does not cancel the extension's deny (extensions answer last)", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    writeFileSync(join(person, 'home', '.qwen', 'settings.json'), JSON.stringify({ privacy: { usageStatisticsEnabled: false }, hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `echo '${allow}'` }] }] } }));
    try {
      const c = runs.newCase('later-allow');
      const s = await runs.server(writeAndTouch(c));
      await session(c, '$stopline review -- MAIN-MARK look at a.txt', s);
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');
    } finally {
      writeFileSync(join(person, 'home', '.qwen', 'settings.json'), BASE_SETTINGS);
    }
  });

  it('`stopline doctor qwen` recognises the extension and its probe is denied', async () => {
    const d = await doctor('qwen', env(), join(person, 'home'));
    const report = d.reports.find((r) => r.host === 'qwen' && r.scope === 'native stopline');
    expect(statuses(report), JSON.stringify(d.reports, null, 1)).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'pass', enforcement: 'pass' });
  });

  it('`qwen extensions uninstall stopline` takes it out: no stopline file is left and a review session writes', async () => {
    const r = await qwen('extensions', 'uninstall', 'stopline');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(existsSync(join(person, 'home', '.qwen', 'extensions', 'stopline'))).toBe(false);
    const c = runs.newCase('removed');
    const s = await runs.server(writeAndTouch(c));
    await session(c, '$stopline review -- MAIN-MARK look at a.txt', s);
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s, 'call_write');
  });
});
