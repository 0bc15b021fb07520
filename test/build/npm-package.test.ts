/**
 * The repository as an npm package and as a set of host manifests: one version everywhere,
 * `npm pack` ships only dist/ and docs/ (plus the README and package.json npm always adds), and
 * the packed tarball runs as a person would run it: `npx ./stopline-<version>.tgz install claude`
 * in a throwaway HOME, offline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_ROOT, distRoot } from '../../build/artifacts.mjs';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const dist = distRoot();
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('one version number', () => {
  it('package.json, every manifest, the Hermes plugin.yaml, every banner and `stopline --version` agree', () => {
    const v = pkg.version as string;
    expect(v).toMatch(/^\d+\.\d+\.\d+/);
    const found: Record<string, string | undefined> = {
      '.claude-plugin/marketplace.json': json(join(REPO_ROOT, '.claude-plugin', 'marketplace.json')).plugins[0].version,
      '.agents/plugins/marketplace.json': json(join(REPO_ROOT, '.agents', 'plugins', 'marketplace.json')).plugins[0].version,
      '.github/plugin/marketplace.json': json(join(REPO_ROOT, '.github', 'plugin', 'marketplace.json')).plugins[0].version,
      '.factory-plugin/marketplace.json': json(join(REPO_ROOT, '.factory-plugin', 'marketplace.json')).plugins[0].version,
      'dist/gemini/gemini-extension.json': json(join(dist, 'gemini', 'gemini-extension.json')).version,
      'dist/qwen/qwen-extension.json': json(join(dist, 'qwen', 'qwen-extension.json')).version,
      'dist/copilot/plugin.json': json(join(dist, 'copilot', 'plugin.json')).version,
      'dist/droid/.factory-plugin/plugin.json': json(join(dist, 'droid', '.factory-plugin', 'plugin.json')).version,
      'dist/claude/.claude-plugin/plugin.json': json(join(dist, 'claude', '.claude-plugin', 'plugin.json')).version,
      'dist/codex/.codex-plugin/plugin.json': json(join(dist, 'codex', '.codex-plugin', 'plugin.json')).version,
      'dist/hermes/stopline/plugin.yaml': /^version:\s*"?([^"\n]+)"?$/m.exec(readFileSync(join(dist, 'hermes', 'stopline', 'plugin.yaml'), 'utf8'))?.[1],
    };
    for (const a of ARTIFACTS.filter((x) => x.kind !== 'static')) {
      found[`dist/${a.output} banner`] = new RegExp(`^// ${pkg.name} (\\S+) - ${a.id} - `, 'm').exec(readFileSync(join(dist, a.output), 'utf8'))?.[1];
    }
    found['stopline --version'] = spawnSync(process.execPath, [join(dist, 'stopline.mjs'), '--version'], { encoding: 'utf8' }).stdout.trim().replace(/^stopline /, '');
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, v])));
  });

  it('the marketplaces name the plugin folders in dist/ under the package name', () => {
    const claude = json(join(REPO_ROOT, '.claude-plugin', 'marketplace.json'));
    const codex = json(join(REPO_ROOT, '.agents', 'plugins', 'marketplace.json'));
    expect(claude.plugins.map((p: { name: string; source: string }) => [p.name, p.source])).toEqual([[pkg.name, './dist/claude']]);
    expect(codex.plugins.map((p: { name: string; source: { path: string } }) => [p.name, p.source.path])).toEqual([[pkg.name, './dist/codex']]);
    expect(json(join(dist, 'codex', '.codex-plugin', 'plugin.json'))).toMatchObject({ name: pkg.name, skills: './skills/', hooks: './hooks.json' });
    // Copilot reads .github/plugin/marketplace.json before .claude-plugin's, Droid .factory-plugin's: each finds its own folder
    expect(json(join(REPO_ROOT, '.github', 'plugin', 'marketplace.json')).plugins.map((p: { name: string; source: string }) => [p.name, p.source])).toEqual([[pkg.name, './dist/copilot']]);
    expect(json(join(REPO_ROOT, '.factory-plugin', 'marketplace.json')).plugins.map((p: { name: string; source: string }) => [p.name, p.source])).toEqual([[pkg.name, './dist/droid']]);
  });
});

describe('package.json as an npm package', () => {
  it('is publishable, its bin is the CLI, its entry is the one OpenCode plugin file, its pi manifest names the extension and skills', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin).toEqual({ stopline: 'dist/stopline.mjs' });
    expect(pkg.main).toBe('./dist/opencode/stopline.js');
    expect(pkg.exports).toEqual({ '.': './dist/opencode/stopline.js' });
    // the README's screenshot stays out of the package
    expect(pkg.files).toEqual(['dist/', 'docs/', '!docs/images/']);
    expect(pkg.pi).toEqual({ extensions: ['./dist/pi/stopline.ts'], skills: ['./dist/pi/skills'] });
    for (const p of [pkg.bin.stopline, pkg.main, ...pkg.pi.extensions, ...pkg.pi.skills]) expect(statSync(join(REPO_ROOT, p)).isFile() || statSync(join(REPO_ROOT, p)).isDirectory()).toBe(true);
  });
});

describe('npm pack, then npx', () => {
  let work = '';
  let tarball = '';
  let files: string[] = [];
  const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(work, 'home'), npm_config_cache: join(work, 'npm-cache'), npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'stopline-npm-'));
    mkdirSync(join(work, 'home'), { recursive: true });
    const r = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: REPO_ROOT, env: env(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(work, info!.filename);
    files = info!.files.map((f) => f.path).sort();
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(`packs as stopline-${pkg.version}.tgz with only dist/, docs/, the README and package.json`, () => {
    expect(tarball.endsWith(`stopline-${pkg.version}.tgz`)).toBe(true);
    const outside = files.filter((f) => !f.startsWith('dist/') && !/^docs\/(?:[^/]+\/)*[^/]+\.md$/.test(f) && f !== 'README.md' && f !== 'package.json');
    expect(outside).toEqual([]);
    const distFiles: string[] = [];
    const walk = (d: string, rel: string) => {
      for (const n of readdirSync(d)) statSync(join(d, n)).isDirectory() ? walk(join(d, n), `${rel}${n}/`) : distFiles.push(`${rel}${n}`);
    };
    walk(dist, 'dist/');
    expect(files.filter((f) => f.startsWith('dist/'))).toEqual(distFiles.sort());
  });

  it('`npx ./stopline-<version>.tgz install claude` in a throwaway HOME registers the hooks; `uninstall claude` takes them out', () => {
    // as typed in the folder that holds the tarball: `./` makes it a package spec, not a command
    const npx = (...args: string[]) => spawnSync('npx', ['--yes', `./${basename(tarball)}`, ...args], { cwd: work, env: { ...env(), XDG_CONFIG_HOME: join(work, 'home', '.config') }, encoding: 'utf8', timeout: 120_000 });
    const version = npx('version');
    expect(version.stdout).toBe(`stopline ${pkg.version}\n`);
    const install = npx('install', 'claude', '--runtime', 'node');
    expect(install.status, install.stderr).toBe(0);
    // stopline install claude goes through Claude's plugin system: a local marketplace, the plugin enabled, its own hooks.json
    const settings = json(join(work, 'home', '.claude', 'settings.json'));
    expect(settings.enabledPlugins).toEqual({ 'stopline@stopline-local': true });
    expect(settings.hooks).toBeUndefined();
    const plugin = join(work, 'home', '.claude', 'plugins', 'stopline-local', 'stopline');
    const hooks = json(join(plugin, 'hooks', 'hooks.json')).hooks as Record<string, { hooks: { command: string }[] }[]>;
    const commands = Object.values(hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)));
    // the guard's seven events (Stop: the per-session check); PostToolUse and SubagentStop only where the person's hooks need them
    expect(commands.length).toBe(7);
    expect(commands.every((c) => c.includes(join(plugin, 'stopline.mjs')))).toBe(true);
    const uninstall = npx('uninstall', 'claude');
    expect(uninstall.status, uninstall.stderr).toBe(0);
    // the settings file was stopline's own, so uninstall deletes it, and the marketplace folder with it
    expect(existsSync(join(work, 'home', '.claude', 'settings.json'))).toBe(false);
    expect(existsSync(join(work, 'home', '.claude', 'plugins', 'stopline-local'))).toBe(false);
  }, 240_000);
});
