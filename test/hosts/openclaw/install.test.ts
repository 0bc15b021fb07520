/**
 * The real OpenClaw 2026.9.6 runs what `stopline install openclaw` wrote (the plugin folder and
 * its two entries in ~/.openclaw/openclaw.json), with the built dist/: a review-mode write is
 * stopped in a real session and the file never appears; after `stopline uninstall openclaw` the
 * same write runs. Loopback only: the model is a fake server on 127.0.0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, type FakeModelServer } from '../harness';
import { runOpenClaw, startOpenClawChatServer } from './harness';
import { describeRealHost, requireArtifact } from '../shared/real-host';
import { cleanupTempDirs, makeHome, stopline } from '../../cli/install/helpers';

const status = await ensureHosts(HOSTS_FOR.openclaw);
const DIST = join(requireArtifact('openclaw', 'index.js'), '..', '..');
requireArtifact('stopline.mjs');
const servers: FakeModelServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupTempDirs();
});

async function server(id: string): Promise<FakeModelServer> {
  const s = await startOpenClawChatServer({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id, name: 'write', input: { path: `${id}.txt`, content: 'x\n' } }] }, { text: 'done' }] }] });
  servers.push(s);
  return s;
}

describeRealHost(status, 'the real OpenClaw runs what stopline install openclaw wrote', HOSTS_FOR.openclaw, 420_000, () => {
  it('user scope: a review-mode write is blocked; after uninstall it runs', async () => {
    const h = makeHome();
    // the harness puts the pinned Node 24 on PATH and HOME in place; the rest of the install's locations carry over
    const env = { XDG_CONFIG_HOME: h.env.XDG_CONFIG_HOME, STOPLINE_DASHBOARD: 'off' };
    const r = await stopline(['install', 'openclaw', '--from', DIST], h);
    expect(r.code, r.stderr).toBe(0);
    const s = await server('call_one');
    const run = await runOpenClaw({ project: h.project, prompt: '$stopline review -- look around', server: s, home: h.home, env, timeoutMs: 180_000 });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(h.project, 'call_one.txt'))).toBe(false);
    expect(s.toolResultText('call_one')).toMatch(/^STOP \/[\s\S]*MODE_FORBIDS_MUTATION/);

    expect((await stopline(['uninstall', 'openclaw'], h)).code).toBe(0);
    const t = await server('call_two');
    // a session of its own: the first one's history would replay the first script
    const again = await runOpenClaw({ project: h.project, prompt: '$stopline review -- look around', server: t, home: h.home, env, args: ['--session-key', 'agent:main:after-uninstall'], timeoutMs: 180_000 });
    expect(again.code, again.stderr.slice(-2000)).toBe(0);
    expect(readFileSync(join(h.project, 'call_two.txt'), 'utf8')).toBe('x\n');
  });
});
