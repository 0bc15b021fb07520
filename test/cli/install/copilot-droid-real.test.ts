/**
 * The real GitHub Copilot CLI 1.0.102 and Factory Droid 0.225.2 (pinned, from .hosts/) run what
 * `stopline install copilot` / `stopline install droid` wrote, with the built artifacts of dist/:
 * a review-mode write is stopped in a real session and the file never appears; after
 * `stopline uninstall` the same write runs. Copilot project scope: its .github/hooks run once the
 * folder is trusted (`--trust-folder`, which trusts the folder it runs in), and not before. Loopback only: the model is a fake server on
 * 127.0.0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_FOR, ensureHosts, runCopilot, runDroid, startHostChatServer, type FakeModelServer } from '../../hosts/harness';
import { requireArtifact } from '../../hosts/shared/real-host';
import { cleanupTempDirs, makeHome, stopline, type Home } from './helpers';

const DIST = join(requireArtifact('copilot', 'stopline.mjs'), '..', '..');
requireArtifact('droid', 'stopline.mjs');
const ready = { copilot: false, droid: false };
let skipReason = '';
const servers: FakeModelServer[] = [];

beforeAll(async () => {
  const status = await ensureHosts([...HOSTS_FOR.copilot, ...HOSTS_FOR.droid]);
  ready.copilot = status.ready.has('copilot');
  ready.droid = status.ready.has('droid');
  skipReason = `not installed: ${status.log}`;
  if ((!ready.copilot || !ready.droid) && status.required) throw new Error(skipReason);
}, 900_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupTempDirs();
});

async function server(turns: unknown[]): Promise<FakeModelServer> {
  const s = await startHostChatServer({ threads: [{ name: 'main', turns: turns as never }] });
  servers.push(s);
  return s;
}

const installEnv = (h: Home) => ({ ...h.env, STOPLINE_DASHBOARD: 'off' });

describe('the real Copilot runs what stopline install copilot wrote', () => {
  const create = (h: Home, id: string) => ({ toolCalls: [{ id, name: 'create', input: { path: join(h.project, `${id}.txt`), file_text: 'x\n' } }] });

  it('user scope: a review-mode create is denied; after uninstall it runs', async (ctx) => {
    if (!ready.copilot) return ctx.skip(skipReason);
    const h = makeHome();
    const r = await stopline(['install', 'copilot', '--runtime', 'node', '--from', DIST], h);
    expect(r.code, r.stderr).toBe(0);
    const s = await server([create(h, 'call_one'), { text: 'done' }]);
    const run = await runCopilot({ project: h.project, prompt: '$stopline review -- look around', server: s, home: h.home, env: installEnv(h) });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(h.project, 'call_one.txt'))).toBe(false);
    expect(s.toolResultText('call_one')).toMatch(/Denied by preToolUse hook: STOP \/[\s\S]*MODE_FORBIDS_MUTATION/);

    expect((await stopline(['uninstall', 'copilot'], h)).code).toBe(0);
    const t = await server([create(h, 'call_two'), { text: 'done' }]);
    await runCopilot({ project: h.project, prompt: '$stopline review -- look around', server: t, home: h.home, env: installEnv(h) });
    expect(readFileSync(join(h.project, 'call_two.txt'), 'utf8')).toBe('x\n');
  }, 300_000);

  it('project scope: the hooks run in a trusted folder, and Copilot skips them without a word in an untrusted one', async (ctx) => {
    if (!ready.copilot) return ctx.skip(skipReason);
    const h = makeHome();
    const r = await stopline(['install', 'copilot', '--scope', 'project', '--runtime', 'node', '--from', DIST], h);
    expect(r.code, r.stderr).toBe(0);
    const s = await server([create(h, 'call_untrusted'), { text: 'done' }]);
    await runCopilot({ project: h.project, prompt: '$stopline review -- look around', server: s, home: h.home, env: installEnv(h) });
    expect(readFileSync(join(h.project, 'call_untrusted.txt'), 'utf8')).toBe('x\n');
    const t = await server([create(h, 'call_trusted'), { text: 'done' }]);
    const trusted = await runCopilot({ project: h.project, prompt: '$stopline review -- look around', server: t, home: h.home, env: installEnv(h), args: ['--trust-folder'] });
    expect(trusted.code, `${trusted.stdout}\n${trusted.stderr}`.slice(-3000)).toBe(0);
    expect(existsSync(join(h.project, 'call_trusted.txt'))).toBe(false);
    expect(t.toolResultText('call_trusted')).toContain('MODE_FORBIDS_MUTATION');
  }, 300_000);
});

describe('the real Droid runs what stopline install droid wrote', () => {
  const create = (h: Home, id: string) => ({ toolCalls: [{ id, name: 'Create', input: { file_path: join(h.project, `${id}.txt`), content: 'x\n' } }] });

  it('user scope next to the custom model in settings.json: a review-mode Create is denied; after uninstall it runs', async (ctx) => {
    if (!ready.droid) return ctx.skip(skipReason);
    const h = makeHome();
    const s = await server([create(h, 'call_one'), { text: 'done' }]);
    // runDroid writes the custom model into ~/.factory/settings.json; stopline adds hooks.json beside it
    const r = await stopline(['install', 'droid', '--runtime', 'node', '--from', DIST], h);
    expect(r.code, r.stderr).toBe(0);
    const run = await runDroid({ project: h.project, prompt: '$stopline review -- look around', server: s, home: h.home, env: installEnv(h) });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(h.project, 'call_one.txt'))).toBe(false);
    expect(s.toolResultText('call_one')).toMatch(/Error: STOP \/[\s\S]*MODE_FORBIDS_MUTATION/);

    expect((await stopline(['uninstall', 'droid'], h)).code).toBe(0);
    expect(existsSync(join(h.home, '.factory', 'hooks.json'))).toBe(false);
    const t = await server([create(h, 'call_two'), { text: 'done' }]);
    await runDroid({ project: h.project, prompt: '$stopline review -- look around', server: t, home: h.home, env: installEnv(h) });
    expect(readFileSync(join(h.project, 'call_two.txt'), 'utf8')).toBe('x\n');
  }, 300_000);

  it('project scope: .factory/hooks.json in the project is run (no trust step in exec)', async (ctx) => {
    if (!ready.droid) return ctx.skip(skipReason);
    const h = makeHome();
    const r = await stopline(['install', 'droid', '--scope', 'project', '--runtime', 'node', '--from', DIST], h);
    expect(r.code, r.stderr).toBe(0);
    const s = await server([create(h, 'call_project'), { text: 'done' }]);
    await runDroid({ project: h.project, prompt: '$stopline review -- look around', server: s, home: h.home, env: installEnv(h) });
    expect(existsSync(join(h.project, 'call_project.txt'))).toBe(false);
    expect(s.toolResultText('call_project')).toContain('MODE_FORBIDS_MUTATION');
  }, 300_000);
});
