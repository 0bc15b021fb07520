/**
 * `stopline doctor` in a throwaway HOME: green after `stopline install all`, red with the right
 * fix for each broken state (missing file, stale artifact, unregistered hook, missing or wrong
 * Codex trust, Hermes plugin disabled or not enabled, an extra OpenCode export, Pi only in a
 * project folder, a hook runtime that is gone, an artifact that no longer denies), and the
 * person's evidence folder untouched by the probes. The artifacts come from dist/ (npm run build).
 * And the data folder: damaged state files (and ones a hook moved aside), unreadable lineage and
 * lock files, evidence logs with bad lines, each red with its fix and green again once fixed.
 */
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleEvent } from '../../core/answer/controller';
import { recordChild } from '../../core/state/lineage';
import { sessionStore } from '../../core/state/session';
import { trustedHashes } from '../../hosts/codex/trust';
import { exportedNames } from '../../hosts/opencode/doctor';
import { REPO, cleanupTempDirs, cli, spawnCli, spawnCliAsync, tempDir, writeFile, type Doc } from './helpers';

const DIST = join(REPO, 'dist');
const SLOW = { timeout: 600_000 };

let root: string;
let home: string;
let project: string;
let env: Record<string, string>;

function fakeHost(bin: string, name: string, version: string): void {
  const file = join(bin, name);
  writeFile(file, `#!/bin/sh\necho '${version}'\n`);
  chmodSync(file, 0o755);
}

async function doctor(...argv: string[]): Promise<{ code: number; doc: Doc; stderr: string }> {
  const r = await cli(['doctor', ...argv, '--json', '--from', DIST], { env, cwd: project });
  return { code: r.code, doc: JSON.parse(r.stdout) as Doc, stderr: r.stderr };
}

function checkOf(doc: Doc, host: string, id: string, scope?: string) {
  const report = doc.reports.find((r) => r.host === host && (scope === undefined || r.scope.startsWith(scope)) && r.checks.some((c) => c.id === id));
  return report?.checks.find((c) => c.id === id);
}

function failed(doc: Doc): string[] {
  return doc.reports.flatMap((r) => r.checks.filter((c) => c.status === 'fail').map((c) => `${r.host}/${c.id}`));
}

async function install(...argv: string[]): Promise<void> {
  const r = await cli(['install', ...argv, '--from', DIST, '--runtime', 'node'], { env, cwd: project });
  expect(r.code, r.stderr).toBe(0);
}

beforeAll(async () => {
  root = tempDir('stopline-doctor-test-');
  home = join(root, 'home');
  project = join(root, 'project');
  writeFile(join(project, 'README.md'), 'p\n');
  const bin = join(root, 'bin');
  fakeHost(bin, 'claude', '2.1.332 (Claude Code)');
  fakeHost(bin, 'codex', 'codex-cli 0.171.0');
  fakeHost(bin, 'opencode', '1.18.33');
  fakeHost(bin, 'hermes', 'Hermes Agent v0.19.0');
  fakeHost(bin, 'pi', '1.6.0');
  fakeHost(bin, 'gemini', '0.61.0');
  fakeHost(bin, 'qwen', '0.24.4');
  fakeHost(bin, 'copilot', 'GitHub Copilot CLI 1.0.102.');
  fakeHost(bin, 'droid', '0.225.2');
  env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    // node from the system, bun and deno from the repo (the OpenCode and Pi probes load the artifact with one)
    PATH: `${bin}:${join(REPO, 'node_modules', '.bin')}:/usr/local/bin:/usr/bin:/bin`,
    NO_COLOR: '1',
  };
  await install('all');
}, 600_000);

afterAll(cleanupTempDirs);

describe('stopline doctor after install all', () => {
  it('is green: every host passes every check, the probes denied, exit 0', SLOW, async () => {
    const { code, doc } = await doctor();
    expect(failed(doc)).toEqual([]);
    expect(code).toBe(0);
    expect(doc.ok).toBe(true);
    for (const host of ['claude', 'codex', 'opencode', 'hermes', 'pi', 'gemini', 'qwen', 'copilot', 'droid']) {
      const probe = checkOf(doc, host, 'enforcement');
      expect(probe?.status, `${host}: ${probe?.detail}`).toBe('pass');
      expect(probe?.detail).toContain('MODE_FORBIDS_MUTATION');
      expect(checkOf(doc, host, 'host')?.status).toBe('pass');
    }
    // the probes used a throwaway data folder: the person's evidence folder was never created
    expect(existsSync(join(home, '.local', 'share', 'stopline'))).toBe(false);
  });

  it('the text report: one line per check, the summary last, no colour without a terminal', SLOW, async () => {
    const r = await cli(['doctor', 'codex', '--from', DIST], { env, cwd: project });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toContain('codex (user)');
    expect(lines.some((l) => /^ {2}\[ok {2}\] would-run\s+all 6 handlers are trusted in /.test(l))).toBe(true);
    expect(lines[lines.length - 1]).toBe('all checks passed');
    expect(r.stdout).not.toContain('\u001b[');
    const tty = await cli(['doctor', 'codex', '--from', DIST], { env: { ...env, NO_COLOR: '' }, cwd: project, tty: true });
    expect(tty.stdout).toContain('\u001b[32m[ok  ]\u001b[39m');
  });

  it('the built CLI finds its own dist folder and agrees', SLOW, async () => {
    const r = await spawnCliAsync(['doctor', 'pi', '--json'], { env, cwd: project, timeoutMs: 300_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
  });
});

describe('stopline doctor goes red, with the fix', () => {
  it('missing file: the Codex script is gone', SLOW, async () => {
    rmSync(join(home, '.codex', 'stopline.mjs'));
    const { code, doc } = await doctor('codex');
    expect(code).toBe(1);
    expect(checkOf(doc, 'codex', 'artifact')).toMatchObject({ status: 'fail', fix: 'stopline install codex', detail: expect.stringMatching(/^missing: .*stopline\.mjs/) });
    expect(checkOf(doc, 'codex', 'enforcement')?.status).toBe('fail');
    await install('codex');
    expect((await doctor('codex')).code).toBe(0);
  });

  it('stale artifact: the Claude hook script differs from the dist', SLOW, async () => {
    const script = join(home, '.claude', 'plugins', 'stopline-local', 'stopline', 'stopline.mjs');
    appendFileSync(script, '\n// edited by hand\n');
    const { code, doc } = await doctor('claude');
    expect(code).toBe(1);
    expect(checkOf(doc, 'claude', 'artifact')).toMatchObject({ status: 'fail', fix: 'stopline install claude', detail: expect.stringContaining('differs from the dist this CLI ships') });
    await install('claude');
  });

  it('unregistered hook: the PreToolUse group left the plugin hooks.json; the plugin not enabled', SLOW, async () => {
    const file = join(home, '.claude', 'plugins', 'stopline-local', 'stopline', 'hooks', 'hooks.json');
    const hooks = JSON.parse(readFileSync(file, 'utf8'));
    delete hooks.hooks.PreToolUse;
    writeFileSync(file, JSON.stringify(hooks, null, 2));
    const { code, doc } = await doctor('claude');
    expect(code).toBe(1);
    expect(checkOf(doc, 'claude', 'registered')).toMatchObject({ status: 'fail', fix: 'stopline install claude', detail: expect.stringContaining('has no stopline hook for PreToolUse') });
    await install('claude');
    expect((await doctor('claude')).code).toBe(0);

    // the hooks are all there, but Claude loads no plugin that settings.json does not enable
    const settingsFile = join(home, '.claude', 'settings.json');
    const original = readFileSync(settingsFile, 'utf8');
    writeFileSync(settingsFile, original.replace('"stopline@stopline-local": true', '"stopline@stopline-local": false'));
    const off = await doctor('claude');
    expect(off.code).toBe(1);
    expect(checkOf(off.doc, 'claude', 'would-run')).toMatchObject({ status: 'fail', detail: expect.stringContaining('does not enable stopline@stopline-local') });
    writeFileSync(settingsFile, original);
    expect((await doctor('claude')).code).toBe(0);
  });

  it('missing trust: Codex would skip the hooks; a changed hash too', SLOW, async () => {
    const toml = join(home, '.codex', 'config.toml');
    const original = readFileSync(toml, 'utf8');
    const keys = [...trustedHashes(original).keys()];
    expect(keys).toHaveLength(6);
    writeFileSync(toml, original.replace(/\[hooks\.state\.[^\n]*\]\ntrusted_hash = "[^"]*"\n?/g, ''));
    let r = await doctor('codex');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'codex', 'would-run')).toMatchObject({ status: 'fail', fix: 'stopline install codex', detail: expect.stringContaining('6 of 6 handlers have no trust entry') });
    writeFileSync(toml, original.replace(/trusted_hash = "sha256:[0-9a-f]{4}/, 'trusted_hash = "sha256:0000'));
    r = await doctor('codex');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'codex', 'would-run')!.detail).toContain('1 trust entry does not match the handler');
    writeFileSync(toml, original);
  });

  it('disabled Hermes plugin, and a plugin not enabled', SLOW, async () => {
    const file = join(home, '.hermes', 'config.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/^plugins:\n/m, 'plugins:\n  disabled:\n    - stopline\n'));
    let r = await doctor('hermes');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'hermes', 'would-run')).toMatchObject({ status: 'fail', detail: expect.stringContaining('plugins.disabled') });
    expect(checkOf(r.doc, 'hermes', 'would-run')!.fix).toContain('remove stopline from plugins.disabled');
    writeFileSync(file, original.replace(/^ +- stopline\n/m, ''));
    r = await doctor('hermes');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'hermes', 'registered')).toMatchObject({ status: 'fail', fix: 'stopline install hermes', detail: expect.stringContaining('does not list stopline') });
    writeFileSync(file, original);
  });

  it('an OpenCode plugin file with an extra export', SLOW, async () => {
    const file = join(home, '.config', 'opencode', 'plugin', 'stopline.js');
    appendFileSync(file, '\nexport const VERSION = "1";\n');
    const { code, doc } = await doctor('opencode');
    expect(code).toBe(1);
    expect(checkOf(doc, 'opencode', 'would-run')).toMatchObject({ status: 'fail', fix: 'stopline install opencode', detail: expect.stringContaining('exports VERSION, which is not a plugin') });
    await install('opencode');
  });

  it('Pi installed only in a project folder (Pi 1.x skips it unless the project is trusted)', SLOW, async () => {
    const un = await cli(['uninstall', 'pi'], { env, cwd: project });
    expect(un.code, un.stderr).toBe(0);
    await install('pi', '--scope', 'project');
    const { code, doc } = await doctor('pi');
    expect(code).toBe(1);
    const c = checkOf(doc, 'pi', 'would-run', 'project');
    expect(c).toMatchObject({ status: 'fail' });
    expect(c!.detail).toContain('Pi 1.6.0 skips a project');
    expect(c!.fix).toContain('stopline install pi (user scope)');
    await install('pi');
    expect((await doctor('pi')).code).toBe(0);
  });

  it('Gemini: hooks switched off in settings.json, or stopline named in hooksConfig.disabled', SLOW, async () => {
    const file = join(home, '.gemini', 'settings.json');
    const original = readFileSync(file, 'utf8');
    const settings = JSON.parse(original) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...settings, hooksConfig: { enabled: false } }));
    let r = await doctor('gemini');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'gemini', 'would-run')!.detail).toContain('hooksConfig.enabled to false');
    writeFileSync(file, JSON.stringify({ ...settings, hooksConfig: { disabled: ['stopline'] } }));
    r = await doctor('gemini');
    expect(checkOf(r.doc, 'gemini', 'would-run')).toMatchObject({ status: 'fail', detail: expect.stringContaining('lists stopline in hooksConfig.disabled') });
    writeFileSync(file, original);
    expect((await doctor('gemini')).code).toBe(0);
  });

  it("Qwen: a PreToolUse hook after stopline's (the last answer wins there), and disableAllHooks", SLOW, async () => {
    const file = join(home, '.qwen', 'settings.json');
    const original = readFileSync(file, 'utf8');
    const settings = JSON.parse(original) as { hooks: Record<string, unknown[]> };
    const later = { ...settings, hooks: { ...settings.hooks, PreToolUse: [...settings.hooks.PreToolUse!, { hooks: [{ type: 'command', command: 'echo {}' }] }] } };
    writeFileSync(file, JSON.stringify(later));
    let r = await doctor('qwen');
    expect(r.code).toBe(0);
    expect(checkOf(r.doc, 'qwen', 'would-run')).toMatchObject({ status: 'warn', detail: expect.stringContaining("1 PreToolUse group after stopline's") });
    const system = join(root, 'qwen-system-settings.json');
    writeFileSync(system, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo allow' }] }] } }));
    writeFileSync(file, original);
    r = await cli(['doctor', 'qwen', '--json', '--from', DIST], { env: { ...env, QWEN_CODE_SYSTEM_SETTINGS_PATH: system }, cwd: project }).then((x) => ({ code: x.code, doc: JSON.parse(x.stdout) as Doc, stderr: x.stderr }));
    expect(checkOf(r.doc, 'qwen', 'would-run')!.detail).toContain(`1 PreToolUse group in ${system}, which Qwen runs after this one`);
    writeFileSync(file, JSON.stringify({ ...settings, disableAllHooks: true }));
    r = await doctor('qwen');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'qwen', 'would-run')).toMatchObject({ status: 'fail' });
    writeFileSync(file, original);
    expect((await doctor('qwen')).code).toBe(0);
  });

  it('a hook runtime that is gone, and an artifact that no longer denies', SLOW, async () => {
    const file = join(home, '.claude', 'plugins', 'stopline-local', 'stopline', 'hooks', 'hooks.json');
    const original = readFileSync(file, 'utf8');
    // the command is `<guard while the mod decides>; '<runtime>' '<script>'`
    const runtime = /'([^']+)' '[^']*stopline\.mjs'/.exec(original)![1]!;
    writeFileSync(file, original.split(`'${runtime}'`).join("'/nonexistent/node'"));
    let r = await doctor('claude');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'claude', 'runtime')).toMatchObject({ status: 'fail', detail: expect.stringContaining('"/nonexistent/node", which is not an executable here') });
    writeFileSync(file, original);

    // a script that answers nothing lets every tool run: only the probe can tell
    writeFileSync(join(home, '.codex', 'stopline.mjs'), '#!/usr/bin/env node\nprocess.stdin.resume();\n');
    r = await doctor('codex');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'codex', 'enforcement')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^a review-mode apply_patch was not denied: exit 0, nothing on stdout/) });
    await install('codex');
  });
});

describe('stopline doctor goes red on Copilot and Droid, with the fix', () => {
  it('a Copilot handler that does not pass its event (the payload names none): not registered', SLOW, async () => {
    const file = join(home, '.copilot', 'hooks', 'stopline.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/ preToolUse"/, '"'));
    let r = await doctor('copilot');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'copilot', 'registered')).toMatchObject({ status: 'fail', fix: 'stopline install copilot', detail: expect.stringContaining('for preToolUse') });
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), disableAllHooks: true }));
    r = await doctor('copilot');
    expect(checkOf(r.doc, 'copilot', 'would-run')).toMatchObject({ status: 'fail', detail: expect.stringContaining('"disableAllHooks": true') });
    writeFileSync(file, original);
    expect((await doctor('copilot')).code).toBe(0);
  });

  it("Droid: stopline's PreToolUse in settings.json while hooks.json lists PreToolUse (it replaces settings.json's); hooksDisabled", SLOW, async () => {
    const hooksFile = join(home, '.factory', 'hooks.json');
    const settingsFile = join(home, '.factory', 'settings.json');
    const original = readFileSync(hooksFile, 'utf8');
    const map = JSON.parse(original) as Record<string, unknown[]>;
    writeFileSync(settingsFile, JSON.stringify({ hooks: { PreToolUse: map.PreToolUse } }));
    writeFileSync(hooksFile, JSON.stringify({ ...map, PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] }));
    let r = await doctor('droid');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'droid', 'registered')).toMatchObject({ status: 'fail', fix: 'stopline install droid', detail: expect.stringContaining('lists PreToolUse, which replaces the same events of') });
    rmSync(settingsFile);
    writeFileSync(hooksFile, JSON.stringify({ ...map, hooksDisabled: true }));
    r = await doctor('droid');
    expect(checkOf(r.doc, 'droid', 'would-run')).toMatchObject({ status: 'fail' });
    writeFileSync(hooksFile, original);
    expect((await doctor('droid')).code).toBe(0);
  });

  it('a Droid script that answers nothing: only the probe can tell', SLOW, async () => {
    const script = join(home, '.factory', 'stopline', 'stopline.mjs');
    writeFileSync(script, '#!/usr/bin/env node\nprocess.stdin.resume();\n');
    const r = await doctor('droid');
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'droid', 'enforcement')!.detail).toMatch(/^a review-mode Create was not denied: exit 0, nothing on stdout/);
    await install('droid');
  });
});

describe('stopline doctor elsewhere', () => {
  it('nothing installed and no host on PATH: every host skipped, exit 0', SLOW, async () => {
    const empty = tempDir();
    const r = await cli(['doctor', '--from', DIST], { env: { HOME: empty, PATH: '/usr/bin:/bin', NO_COLOR: '1' }, cwd: empty });
    expect(r.code).toBe(0);
    for (const host of ['claude', 'codex', 'opencode', 'hermes', 'pi', 'gemini', 'qwen', 'copilot', 'droid', 'kimi']) expect(r.stdout).toContain(`${host}\n  [skip] install`);
  });

  it('a host named explicitly but not installed is red', SLOW, async () => {
    const empty = tempDir();
    const r = await cli(['doctor', 'claude', '--json', '--from', DIST], { env: { HOME: empty, PATH: '/usr/bin:/bin' }, cwd: empty });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(checkOf(doc, 'claude', 'artifact')!.detail).toContain('(stopline is not installed here)');
  });

  it('usage errors', async () => {
    const r = await cli(['doctor', 'claud'], { env: {} });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('did you mean "claude"?');
  });

  it('reads the exports of a minified bundle', () => {
    expect(exportedNames('const a=1;function b(){}export{b as StoplinePlugin};')).toEqual(['StoplinePlugin']);
    expect(exportedNames('export const VERSION = "1";\nexport default function x() {}\n')).toEqual(['VERSION', 'default']);
  });
});

describe('stopline doctor reads the data folder', () => {
  const RAW_SESSION = 'doctor-raw-session-id-5a7c';
  let data: string;
  let proj: string;
  let denv: Record<string, string>;

  /** A data folder with an armed session and two decided tool calls, made by the real controller. */
  function armedFolder(): void {
    const dir = tempDir('stopline-doctor-data-');
    data = join(dir, 'data');
    proj = join(dir, 'project-path-marker');
    mkdirSync(proj, { recursive: true });
    // no host on PATH and nothing installed: every host is skipped, only the data checks can fail
    denv = { HOME: join(dir, 'home'), STOPLINE_HOME: data, PATH: '/usr/bin:/bin', NO_COLOR: '1' };
    const base = { protocolVersion: 1, sessionId: RAW_SESSION, host: { family: 'claude' }, cwd: proj };
    const act = { name: 'Write', canonicalName: 'Write', mutability: 'write', affectedPaths: [join(proj, 'a.txt')], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
    handleEvent({ ...base, kind: 'prompt.submit', prompt: { text: '$stopline review -- look', source: 'user' } }, { env: denv });
    for (let i = 0; i < 2; i++) handleEvent({ ...base, kind: 'action.before', action: act }, { env: denv });
    recordChild(data, 'doctor-child-session', RAW_SESSION);
  }

  async function dataChecks(): Promise<{ code: number; checks: Map<string, { status: string; detail: string; fix?: string }>; text: string }> {
    const r = await cli(['doctor', '--json'], { env: denv, cwd: proj });
    const doc = JSON.parse(r.stdout) as Doc;
    const report = doc.reports.find((x) => x.host === 'data');
    expect(report?.scope).toContain(data);
    const text = (await cli(['doctor'], { env: denv, cwd: proj })).stdout;
    // hashed file names only: never the raw session id or the project's path
    expect(r.stdout + text).not.toContain(RAW_SESSION);
    expect(r.stdout + text).not.toContain('project-path-marker');
    return { code: r.code, checks: new Map(report!.checks.map((c) => [c.id, c])), text };
  }

  const stateFile = () => sessionStore(data, RAW_SESSION).file;
  const key = () => sessionStore(data, RAW_SESSION).key;
  const logFile = () => join(data, 'runtime', `${key()}.jsonl`);

  it('green for a healthy folder: one line per kind, exit 0', async () => {
    armedFolder();
    const { code, checks, text } = await dataChecks();
    expect(code).toBe(0);
    expect([...checks.keys()]).toEqual(['state', 'moved-aside', 'lineage', 'locks', 'evidence', 'permissions']);
    for (const c of checks.values()) expect(c.status, c.detail).toBe('pass');
    expect(checks.get('state')!.detail).toBe('1 session state file, all readable');
    expect(checks.get('lineage')!.detail).toBe('1 subagent lineage file, all readable');
    expect(checks.get('evidence')!.detail).toBe('1 evidence log, every line readable');
    expect(checks.get('permissions')!.detail).toBe('only you may enter it (mode 700)');
    expect(text).toContain(`data (${data}, STOPLINE_HOME)\n  [ok  ] state`);
  });

  it('a 0775 folder holding only stopline files (umask 002) is a warning: the next hook closes it; with a stranger file in it, red', async () => {
    armedFolder();
    chmodSync(data, 0o775);
    let r = await dataChecks();
    expect(r.checks.get('permissions')).toMatchObject({ status: 'warn', detail: 'may be written by others (mode 775), and holds only your files: the next hook closes it to 0700' });
    // doctor only looks: the mode is unchanged
    expect((statSync(data).mode & 0o777).toString(8)).toBe('775');
    writeFileSync(join(data, 'stranger.txt'), 'x');
    r = await dataChecks();
    expect(r.checks.get('permissions')!.status).toBe('fail');
    expect(r.checks.get('permissions')!.detail).toContain('every hook refuses it');
  });

  it('a folder that does not exist yet is green and is not created', async () => {
    armedFolder();
    rmSync(data, { recursive: true });
    const { code, checks } = await dataChecks();
    expect(code).toBe(0);
    expect(checks.get('data-folder')).toMatchObject({ status: 'pass', detail: 'nothing recorded here yet' });
    expect(existsSync(data)).toBe(false);
  });

  for (const [kind, damage, why] of [
    ['truncated', (good: string) => good.slice(0, 20), 'is not JSON (truncated or overwritten)'],
    ['zero bytes', () => '', 'is empty (zero bytes)'],
    ['JSON of the wrong shape', () => '{"schemaVersion":1}', 'is JSON of the wrong shape'],
    ['NUL bytes', (good: string) => '\u0000'.repeat(good.length), 'holds NUL bytes'],
  ] as const) {
    it(`a ${kind} state file is red with the fix; after the next hook it is listed as moved aside; deleting that clears it`, async () => {
      armedFolder();
      writeFileSync(stateFile(), damage(readFileSync(stateFile(), 'utf8')));
      let r = await dataChecks();
      expect(r.code).toBe(1);
      expect(r.checks.get('state')).toMatchObject({ status: 'fail', detail: `1 damaged session state file of 1 in sessions/: ${key()}.json ${why}` });
      expect(r.checks.get('state')!.fix).toContain('next hook moves it aside');
      expect(r.text).toMatch(/\[FAIL\] state +1 damaged session state file/);
      expect(r.text).toContain('fix: the session');

      // the next hook moves it aside (and answers by the fail mode)
      handleEvent({ protocolVersion: 1, kind: 'session.start', sessionId: RAW_SESSION, host: { family: 'claude' }, cwd: proj }, { env: denv });
      r = await dataChecks();
      expect(r.code).toBe(1);
      expect(r.checks.get('state')!.status).toBe('pass');
      expect(r.checks.get('moved-aside')!.status).toBe('fail');
      expect(r.checks.get('moved-aside')!.detail).toMatch(new RegExp(`^1 damaged state file moved aside in sessions/ \\(their contracts are lost: under fail closed those sessions stop every tool call, under fail open they go on from a fresh contract\\): ${key()}\\.json\\.corrupt-\\d{8}T\\d{9}Z$`));
      expect(r.checks.get('moved-aside')!.fix).toContain('arm it again');

      for (const n of readdirSync(join(data, 'sessions'))) if (n.includes('.corrupt-')) rmSync(join(data, 'sessions', n));
      expect((await dataChecks()).code).toBe(0);
    });
  }

  it('an unreadable lineage record and a garbage lock are red with their fixes', async () => {
    armedFolder();
    const lineage = join(data, 'lineage');
    const [record] = readdirSync(lineage);
    writeFileSync(join(lineage, record!), '{"v":1,"root":');
    writeFileSync(sessionStore(data, RAW_SESSION).lockFile, 'not a lock');
    const r = await dataChecks();
    expect(r.code).toBe(1);
    expect(r.checks.get('lineage')!.status).toBe('fail');
    expect(r.checks.get('lineage')!.detail).toContain(`1 unreadable subagent lineage file of 1 in lineage/`);
    expect(r.checks.get('lineage')!.detail).toContain(record!);
    expect(r.checks.get('lineage')!.fix).toContain('delete the named lineage/ files');
    expect(r.checks.get('locks')).toMatchObject({ status: 'fail', detail: `1 unreadable session lock in sessions/ (a hook waits up to 2 s before breaking one): ${key()}.lock` });
    // a well-formed lock (held now, or left by a killed hook) is not reported: hooks judge it at once
    writeFileSync(sessionStore(data, RAW_SESSION).lockFile, `${process.pid} somehost abcdef ${Date.now()}`);
    expect((await dataChecks()).checks.get('locks')!.status).toBe('pass');
  });

  for (const [kind, damage, bad] of [
    ['a truncated last line', '{"schemaVersion":1,"eventId":"evt_', 1],
    ['a garbage line and NUL bytes', 'garbage\n\u0000\u0000\u0000\n', 2],
  ] as const) {
    it(`an evidence log with ${kind}: red, counting ${bad}; the labels file too`, async () => {
      armedFolder();
      appendFileSync(logFile(), damage);
      writeFileSync(join(data, 'labels.jsonl'), '{"schemaVersion":1,"label');
      const r = await dataChecks();
      expect(r.code).toBe(1);
      expect(r.checks.get('evidence')).toMatchObject({ status: 'fail' });
      expect(r.checks.get('evidence')!.detail).toMatch(new RegExp(`^${bad + 1} bad lines in 2 evidence logs of 2, skipped and counted by every reader .*: ${key()}\\.jsonl ${bad}, labels\\.jsonl 1$`));
      expect(r.checks.get('evidence')!.fix).toContain('move the named logs out of the data folder');
    });
  }

  it('the built CLI prints the data checks red with the fix and exits 1 (dist/stopline.mjs)', () => {
    armedFolder();
    writeFileSync(stateFile(), '{"schemaVersion":1,"contr');
    appendFileSync(logFile(), 'garbage\n');
    const r = spawnCli(['doctor'], { env: denv, cwd: proj, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf(`data (${data}, STOPLINE_HOME)`);
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(`  [FAIL] state           1 damaged session state file of 1 in sessions/: ${key()}.json is not JSON (truncated or overwritten)`);
    expect(lines[at + 2]).toMatch(/^ +fix: the session's next hook moves it aside/);
    expect(lines.find((l) => l.includes('[FAIL] evidence'))).toContain(`${key()}.jsonl 1`);
    // every host is skipped here: the summary says what is wrong without claiming a host is unguarded
    expect(lines.filter(Boolean).pop()).toBe('2 checks failed, 0 warnings: damaged files in the data folder (the fixes are above)');
    expect(r.stdout).not.toContain(RAW_SESSION);
    expect(r.stdout).not.toContain('project-path-marker');
    expect(r.stdout).not.toContain('\u001b[');
  });
});
