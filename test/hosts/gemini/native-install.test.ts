/**
 * Gemini CLI's own install route for dist/gemini (an extension folder: gemini-extension.json and
 * hooks/hooks.json), on the real 0.61.0, offline, in a throwaway HOME: `gemini extensions install
 * <checkout>/dist/gemini --consent` (it still asks to trust the source folder: `y` on stdin), then
 * sessions with no hook in settings.json; `gemini extensions uninstall stopline` takes it out.
 * `stopline install gemini` is install-real.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureHosts, GEMINI_OFFLINE_SETTINGS, geminiEnv, HOSTS_FOR, mainThread, requireHost, runGemini, startGeminiServer, type FakeModelScript, type FakeModelServer } from '../harness';
import { runProcess } from '../harness/process';
import { doctor, extensionPerson, filesMentioning, statuses } from '../shared/native-install';
import { DIST, describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.gemini);
requireArtifact('gemini', 'gemini-extension.json');
requireArtifact('stopline.mjs');

const runs = realHostRuns({ prefix: 'gemini-native', startServer: startGeminiServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'Tool execution blocked: STOP /', ran: { never: 'Tool execution blocked' } });

const writeAndTouch = (): FakeModelScript =>
  mainThread('MAIN-MARK', [{ toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: 'new.txt', content: 'new\n' } }] }, { toolCalls: [{ id: 'call_touch', name: 'run_shell_command', input: { command: 'touch x' } }] }, { text: 'done' }]);

describeRealHost(status, 'Gemini CLI 0.61.0: `gemini extensions install`', HOSTS_FOR.gemini, 240_000, () => {
  let person = '';
  let checkout = '';
  let server: FakeModelServer;
  const env = () => ({ ...geminiEnv(person, server).env, NO_COLOR: '1' });
  // the answer to Gemini's "trust this folder?" question goes in on stdin (the harness closes stdin otherwise)
  const gemini = (answer: string, ...args: string[]) =>
    runProcess({ command: '/bin/sh', args: ['-c', 'a="$1"; shift; printf "%s" "$a" | "$@"', 'sh', answer, process.execPath, requireHost('gemini'), ...args], cwd: join(person, 'home'), env: env(), timeoutMs: 120_000 });
  const session = async (c: RealHostCase, prompt: string, s: FakeModelServer) => {
    const r = await runGemini({ project: c.project, prompt, server: s, runDir: person, keepSettings: true });
    expect(r.code, `gemini exited ${r.code}\nstderr: ${r.stderr.slice(-2000)}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    ({ checkout, person, server } = await extensionPerson(runs, '.gemini/settings.json', JSON.stringify(GEMINI_OFFLINE_SETTINGS, null, 2)));
  });

  it('`gemini extensions install` copies the folder and enables it; a review session is stopped without any hook in settings.json', async () => {
    const r = await gemini('y\n', 'extensions', 'install', join(checkout, 'dist', 'gemini'), '--consent');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Extension "stopline" installed successfully and enabled.');
    const installed = join(person, 'home', '.gemini', 'extensions', 'stopline');
    expect(readFileSync(join(installed, 'stopline.mjs'), 'utf8')).toBe(readFileSync(join(DIST, 'gemini', 'stopline.mjs'), 'utf8'));
    expect(readFileSync(join(person, 'home', '.gemini', 'settings.json'), 'utf8')).not.toContain('stopline');
    const c = runs.newCase('review');
    const s = await runs.server(writeAndTouch());
    await session(c, '$stopline review -- MAIN-MARK look at a.txt', s);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');
    expectStopped(s, 'call_touch', 'MODE_FORBIDS_MUTATION');
  });

  it('`stopline doctor gemini` recognises the extension and its probe is denied', async () => {
    const d = await doctor('gemini', env(), join(person, 'home'));
    const report = d.reports.find((r) => r.host === 'gemini' && r.scope === 'native stopline');
    expect(statuses(report), JSON.stringify(d.reports, null, 1)).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'pass', enforcement: 'pass' });
  });

  it('`gemini extensions uninstall stopline` takes it out: no stopline file is left and a review session writes', async () => {
    const r = await gemini('', 'extensions', 'uninstall', 'stopline');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(filesMentioning(join(person, 'home', '.gemini'), 'stopline.mjs')).toEqual([]);
    const c = runs.newCase('removed');
    const s = await runs.server(writeAndTouch());
    await session(c, '$stopline review -- MAIN-MARK look at a.txt', s);
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s, 'call_write');
  });
});
