/**
 * Vibe's route is the hook file: `stopline install vibe` (the built CLI) in a throwaway HOME
 * writes the script and its hooks.toml tables beside the person's own; the real Vibe 3.0.2 then
 * stops a review-mode write, `stopline doctor vibe` runs the registered command as Vibe would and
 * passes, and after `stopline uninstall vibe` the same write runs and only the person's table is
 * left. Vibe has no command that lists the hooks it loaded, so the session is the proof that it
 * loaded them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer } from '../harness';
import { runVibe } from './harness';
import { runProcess } from '../harness/process';
import { doctor, statuses } from '../shared/native-install';
import { DIST, describeRealHost, realHostRuns, requireArtifact, stopAssertions } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.vibe);
const runs = realHostRuns({ prefix: 'vibe-native', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /STOP \// } });

describeRealHost(status, 'stopline install vibe (Vibe 3.0.2)', HOSTS_FOR.vibe, 300_000, () => {
  it("install adds its tables after the person's own, the session stops a review-mode write, doctor passes, uninstall leaves the person's file as it was", async () => {
    requireArtifact('stopline.mjs');
    requireArtifact('vibe', 'stopline.mjs');
    const c = runs.newCase('install');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: c.home, STOPLINE_DASHBOARD: 'off' };
    const cli = (...args: string[]) => runProcess({ command: process.execPath, args: [join(DIST, 'stopline.mjs'), ...args], cwd: c.project, env, timeoutMs: 120_000 });
    const hooksFile = join(c.home, '.vibe', 'hooks.toml');
    const mine = '# my own\n[[hooks]]\nname = "mine"\ntype = "post_agent"\ncommand = "true"\n';
    mkdirSync(join(c.home, '.vibe'), { recursive: true });
    writeFileSync(hooksFile, mine);

    const inst = await cli('install', 'vibe', '--from', DIST);
    expect(inst.code, inst.stderr + inst.stdout).toBe(0);
    const text = readFileSync(hooksFile, 'utf8');
    expect(text.startsWith(mine)).toBe(true);
    expect(text).toContain('name = "stopline-pre_tool"');
    expect(existsSync(join(c.home, '.vibe', 'stopline', 'stopline.mjs'))).toBe(true);

    const d = await doctor('vibe', env, c.project);
    const report = d.reports.find((r) => r.host === 'vibe');
    expect(statuses(report), JSON.stringify(report)).toMatchObject({ registered: 'pass', 'would-run': 'pass', enforcement: 'pass' });

    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'write_file', input: { path: 'new.txt', content: 'x\n' } }] }, { text: 'done' }] }] });
    // runVibe writes its own config.toml beside the hooks.toml the install wrote
    const r = await runVibe({ project: c.project, prompt: '$stopline review -- look around', server: s, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');

    const un = await cli('uninstall', 'vibe');
    expect(un.code, un.stderr + un.stdout).toBe(0);
    expect(readFileSync(hooksFile, 'utf8')).toBe(mine);
    const t = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_again', name: 'write_file', input: { path: 'new.txt', content: 'x\n' } }] }, { text: 'done' }] }] });
    const again = await runVibe({ project: c.project, prompt: '$stopline review -- look around', server: t, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
    expect(again.code).toBe(0);
    expectRan(t, 'call_again');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('x\n');
  });
});
