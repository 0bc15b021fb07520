/**
 * `stopline install kilo` on the real Kilo Code 7.7.7: the installed OpenCode plugin in Kilo's
 * global plugin folder stops a write under `$stopline review`, and `stopline doctor kilo` finds
 * the install and asks Kilo (`kilo debug config`) that it lists the file among its plugins.
 */
import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, requireHost, startChatServer } from '../harness';
import { runKilo } from './harness';
import { runProcess } from '../harness/process';
import { DIST, describeRealHost, realHostRuns, requireArtifact, stopAssertions } from '../shared/real-host';
import { doctor, statuses } from '../shared/native-install';

const status = await ensureHosts(HOSTS_FOR.kilo);
const runs = realHostRuns({ prefix: 'kilo-install', startServer: startChatServer, describeTimings: () => null });
const { expectStopped } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

describeRealHost(status, 'stopline install kilo, on Kilo Code 7.7.7', HOSTS_FOR.kilo, 600_000, () => {
  it('the installed plugin stops a review-mode write, and doctor says Kilo lists it', async () => {
    requireArtifact('opencode', 'stopline.js');
    const c = runs.newCase('user');
    const xdg = join(c.home, '.config');
    const env: Record<string, string> = {
      PATH: `${dirname(requireHost('kilo'))}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: c.home,
      XDG_CONFIG_HOME: xdg,
      XDG_DATA_HOME: join(c.home, '.local', 'share'),
      XDG_CACHE_HOME: join(c.home, '.cache'),
      XDG_STATE_HOME: join(c.home, '.local', 'state'),
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_TELEMETRY_LEVEL: 'off',
      STOPLINE_GUARD_TIMEOUT_MS: '120000',
    };
    const install = await runProcess({ command: process.execPath, args: [join(DIST, 'stopline.mjs'), 'install', 'kilo'], cwd: c.project, env, timeoutMs: 120_000 });
    expect(install.code, install.stderr).toBe(0);
    expect(existsSync(join(xdg, 'kilo', 'plugin', 'stopline.js'))).toBe(true);

    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'write', input: { filePath: join(c.project, 'new.txt'), content: 'x\n' } }] }, { text: 'done' }] }] });
    const r = await runKilo({ project: c.project, prompt: '$stopline review -- look', server: s, runDir: c.runDir, args: ['--'], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');

    const d = await doctor('kilo', env, c.project);
    const report = d.reports.find((x) => x.host === 'kilo' && x.scope === 'user');
    expect(statuses(report), JSON.stringify(report, null, 1)).toMatchObject({ artifact: 'pass', registered: 'pass', 'would-run': 'pass', enforcement: 'pass', loaded: 'pass' });
  });
});
