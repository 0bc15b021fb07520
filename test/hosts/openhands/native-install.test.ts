/**
 * OpenHands has no plugin route that carries hooks to its CLI: its install route is the hooks
 * file, which `stopline install openhands` writes. End to end on the real 1.16.0, in a throwaway
 * HOME: the user install stops a review-mode write and doctor is green; a project's own
 * `.openhands/hooks.json` hides the user file (OpenHands reads only the first it finds), which
 * doctor reports and the session shows, until `--scope project` installs there; uninstall takes
 * stopline out of both files and the write runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runOpenHands } from './harness';
import { runProcess } from '../harness/process';
import { doctor, filesMentioning, statuses } from '../shared/native-install';
import { DIST, describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.openhands);
requireArtifact('openhands', 'stopline.mjs');
requireArtifact('stopline.mjs');

const runs = realHostRuns({ prefix: 'openhands-native', startServer: (script) => startChatServer(script), describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Action rejected: STOP \//, ran: { never: /STOP \// } });

const write = (c: RealHostCase) => ({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'file_editor', input: { command: 'create', path: join(c.project, 'new.txt'), file_text: 'new\n', security_risk: 'LOW' } }] }, { text: 'done' }] }] });

describeRealHost(status, '`stopline install openhands` on OpenHands 1.16.0', HOSTS_FOR.openhands, 400_000, () => {
  it('user scope stops a review write (doctor green); a project hooks file hides it until --scope project; uninstall lets the write run', async () => {
    const base = runs.newCase('install');
    const home = base.home;
    const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', STOPLINE_DASHBOARD: 'off', LANG: 'C.UTF-8' };
    const cli = (cwd: string, ...args: string[]) => runProcess({ command: process.execPath, args: [join(DIST, 'stopline.mjs'), ...args], cwd, env, timeoutMs: 120_000 });
    const session = async (c: RealHostCase, s: FakeModelServer) => {
      const r = await runOpenHands({ project: c.project, prompt: '$stopline review -- look at a.txt', server: s, runDir: base.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
      expect(r.code, `openhands exited ${r.code}\nstderr: ${r.stderr.slice(-2000)}`).toBe(0);
    };

    const i = await cli(home, 'install', 'openhands', '--runtime', 'node');
    expect(i.code, i.stdout + i.stderr).toBe(0);
    const hooks = JSON.parse(readFileSync(join(home, '.openhands', 'hooks.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd']);

    const a = { ...base, project: join(base.runDir, 'a') };
    mkdirSync(a.project);
    const s1 = await runs.server(write(a));
    await session(a, s1);
    expect(existsSync(join(a.project, 'new.txt'))).toBe(false);
    expectStopped(s1, 'call_write', 'MODE_FORBIDS_MUTATION');
    const d = await doctor('openhands', env, a.project);
    expect(statuses(d.reports.find((r) => r.host === 'openhands' && r.scope === 'user')), JSON.stringify(d.reports, null, 1)).toMatchObject({ artifact: 'pass', registered: 'pass', 'would-run': 'pass', runtime: 'pass', enforcement: 'pass' });

    // the person's own project hooks file: OpenHands now reads it alone
    const b = { ...base, project: join(base.runDir, 'b') };
    mkdirSync(join(b.project, '.openhands'), { recursive: true });
    writeFileSync(join(b.project, '.openhands', 'hooks.json'), '{}\n');
    const hidden = await doctor('openhands', env, b.project);
    expect(statuses(hidden.reports.find((r) => r.host === 'openhands' && r.scope === 'user'))['would-run']).toBe('fail');
    const s2 = await runs.server(write(b));
    await session(b, s2);
    expect(readFileSync(join(b.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s2, 'call_write');

    const p = await cli(b.project, 'install', 'openhands', '--scope', 'project', '--runtime', 'node');
    expect(p.code, p.stdout + p.stderr).toBe(0);
    const s3 = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'file_editor', input: { command: 'create', path: join(b.project, 'other.txt'), file_text: 'new\n', security_risk: 'LOW' } }] }, { text: 'done' }] }] });
    await session(b, s3);
    expect(existsSync(join(b.project, 'other.txt'))).toBe(false);
    expectStopped(s3, 'call_write', 'MODE_FORBIDS_MUTATION');

    expect((await cli(b.project, 'uninstall', 'openhands', '--scope', 'project')).code).toBe(0);
    expect(JSON.parse(readFileSync(join(b.project, '.openhands', 'hooks.json'), 'utf8'))).toEqual({});
    expect((await cli(home, 'uninstall', 'openhands')).code).toBe(0);
    expect(filesMentioning(join(home, '.openhands'), 'stopline.mjs', (rel) => rel.includes('.stopline-backup-') || rel.startsWith('conversations'))).toEqual([]);
    const c = { ...base, project: join(base.runDir, 'c') };
    mkdirSync(c.project);
    const s4 = await runs.server(write(c));
    await session(c, s4);
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s4, 'call_write');
  });
});
