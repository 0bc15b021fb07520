/**
 * `sh install.sh` under dash (Debian's /bin/sh, the strictest common POSIX shell): from a
 * local dist folder, and the download path against a server on 127.0.0.1 only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeChecksums } from '../../../hosts/cli/install/checksums';
import { HOST_NAMES, HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';
import { bundleCli, cleanupTempDirs, installSh, makeDist, makeHome, readJson, serveDist, snapshot, tempDir, write, REPO, type Home } from './helpers';

const DASH = ['/usr/bin/dash', '/bin/dash'].find((p) => existsSync(p));
const SCRIPT = join(REPO, 'hosts', 'cli', 'install.sh');

const dash = (args: string[], env: Record<string, string>, cwd: string) => installSh(DASH!, args, env, cwd);

/** A bin folder with only the named tools (to take runtimes or downloaders away). */
function binWith(tools: string[]): string {
  const dir = join(tempDir('stopline-bin-'), 'bin');
  for (const t of tools) {
    const found = spawnSync('/bin/sh', ['-c', `command -v ${t}`], { encoding: 'utf8' }).stdout.trim();
    if (!found) throw new Error(`test needs ${t} on this machine`);
    write(join(dir, '.keep'), '');
    symlinkSync(found, join(dir, t));
  }
  return dir;
}
const BASIC_TOOLS = ['mktemp', 'rm', 'mkdir', 'dirname', 'sed', 'cut', 'cat', 'sha256sum'];

const describeDash = DASH ? describe : describe.skip;
if (!DASH) console.warn('dash is not installed (Debian: apt-get install dash); skipping the install.sh tests');

describeDash('install.sh under dash', () => {
  let dist: string;
  let webRoot: string;
  beforeAll(() => {
    webRoot = tempDir('stopline-web-');
    dist = makeDist(join(webRoot, 'dist'));
    bundleCli(dist);
    writeChecksums(dist);
  });
  afterAll(cleanupTempDirs);

  const envFor = (h: Home, path = `${binWith(['node', 'curl', ...BASIC_TOOLS])}`) => ({ ...h.env, PATH: path });

  it('parses as POSIX sh', () => {
    const r = spawnSync(DASH!, ['-n', SCRIPT], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });

  it('--from a local dist folder: installs, and --uninstall removes it again', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await dash(['codex', '--from', dist, '--runtime', 'node'], envFor(h), h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('stopline install codex (user scope)');
    expect(existsSync(join(h.codex, 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(h.codex, 'config.toml'), 'utf8')).toContain('[hooks.state.');
    const u = await dash(['--uninstall', 'codex', '--from', dist], envFor(h), h.project);
    expect(u.code, u.stderr).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
  });

  it('passes the options through (--fail closed, --scope, --dry-run)', async () => {
    const h = makeHome();
    const r = await dash(['claude', '--scope', 'project', '--fail=closed', '--runtime=node', '--from', dist], envFor(h), h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(readJson(join(h.project, '.claude', 'settings.json'))).toEqual({ enabledPlugins: { 'stopline@stopline-local': true } });
    const pluginHooks = readJson(join(h.claude, 'plugins', 'stopline-local', 'stopline', 'hooks', 'hooks.json')) as { hooks: { PreToolUse: { hooks: { onFailure?: string }[] }[] } };
    expect(pluginHooks.hooks.PreToolUse[0]!.hooks[0]!.onFailure).toBe('block');
    const before = snapshot(h.root);
    const dry = await dash(['opencode', '--dry-run', '--from', dist], envFor(h), h.project);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('dry run:');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('downloads the host files from a 127.0.0.1 server, checks them against SHA256SUMS, installs', async () => {
    const { url, requests } = await serveDist(webRoot);
    const h = makeHome();
    const r = await dash(['claude', '--runtime', 'node'], { ...envFor(h), STOPLINE_BASE_URL: url }, h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`downloaded and verified 5 files from ${url}`);
    expect(requests.sort()).toEqual(['/dist/SHA256SUMS', '/dist/claude/.claude-plugin/plugin.json', '/dist/claude/hooks/hooks.json', '/dist/claude/skills/stopline/SKILL.md', '/dist/claude/stopline.mjs', '/dist/stopline.mjs']);
    const plugin = join(h.claude, 'plugins', 'stopline-local', 'stopline');
    expect(readFileSync(join(plugin, 'stopline.mjs'), 'utf8')).toBe(readFileSync(join(dist, 'claude', 'stopline.mjs'), 'utf8'));
    expect(readFileSync(join(plugin, 'hooks', 'hooks.json'), 'utf8')).toContain(`'${join(plugin, 'stopline.mjs')}'`);
    expect(readJson(join(h.claude, 'settings.json'))).toMatchObject({ enabledPlugins: { 'stopline@stopline-local': true } });
  });

  it('downloads with wget when there is no curl', async () => {
    const { url } = await serveDist(webRoot);
    const h = makeHome();
    const r = await dash(['pi'], { ...envFor(h, binWith(['node', 'wget', ...BASIC_TOOLS])), STOPLINE_BASE_URL: url }, h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(h.pi, 'extensions', 'stopline.ts'))).toBe(true);
  });

  it('checks sums with the JS runtime when no sha256 tool is installed', async () => {
    const { url } = await serveDist(webRoot);
    const h = makeHome();
    const bin = binWith(['node', 'curl', ...BASIC_TOOLS.filter((t) => t !== 'sha256sum')]);
    const r = await dash(['opencode'], { ...envFor(h, bin), STOPLINE_BASE_URL: url }, h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(h.xdg, 'opencode', 'plugin', 'stopline.js'))).toBe(true);
  });

  it('refuses a file whose checksum does not match, before installing anything', async () => {
    const { url } = await serveDist(webRoot, { 'dist/codex/stopline.mjs': 'console.log("tampered")\n' });
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await dash(['codex', '--runtime', 'node'], { ...envFor(h), STOPLINE_BASE_URL: url }, h.project);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('checksum mismatch for codex/stopline.mjs');
    expect(r.stderr).toContain('refusing to install');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('refuses a SHA256SUMS that names a path outside the download folder', async () => {
    const sums = readFileSync(join(dist, 'SHA256SUMS'), 'utf8') + `${'a'.repeat(64)}  pi/../../escape.ts\n`;
    const { url } = await serveDist(webRoot, { 'dist/SHA256SUMS': sums });
    const h = makeHome();
    const r = await dash(['pi'], { ...envFor(h), STOPLINE_BASE_URL: url }, h.project);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unsafe path');
    expect(existsSync(join(h.pi, 'extensions'))).toBe(false);
  });

  it('says clearly when no JavaScript runtime is on PATH', async () => {
    const h = makeHome();
    const r = await dash(['claude', '--from', dist], envFor(h, binWith(['curl', ...BASIC_TOOLS])), h.project);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('found none of node, bun, deno on PATH');
    expect(r.stderr).toContain('https://nodejs.org');
  });

  it('says clearly when neither curl nor wget is there for a download', async () => {
    const h = makeHome();
    const r = await dash(['claude'], { ...envFor(h, binWith(['node', ...BASIC_TOOLS])), STOPLINE_BASE_URL: 'http://127.0.0.1:9/dist' }, h.project);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('needs curl or wget');
    expect(r.stderr).toContain('--from <dist dir>');
  });

  it('rejects an unknown host and a missing host with the list', async () => {
    const h = makeHome();
    const r = await dash(['vscode', '--from', dist], envFor(h), h.project);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`unknown host "vscode"; use one of: ${[...HOST_NAMES, 'all'].join(' ')}`);
    const none = await dash([], envFor(h), h.project);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`Usage: sh install.sh <${[...HOST_NAMES, 'all'].join('|')}>`);
  });

  it('downloads each host\'s own folder, and a host that loads another host\'s artifact from that host\'s folder', async () => {
    const { url, requests } = await serveDist(webRoot);
    // the newest host (listed last) and every host that loads another host's artifact
    for (const spec of HOST_SPECS as readonly HostSpec[]) {
      if (spec !== HOST_SPECS[HOST_SPECS.length - 1] && !spec.artifact) continue;
      requests.length = 0;
      const h = makeHome();
      const r = await dash([spec.name, '--dry-run', '--runtime', 'node'], { ...envFor(h), STOPLINE_BASE_URL: url }, h.project);
      expect(r.code, r.stderr).toBe(0);
      const folder = spec.artifact ?? spec.name;
      const fetched = requests.filter((p) => p !== '/dist/SHA256SUMS' && p !== '/dist/stopline.mjs');
      expect(fetched.length, spec.name).toBeGreaterThan(0);
      for (const p of fetched) expect(p.startsWith(`/dist/${folder}/`), `${spec.name}: ${p}`).toBe(true);
    }
  });

  it('runs the CLI with bun or deno too', async () => {
    for (const runtime of ['bun', 'deno']) {
      const h = makeHome();
      const bin = binWith(['curl', ...BASIC_TOOLS]);
      symlinkSync(join(REPO, 'node_modules', '.bin', runtime), join(bin, runtime));
      const r = await dash(['pi', '--from', dist], envFor(h, bin), h.project);
      expect(r.code, `${runtime}: ${r.stderr}`).toBe(0);
      expect(existsSync(join(h.pi, 'extensions', 'stopline.ts'))).toBe(true);
    }
  });
});
