/**
 * The real Codex CLI (pinned, from .hosts/) reads what `stopline install codex` wrote:
 * `codex app-server` hooks/list reports every stopline handler as trusted with the hash the
 * installer wrote, the person's own trusted hook stays trusted through install and
 * uninstall, and `codex exec` WITHOUT --dangerously-bypass-hook-trust runs the installed
 * hook (the placeholder script leaves a marker). Loopback only: the model is a fake server
 * on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexHookTrustEntries } from '../../../hosts/codex/hook-trust';
import { HOSTS_FOR, codexConfigToml, codexHooksList, ensureHosts, requireHost, startResponsesServer, type FakeModelServer } from '../../hosts/harness';
import { fixture, installFixture, makeHome, write, type Home } from './helpers';

const { install, uninstall } = installFixture({ runtime: 'node' });
let ready = false;
let skipReason = '';
const servers: FakeModelServer[] = [];

beforeAll(async () => {
  const status = await ensureHosts(HOSTS_FOR.codex);
  ready = status.ready.has('codex');
  if (!ready) {
    skipReason = `codex is not installed: ${status.log}`;
    if (status.required) throw new Error(skipReason);
  }
}, 900_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

function seed(h: Home, configToml: string): void {
  write(join(h.codex, 'config.toml'), configToml);
  write(join(h.codex, 'hooks.json'), fixture('codex-hooks.json'));
  // the person's own hook, trusted the way Codex itself records it
  const own = codexHookTrustEntries(join(h.codex, 'hooks.json'), JSON.parse(fixture('codex-hooks.json')));
  writeFileSync(join(h.codex, 'config.toml'), configToml + own.map((e) => `\n[hooks.state.${JSON.stringify(e.key)}]\ntrusted_hash = ${JSON.stringify(e.trustedHash)}\n`).join(''));
}

describe('the real Codex accepts what stopline install codex writes', () => {
  it('hooks/list: every stopline handler trusted with the hash written; the person’s hooks stay trusted', async (ctx) => {
    if (!ready) return ctx.skip(skipReason);
    const h = makeHome();
    seed(h, fixture('codex-config.toml'));
    // every row registered: the person's stopline hooks need Stop and SubagentStop, --after-evidence PostToolUse
    const personHooks = join(h.xdg, 'stopline', 'stopline.json');
    write(personHooks, JSON.stringify({ hooks: { 'turn:stop': [{ hooks: [{ command: 'true' }] }], 'subagent:end': [{ hooks: [{ command: 'true' }] }] } }));
    const r = await install(h, 'codex', '--after-evidence');
    expect(r.code, r.stderr).toBe(0);

    const script = join(h.codex, 'stopline.mjs');
    const listed = await codexHooksList({ codexHome: h.codex, cwd: h.project });
    const ours = listed.filter((x) => x.command.includes(script));
    expect(ours.map((x) => x.eventName).sort()).toEqual(['postToolUse', 'preToolUse', 'sessionEnd', 'sessionStart', 'stop', 'subagentStart', 'subagentStop', 'userPromptSubmit'].sort());
    const toml = readFileSync(join(h.codex, 'config.toml'), 'utf8');
    for (const hook of ours) {
      expect(hook.trustStatus, hook.key).toBe('trusted');
      expect(toml).toContain(`[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = ${JSON.stringify(hook.currentHash)}`);
    }
    const theirs = listed.filter((x) => !x.command.includes(script));
    expect(theirs.length).toBe(2);
    for (const hook of theirs) expect(hook.trustStatus, hook.key).toBe('trusted');

    // nothing needs the observe-only events any more: installed again, they go and every hook left stays trusted
    write(personHooks, '{}');
    expect((await install(h, 'codex')).code).toBe(0);
    const fewer = await codexHooksList({ codexHome: h.codex, cwd: h.project });
    expect(fewer.filter((x) => x.command.includes(script)).map((x) => x.eventName).sort()).toEqual(['preToolUse', 'sessionEnd', 'sessionStart', 'stop', 'subagentStart', 'userPromptSubmit']);
    for (const hook of fewer) expect(hook.trustStatus, hook.key).toBe('trusted');

    expect((await uninstall(h, 'codex')).code).toBe(0);
    const after = await codexHooksList({ codexHome: h.codex, cwd: h.project });
    expect(after.map((x) => [x.command, x.trustStatus])).toEqual(theirs.map((x) => [x.command, 'trusted']));
  }, 120_000);

  it('project scope: the trust keys name the project hooks.json the way Codex does', async (ctx) => {
    if (!ready) return ctx.skip(skipReason);
    const h = makeHome();
    const r = await install(h, 'codex', '--scope', 'project');
    expect(r.code, r.stderr).toBe(0);
    // Codex loads project hooks only in a trusted project (that part is the person's decision)
    appendFileSync(join(h.codex, 'config.toml'), `\n[projects.${JSON.stringify(realpathSync(h.project))}]\ntrust_level = "trusted"\n`);
    const listed = await codexHooksList({ codexHome: h.codex, cwd: h.project });
    expect(listed.length).toBe(6);
    for (const hook of listed) {
      expect(hook.key.startsWith(`${join(realpathSync(h.project), '.codex', 'hooks.json')}:`)).toBe(true);
      expect(hook.trustStatus, hook.key).toBe('trusted');
    }
  }, 120_000);

  it('a symlinked CODEX_HOME: the keys use the resolved path, as Codex does', async (ctx) => {
    if (!ready) return ctx.skip(skipReason);
    const h = makeHome();
    const real = join(h.root, 'real-codex-home');
    mkdirSync(real);
    symlinkSync(real, h.codex);
    const r = await install(h, 'codex');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(real, 'config.toml'), 'utf8')).toContain(`[hooks.state."${join(real, 'hooks.json')}:`);
    const listed = await codexHooksList({ codexHome: h.codex, cwd: h.project });
    expect(listed.length).toBe(6);
    for (const hook of listed) expect(hook.trustStatus, hook.key).toBe('trusted');
  }, 120_000);

  it('codex exec without --dangerously-bypass-hook-trust runs the installed hook', async (ctx) => {
    if (!ready) return ctx.skip(skipReason);
    const server = await startResponsesServer({ threads: [{ name: 'hello', turns: [{ text: 'done' }] }] });
    servers.push(server);
    const h = makeHome();
    write(join(h.codex, 'config.toml'), codexConfigToml(server));
    const r = await install(h, 'codex');
    expect(r.code, r.stderr).toBe(0);

    const marker = join(h.root, 'marker');
    const env = { ...h.env, PATH: process.env.PATH ?? '/usr/bin:/bin', FAKE_MODEL_API_KEY: 'dummy', STOPLINE_TEST_MARKER: marker, RUST_LOG: 'error', TERM: 'dumb' };
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [requireHost('codex'), 'exec', '--json', '--skip-git-repo-check', 'say hello'], { cwd: h.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGTERM'), 90_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(existsSync(marker), 'the installed hook never ran: Codex skipped it (untrusted?)').toBe(true);
    expect(readFileSync(marker, 'utf8')).toBe('codex ');
  }, 120_000);
});
