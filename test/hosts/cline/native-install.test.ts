/**
 * Cline's install route, on the real 3.0.65, offline, in a throwaway HOME. Cline has no plugin
 * manager for hook files: `stopline install cline` (the built CLI) is the route. It writes one
 * executable file per event into ~/.cline/hooks; a review-mode `touch` is then stopped, doctor
 * is green, and after `stopline uninstall cline` no hook file is left and the same call runs.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLINE_EVENTS } from '../../../hosts/cline/install';
import { ensureHosts, HOSTS_FOR, startHostChatServer } from '../harness';
import { runCline } from './harness';
import { runProcess } from '../harness/process';
import { doctor, statuses } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.cline);
const script = requireArtifact('cline', 'stopline.mjs');
const cliScript = join(script, '..', '..', 'stopline.mjs');
const runs = realHostRuns({ prefix: 'cline-native', startServer: startHostChatServer, describeTimings: () => null });

describeRealHost(status, 'stopline install cline (Cline CLI 3.0.65)', HOSTS_FOR.cline, 300_000, () => {
  it('writes an executable hook file per event; a review-mode touch is stopped, doctor is green, uninstall takes every file away', async () => {
    const c = runs.newCase('install');
    const env = { HOME: c.home, PATH: process.env.PATH ?? '/usr/bin:/bin', XDG_CONFIG_HOME: join(c.home, '.config'), XDG_DATA_HOME: join(c.home, '.local', 'share'), XDG_STATE_HOME: join(c.home, '.local', 'state'), STOPLINE_DASHBOARD: 'off' };
    const cli = (...args: string[]) => runProcess({ command: process.execPath, args: [cliScript, ...args], cwd: c.home, env, timeoutMs: 120_000 });
    const i = await cli('install', 'cline', '--runtime', 'node');
    expect(i.code, i.stdout + i.stderr).toBe(0);
    const hooksDir = join(c.home, '.cline', 'hooks');
    expect(readdirSync(hooksDir).sort()).toEqual([...CLINE_EVENTS].sort());
    for (const e of CLINE_EVENTS) accessSync(join(hooksDir, e), constants.X_OK);
    expect(readFileSync(join(c.home, '.cline', 'stopline', 'stopline.mjs'), 'utf8')).toBe(readFileSync(script, 'utf8'));

    const touch = { threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_touch', name: 'run_commands', input: { commands: ['touch x'] } }] }, { text: 'done' }] }] };
    const s = await runs.server(touch);
    const r = await runCline({ project: c.project, prompt: '$stopline review -- look around', server: s, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expect(s.toolResultText('call_touch')).toContain('MODE_FORBIDS_MUTATION');

    const d = await doctor('cline', env, c.home);
    expect(statuses(d.reports.find((rep) => rep.host === 'cline' && rep.scope === 'user')), JSON.stringify(d.reports, null, 1)).toMatchObject({ artifact: 'pass', registered: 'pass', runtime: 'pass' });

    expect((await cli('uninstall', 'cline')).code).toBe(0);
    expect(existsSync(hooksDir) ? readdirSync(hooksDir) : []).toEqual([]);
    const t = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_again', name: 'run_commands', input: { commands: ['touch x'] } }] }, { text: 'done' }] }] });
    await runCline({ project: c.project, prompt: '$stopline review -- look around', server: t, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    expect(t.toolResultText('call_again')).not.toContain('STOP /');
  });
});
