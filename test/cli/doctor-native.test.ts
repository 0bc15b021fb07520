/**
 * `stopline doctor` and installs made with a host's own command, laid out as the real hosts lay
 * them out (test/hosts/<host>/native-install.test.ts shows the hosts writing exactly these
 * files): Claude Code's installed_plugins.json + enabledPlugins, Codex's [plugins."…"] table +
 * plugin cache, an OpenCode "plugin" entry, a Pi packages entry, Copilot's directory marketplace +
 * enabledPlugins, Droid's plugin cache + enabledPlugins. A native install alone is
 * installed, not a missing `stopline install`; a disabled or untrusted one fails with the host's
 * fix; both routes at once warn. Probes run the artifacts in dist/ (npm run build).
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, cleanupTempDirs, cli, isolatedEnv, tempDir, type Doc } from './helpers';

const DIST = join(REPO, 'dist');

afterAll(cleanupTempDirs);

function person() {
  const root = tempDir('stopline-doctor-native-');
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(project, { recursive: true });
  return { root, home, project, env: { ...isolatedEnv(home), PATH: process.env.PATH ?? '/usr/bin:/bin' } };
}

async function doctor(p: ReturnType<typeof person>, host: string): Promise<Doc> {
  const r = await cli(['doctor', host, '--json', '--from', DIST], { env: p.env, cwd: p.project });
  return JSON.parse(r.stdout) as Doc;
}

const byId = (doc: Doc, scope: string) => Object.fromEntries((doc.reports.find((r) => r.scope === scope)?.checks ?? []).map((c) => [c.id, c]));

/** A package folder as npm pack / a clone has it: package.json plus dist/. */
function packageDir(root: string): string {
  const dir = join(root, 'stopline-pkg');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'stopline', version: '0.0.0' }));
  cpSync(DIST, join(dir, 'dist'), { recursive: true });
  return dir;
}

function claudePlugin(p: ReturnType<typeof person>, enabled: boolean): void {
  const dir = join(p.home, '.claude', 'plugins', 'cache', 'stopline', 'stopline', '0.1.0');
  cpSync(join(DIST, 'claude'), dir, { recursive: true });
  writeFileSync(join(p.home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins: { 'stopline@stopline': [{ scope: 'user', installPath: dir, version: '0.1.0' }] } }));
  writeFileSync(join(p.home, '.claude', 'settings.json'), JSON.stringify({ enabledPlugins: { 'stopline@stopline': enabled } }));
}

/** Copilot: a directory marketplace (a clone with .github/plugin/marketplace.json) and the plugin enabled; loaded live from it. */
function copilotPlugin(p: ReturnType<typeof person>, enabled: boolean): void {
  const clone = join(p.root, 'stopline');
  mkdirSync(join(clone, '.github', 'plugin'), { recursive: true });
  writeFileSync(join(clone, '.github', 'plugin', 'marketplace.json'), JSON.stringify({ name: 'stopline', owner: { name: 'stopline' }, plugins: [{ name: 'stopline', source: './dist/copilot' }] }));
  cpSync(join(DIST, 'copilot'), join(clone, 'dist', 'copilot'), { recursive: true });
  mkdirSync(join(p.home, '.copilot'), { recursive: true });
  writeFileSync(join(p.home, '.copilot', 'settings.json'), JSON.stringify({ extraKnownMarketplaces: { stopline: { source: { source: 'directory', path: clone } } }, enabledPlugins: { 'stopline@stopline': enabled } }));
}

/** Droid: the plugin copied into its cache (`<marketplace>-<hash>/<plugin>-<hash>/<commit>/`) and enabled. */
function droidPlugin(p: ReturnType<typeof person>, enabled: boolean): void {
  const dir = join(p.home, '.factory', 'plugins', 'cache', 'stopline-9c782cdf79d6', 'stopline-9c782cdf79d6', '3f1c0de');
  cpSync(join(DIST, 'droid'), dir, { recursive: true });
  writeFileSync(join(p.home, '.factory', 'settings.json'), JSON.stringify({ enabledPlugins: { 'stopline@stopline': enabled } }));
}

describe('stopline doctor and native installs', { timeout: 120_000 }, () => {
  it('Copilot: a plugin enabled from a directory marketplace is installed, current, enabled and denies the probe; an uninstalled one (left at false) is not reported', async () => {
    const p = person();
    copilotPlugin(p, true);
    let doc = await doctor(p, 'copilot');
    const c = byId(doc, 'native stopline@stopline');
    expect([c.installed?.status, c.artifact?.status, c['would-run']?.status, c.enforcement?.status]).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(doc.ok).toBe(true);
    copilotPlugin(p, false);
    doc = await doctor(p, 'copilot');
    expect(doc.reports.filter((r) => r.host === 'copilot').map((r) => r.scope)).not.toContain('native stopline@stopline');
  });

  it('Droid: a plugin in its cache and enabled passes; turned off it fails with the fix', async () => {
    const p = person();
    droidPlugin(p, true);
    let doc = await doctor(p, 'droid');
    const c = byId(doc, 'native stopline@stopline');
    expect([c.installed?.status, c.artifact?.status, c['would-run']?.status, c.enforcement?.status]).toEqual(['pass', 'pass', 'pass', 'pass']);
    droidPlugin(p, false);
    doc = await doctor(p, 'droid');
    expect(byId(doc, 'native stopline@stopline')['would-run']).toMatchObject({ status: 'fail' });
  });

  it('Claude Code: a plugin install alone is installed, current, enabled and denies the probe; no "missing" stopline-install report', async () => {
    const p = person();
    claudePlugin(p, true);
    const doc = await doctor(p, 'claude');
    const c = byId(doc, 'native stopline@stopline');
    expect([c.installed?.status, c.artifact?.status, c['would-run']?.status, c.enforcement?.status]).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(doc.reports.filter((r) => r.host === 'claude').map((r) => r.scope)).toEqual(['native stopline@stopline']);
    expect(doc.ok).toBe(true);
  });

  it('Claude Code: a disabled plugin fails with `claude plugin enable`', async () => {
    const p = person();
    claudePlugin(p, false);
    const doc = await doctor(p, 'claude');
    expect(byId(doc, 'native stopline@stopline')['would-run']).toMatchObject({ status: 'fail', fix: 'claude plugin enable stopline@stopline' });
    expect(doc.ok).toBe(false);
  });

  it('Claude Code: the plugin plus `stopline install claude` warns that the guard runs twice, with both ways out', async () => {
    const p = person();
    claudePlugin(p, true);
    const installed = await cli(['install', 'claude', '--runtime', 'node', '--from', DIST], { env: p.env, cwd: p.project });
    expect(installed.code, installed.stderr).toBe(0);
    const doc = await doctor(p, 'claude');
    const twice = byId(doc, 'native stopline@stopline').twice;
    expect(twice?.status).toBe('warn');
    expect(twice?.fix).toBe('keep one: claude plugin uninstall stopline@stopline, or stopline uninstall claude');
    // the stopline-install registration is still checked on its own
    expect(doc.reports.map((r) => r.scope)).toContain('user');
  });

  it('Claude Code: `stopline install claude` alone (its stopline@stopline-local plugin recorded by Claude) is no native install and gives no "twice" warning', async () => {
    const p = person();
    const installed = await cli(['install', 'claude', '--runtime', 'node', '--from', DIST], { env: p.env, cwd: p.project });
    expect(installed.code, installed.stderr).toBe(0);
    // Claude records the plugins it loaded from a known marketplace; stopline's own one must not count as native
    mkdirSync(join(p.home, '.claude', 'plugins'), { recursive: true });
    writeFileSync(join(p.home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins: { 'stopline@stopline-local': [{ scope: 'user', installPath: join(p.home, '.claude', 'plugins', 'stopline-local', 'stopline'), version: '0.1.0' }] } }));
    const doc = await doctor(p, 'claude');
    const scopes = doc.reports.filter((r) => r.host === 'claude').map((r) => r.scope);
    expect(scopes).toEqual(['user']);
    expect(doc.reports.flatMap((r) => r.checks).filter((c) => c.id === 'twice')).toEqual([]);
  });

  it('Codex: a plugin install without trust entries fails (Codex skips untrusted plugin hooks); its own hook command still denies', async () => {
    const p = person();
    const codexHome = join(p.home, '.codex');
    cpSync(join(DIST, 'codex'), join(codexHome, 'plugins', 'cache', 'stopline', 'stopline', '0.1.0'), { recursive: true });
    writeFileSync(join(codexHome, 'config.toml'), '[marketplaces.stopline]\nsource_type = "local"\nsource = "/somewhere"\n\n[plugins."stopline@stopline"]\nenabled = true\n');
    const doc = await doctor(p, 'codex');
    const c = byId(doc, 'native stopline@stopline');
    expect(c['would-run']).toMatchObject({ status: 'fail' });
    expect(c['would-run']!.detail).toContain('0 of 6 plugin hooks are trusted');
    expect(c.enforcement?.status).toBe('pass');
  });

  it('OpenCode: a "plugin" entry naming the stopline package, and Pi: a packages entry, are each installed and deny the probe', async () => {
    const p = person();
    const pkg = packageDir(p.root);
    mkdirSync(join(p.home, '.config', 'opencode'), { recursive: true });
    writeFileSync(join(p.home, '.config', 'opencode', 'opencode.json'), JSON.stringify({ plugin: [pkg] }));
    mkdirSync(join(p.home, '.pi', 'agent'), { recursive: true });
    writeFileSync(join(p.home, '.pi', 'agent', 'settings.json'), JSON.stringify({ packages: [pkg] }));
    for (const host of ['opencode', 'pi']) {
      const doc = await doctor(p, host);
      const c = byId(doc, `native ${pkg}`);
      expect([host, c.installed?.status, c.artifact?.status, c['would-run']?.status]).toEqual([host, 'pass', 'pass', 'pass']);
      expect(['pass', 'warn']).toContain(c.enforcement?.status);
    }
  });

  it('a package of another name in the same places is not taken for stopline', async () => {
    const p = person();
    const other = join(p.root, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'package.json'), JSON.stringify({ name: 'not-stopline' }));
    mkdirSync(join(p.home, '.pi', 'agent'), { recursive: true });
    writeFileSync(join(p.home, '.pi', 'agent', 'settings.json'), JSON.stringify({ packages: [other] }));
    const doc = await doctor(p, 'pi');
    expect(doc.reports.some((r) => r.scope.startsWith('native'))).toBe(false);
  });
});
