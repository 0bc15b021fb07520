/**
 * `stopline install` / `stopline uninstall` against throwaway homes with real-looking user
 * configs: what lands where, that nothing else in those files moves, that a second install
 * changes nothing, and that uninstall gives back the original bytes.
 */
import { HOST_NAMES } from '../../../core/registry/host-specs';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHookTrustEntries } from '../../../hosts/codex/hook-trust';
import { backupsUnder, fixture, installFixture, isBackup, makeHome, pythonParse, readJson, seedUserConfigs, snapshot, stopline, write, type Home } from './helpers';

const { dist, install, uninstall } = installFixture();

type Settings = { hooks: Record<string, { matcher?: string; hooks: { command: string; timeout?: number; onFailure?: string }[] }[]> } & Record<string, unknown>;

function seededHome(): Home {
  const h = makeHome();
  seedUserConfigs(h);
  // the person's own Codex hook, trusted earlier (the key Codex itself would have written)
  const own = codexHookTrustEntries(join(h.codex, 'hooks.json'), JSON.parse(fixture('codex-hooks.json')));
  const toml = own.map((e) => `\n[hooks.state.${JSON.stringify(e.key)}]\ntrusted_hash = ${JSON.stringify(e.trustedHash)}\n`).join('');
  writeFileSync(join(h.codex, 'config.toml'), fixture('codex-config.toml') + toml);
  write(join(h.xdg, 'stopline', 'stopline.json'), fixture('stopline.json'));
  return h;
}

/** Where `stopline install claude` puts things: a one-plugin directory marketplace in the Claude config. */
const claudeMarket = (h: Home) => join(h.claude, 'plugins', 'stopline-local');
const claudePlugin = (h: Home) => join(claudeMarket(h), 'stopline');
const claudeScript = (h: Home) => join(claudePlugin(h), 'stopline.mjs');
/** The hooks Claude runs for the plugin: its hooks.json, written by the installer. */
const claudeHooks = (h: Home) => readJson(join(claudePlugin(h), 'hooks', 'hooks.json')) as Settings;

function oursIn(settings: Settings, script: string) {
  return Object.entries(settings.hooks).flatMap(([event, groups]) => groups.filter((g) => g.hooks.every((x) => x.command.includes(script))).map((g) => ({ event, group: g })));
}

describe('install all into a home full of other settings', () => {
  it('registers every host, a second run changes nothing, uninstall restores every byte', async () => {
    const h = seededHome();
    const before = snapshot(h.root);

    const first = await install(h, 'all', '--runtime', 'node');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('runtime for hook commands: node (');
    expect(first.stdout).toContain('restart the gateway: hermes gateway restart');

    // Claude: plugin folder copied into a directory marketplace, the 6 events the guard needs in
    // the plugin's hooks.json (no observe-only one: this person has no hooks that need them), the plugin enabled in settings.json; the person's hooks and settings untouched
    const plugin = claudePlugin(h);
    const script = claudeScript(h);
    for (const f of ['.claude-plugin/plugin.json', 'hooks/hooks.json', 'skills/stopline/SKILL.md']) expect(statSync(join(plugin, f)).mode & 0o777).toBe(0o644);
    expect(statSync(join(claudeMarket(h), '.claude-plugin', 'marketplace.json')).mode & 0o777).toBe(0o644);
    const market = readJson(join(claudeMarket(h), '.claude-plugin', 'marketplace.json')) as { name: string; plugins: { name: string; source: string }[] };
    expect(market.name).toBe('stopline-local');
    expect(market.plugins.map((x) => [x.name, x.source])).toEqual([['stopline', './stopline']]);
    expect(statSync(script).mode & 0o777).toBe(0o755);
    expect(statSync(plugin).mode & 0o777).toBe(0o755);
    const settings = readJson(join(h.claude, 'settings.json')) as Settings;
    const original = JSON.parse(fixture('claude-settings.json')) as Settings;
    expect(settings.enabledPlugins).toEqual({ 'stopline@stopline-local': true });
    expect(settings.extraKnownMarketplaces).toEqual({ 'stopline-local': { source: { source: 'directory', path: claudeMarket(h) } } });
    const ours = oursIn(claudeHooks(h), script);
    expect(ours.map((o) => o.event)).toEqual(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'SubagentStart', 'Stop', 'SessionEnd']);
    expect(ours.find((o) => o.event === 'PreToolUse')!.group.matcher).toBe('*');
    for (const { group } of ours) {
      expect(group.hooks[0]!.command).toBe(`'/usr/bin/node' '${script}'`);
      expect(group.hooks[0]!.timeout).toBe(10); // SessionEnd included: it gets ~1.5 s without one
      expect(group.hooks[0]!.onFailure).toBeUndefined();
    }
    // settings.json gets no stopline hook: the person's hooks and everything else are as they were
    expect(settings.hooks).toEqual(original.hooks);
    const { enabledPlugins: _a, extraKnownMarketplaces: _b, ...restAfter } = settings;
    expect(restAfter).toEqual(original);
    // and the text of the untouched part is byte-identical (key order, inline style)
    const settingsText = readFileSync(join(h.claude, 'settings.json'), 'utf8');
    expect(settingsText.startsWith(fixture('claude-settings.json').split('"hooks"')[0]!)).toBe(true);
    expect(settingsText).toContain('{ "hooks": [ { "type": "command", "command": "notify-send claude" } ] }');

    // Codex: script beside hooks.json, handlers appended after the person's, one trust entry per handler
    const codexScript = join(h.codex, 'stopline.mjs');
    expect(statSync(codexScript).mode & 0o777).toBe(0o755);
    const hooksJson = readJson(join(h.codex, 'hooks.json')) as Settings;
    expect(hooksJson.hooks.PreToolUse!.length).toBe(2);
    expect(hooksJson.hooks.PreToolUse![0]!.hooks[0]!.command).toBe('/usr/local/bin/my-audit');
    expect(hooksJson.hooks.PreToolUse![1]!.hooks[0]!.command).toBe(`'/usr/bin/node' '${codexScript}'`);
    expect(hooksJson.hooks.SessionEnd![0]!.hooks[0]!.timeout).toBe(3);
    const toml = readFileSync(join(h.codex, 'config.toml'), 'utf8');
    const expected = codexHookTrustEntries(join(h.codex, 'hooks.json'), hooksJson).filter((e) => hooksJson.hooks[e.event]![e.groupIndex]!.hooks[0]!.command.includes(codexScript));
    expect(expected.length).toBe(6);
    for (const e of expected) expect(toml).toContain(`[hooks.state.${JSON.stringify(e.key)}]\ntrusted_hash = ${JSON.stringify(e.trustedHash)}\n`);
    // the original text is still the start of the file: comments, provider, other trust entries
    const originalToml = readFileSync(join(h.codex, 'config.toml'), 'utf8').slice(0, 0) + before.get('home/.codex/config.toml')!.content!;
    expect(toml.startsWith(Buffer.from(originalToml, 'base64').toString('utf8'))).toBe(true);
    expect(statSync(join(h.codex, 'config.toml')).mode & 0o777).toBe(0o600);
    const parsedToml = pythonParse('toml', join(h.codex, 'config.toml')) as { model_providers?: unknown; hooks?: { state: Record<string, unknown> } } | undefined;
    if (parsedToml) {
      expect(parsedToml.model_providers).toEqual({ acme: { name: 'Acme proxy', base_url: 'http://127.0.0.1:9/v1', env_key: 'ACME_KEY', wire_api: 'responses' } });
      expect(Object.keys(parsedToml.hooks!.state).length).toBe(1 + 2 + 6);
    }

    // OpenCode, Pi: the file next to the person's own plugin / extension
    expect(readFileSync(join(h.xdg, 'opencode', 'plugin', 'stopline.js'), 'utf8')).toBe(readFileSync(join(dist, 'opencode', 'stopline.js'), 'utf8'));
    expect(statSync(join(h.xdg, 'opencode', 'plugin', 'stopline.js')).mode & 0o777).toBe(0o644);
    expect(existsSync(join(h.xdg, 'opencode', 'plugin', 'other.js'))).toBe(true);
    expect(existsSync(join(h.pi, 'extensions', 'stopline.ts'))).toBe(true);
    expect(existsSync(join(h.pi, 'extensions', 'mine.ts'))).toBe(true);

    // Hermes: bundle in place, name appended to the enabled list, comments kept
    for (const f of ['plugin.yaml', '__init__.py', 'stopline.mjs']) expect(existsSync(join(h.hermes, 'plugins', 'stopline', f))).toBe(true);
    const yaml = readFileSync(join(h.hermes, 'config.yaml'), 'utf8');
    expect(yaml).toBe(fixture('hermes-config.yaml').replace('    - "memory-tools"   # quoted on purpose\n', '    - "memory-tools"   # quoted on purpose\n    - stopline\n'));
    const parsedYaml = pythonParse('yaml', join(h.hermes, 'config.yaml')) as { plugins: { enabled: string[] } } | undefined;
    if (parsedYaml) expect(parsedYaml.plugins.enabled).toEqual(['guard-lab', 'memory-tools', 'stopline']);

    // one backup per pre-existing config that changed, holding the original bytes
    const backups = backupsUnder(h.root);
    expect(backups.map((b) => b.replace(/\.stopline-backup-.*$/, '')).sort()).toEqual(['home/.claude/settings.json', 'home/.codex/config.toml', 'home/.codex/hooks.json', 'home/.gemini/settings.json', 'home/.hermes/config.yaml', 'home/.qwen/settings.json']);
    for (const b of backups) expect(readFileSync(join(h.root, b)).toString('base64')).toBe(before.get(b.replace(/\.stopline-backup-.*$/, ''))!.content);
    const codexBackup = backups.find((b) => b.includes('config.toml'))!;
    expect(statSync(join(h.root, codexBackup)).mode & 0o777).toBe(0o600);

    // second install: not one byte, no new backup
    const afterFirst = snapshot(h.root);
    const second = await install(h, 'all', '--runtime', 'node');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('nothing to change');
    expect(snapshot(h.root)).toEqual(afterFirst);

    // uninstall: every byte of the original home is back (backups stay as the safety net)
    const removed = await uninstall(h, 'all');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('restored ');
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });

  it('into an empty home: creates what it needs and uninstall leaves the home as empty as it was', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    expect((await install(h, 'all', '--runtime', 'node')).code).toBe(0);
    expect(statSync(join(h.xdg, 'stopline')).mode & 0o777).toBe(0o755);
    expect(backupsUnder(h.root)).toEqual([]);
    const settings = readFileSync(join(h.claude, 'settings.json'), 'utf8');
    expect(JSON.parse(settings)).toEqual({ enabledPlugins: { 'stopline@stopline-local': true }, extraKnownMarketplaces: { 'stopline-local': { source: { source: 'directory', path: claudeMarket(h) } } } });
    expect(oursIn(claudeHooks(h), claudeScript(h)).length).toBe(7);
    expect(readFileSync(join(h.hermes, 'config.yaml'), 'utf8')).toBe('plugins:\n  enabled:\n    - stopline\n');
    expect((await uninstall(h, 'all')).code).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
  });

  it('each host alone installs and uninstalls cleanly', async () => {
    for (const host of HOST_NAMES) {
      const h = seededHome();
      const before = snapshot(h.root);
      const r = await install(h, host, '--runtime', 'node');
      expect(r.code, `${host}: ${r.stderr}`).toBe(0);
      expect(snapshot(h.root)).not.toEqual(before);
      const again = snapshot(h.root);
      expect((await install(h, host, '--runtime', 'node')).stdout).toContain('nothing to change');
      expect(snapshot(h.root)).toEqual(again);
      expect((await uninstall(h, host)).code).toBe(0);
      expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
    }
  });
});

describe('the registered hook command', () => {
  it('runs the installed script with the chosen runtime, even from a home with spaces and quotes in its path', async () => {
    const h = makeHome({ name: "it's a home" });
    expect((await install(h, 'claude', '--runtime', 'node')).code).toBe(0);
    expect((await install(h, 'codex', '--runtime', 'node')).code).toBe(0);
    const marker = join(h.root, 'marker');
    const claudeCmd = claudeHooks(h).hooks.PreToolUse![0]!.hooks[0]!.command;
    // Claude runs hook commands with /bin/sh -c, Codex with /bin/bash -c
    const viaSh = spawnSync('/bin/sh', ['-c', claudeCmd], { env: { STOPLINE_TEST_MARKER: marker }, encoding: 'utf8' });
    expect(viaSh.status, viaSh.stderr).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('claude ');
    const codexCmd = (readJson(join(h.codex, 'hooks.json')) as Settings).hooks.PreToolUse![0]!.hooks[0]!.command;
    const viaBash = spawnSync('/bin/bash', ['-c', codexCmd], { env: { STOPLINE_TEST_MARKER: marker }, encoding: 'utf8', cwd: '/' });
    expect(viaBash.status, viaBash.stderr).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('codex ');
  });
});

describe('--dry-run', () => {
  it('prints a unified diff of every file it would change and changes nothing', async () => {
    const h = seededHome();
    const before = snapshot(h.root);
    const r = await install(h, 'all', '--runtime', 'node', '--dry-run');
    expect(r.code).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
    const settings = join(h.claude, 'settings.json');
    expect(r.stdout).toContain(`--- ${settings}\n+++ ${settings}\n@@ `);
    expect(r.stdout).toContain('+    "SessionStart": [');
    expect(r.stdout).toContain(`+[hooks.state."${join(h.codex, 'hooks.json')}:pre_tool_use:1:0"]`);
    expect(r.stdout).toContain('+    - stopline');
    expect(r.stdout).toContain(`--- /dev/null\n+++ ${join(h.pi, 'extensions', 'stopline.ts')}\n(artifact would be created`);
    expect(r.stdout).toMatch(/dry run: \d+ files would change; nothing was written/);

    // and for uninstall after a real install
    await install(h, 'all', '--runtime', 'node');
    const installed = snapshot(h.root);
    const u = await uninstall(h, 'all', '--dry-run');
    expect(u.code).toBe(0);
    expect(snapshot(h.root)).toEqual(installed);
    expect(u.stdout).toContain('-    - stopline');
    expect(u.stdout).toContain(`+++ /dev/null`);
  });
});

describe('--fail closed', () => {
  it('adds onFailure "block" on the gate events and failMode "closed"; uninstall puts the old value back', async () => {
    const h = seededHome();
    const before = snapshot(h.root);
    const r = await install(h, 'claude', '--runtime', 'node', '--fail', 'closed');
    expect(r.code, r.stderr).toBe(0);
    const ours = oursIn(claudeHooks(h), claudeScript(h));
    expect(ours.length).toBe(7);
    const blocking = ours.filter((o) => o.group.hooks[0]!.onFailure === 'block').map((o) => o.event);
    expect(blocking.sort()).toEqual(['PreToolUse', 'UserPromptExpansion', 'UserPromptSubmit']);
    const stoplineJson = join(h.xdg, 'stopline', 'stopline.json');
    expect(readFileSync(stoplineJson, 'utf8')).toBe(fixture('stopline.json').replace('"failMode": "open"', '"failMode": "closed"'));

    // a second host with --fail closed shares the setting; removing one keeps it
    expect((await install(h, 'codex', '--runtime', 'node', '--fail', 'closed')).code).toBe(0);
    expect((await uninstall(h, 'claude')).code).toBe(0);
    expect(readFileSync(stoplineJson, 'utf8')).toContain('"failMode": "closed"');
    // installing codex again without --fail closed gives the setting back
    expect((await install(h, 'codex', '--runtime', 'node')).code).toBe(0);
    expect(readFileSync(stoplineJson, 'utf8')).toBe(fixture('stopline.json'));
    expect((await uninstall(h, 'codex')).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });

  it('creates stopline.json when there is none, and removes it again', async () => {
    const h = makeHome();
    expect((await install(h, 'pi', '--fail', 'closed')).code).toBe(0);
    expect(readJson(join(h.xdg, 'stopline', 'stopline.json'))).toEqual({ failMode: 'closed' });
    expect((await uninstall(h, 'pi')).code).toBe(0);
    expect(existsSync(join(h.xdg, 'stopline'))).toBe(false);
  });
});

describe('original bytes come back even where undoing the edit alone would not give them', () => {
  it('an empty hooks object, no final newline in TOML and YAML', async () => {
    const h = makeHome();
    write(join(h.claude, 'settings.json'), '{ "hooks": { }, "model": "opus" }');
    write(join(h.codex, 'config.toml'), 'model = "gpt-5.5"');
    write(join(h.hermes, 'config.yaml'), 'plugins:\n  enabled: []');
    const before = snapshot(h.root);
    expect((await install(h, 'all', '--runtime', 'node')).code).toBe(0);
    expect(readFileSync(join(h.hermes, 'config.yaml'), 'utf8')).toBe('plugins:\n  enabled: [stopline]');
    expect((await uninstall(h, 'all')).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });
});

describe('Claude settings the person already had', () => {
  it('an empty enabledPlugins and another marketplace stay exactly as they were', async () => {
    const h = makeHome();
    const own = '{\n  "enabledPlugins": {},\n  "extraKnownMarketplaces": { "mine": { "source": { "source": "github", "repo": "me/mine" } } }\n}\n';
    write(join(h.claude, 'settings.json'), own);
    const before = snapshot(h.root);
    expect((await install(h, 'claude', '--runtime', 'node')).code).toBe(0);
    const settings = readJson(join(h.claude, 'settings.json')) as Settings;
    expect(settings.enabledPlugins).toEqual({ 'stopline@stopline-local': true });
    expect(Object.keys(settings.extraKnownMarketplaces as object)).toEqual(['mine', 'stopline-local']);
    // a change elsewhere so the uninstall has to undo the edit instead of restoring the backup
    const file = join(h.claude, 'settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"me/mine"', '"me/other"'));
    expect((await uninstall(h, 'claude')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(own.replace('"me/mine"', '"me/other"'));
    expect(existsSync(claudeMarket(h))).toBe(false);
    writeFileSync(file, own);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });
});

describe('changes made by someone else between install and uninstall', () => {
  it('keeps the other change and takes out only stopline entries', async () => {
    const h = seededHome();
    await install(h, 'claude', '--runtime', 'node');
    const file = join(h.claude, 'settings.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"model": "opus"', '"model": "sonnet"'));
    expect((await uninstall(h, 'claude')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(fixture('claude-settings.json').replace('"model": "opus"', '"model": "sonnet"'));
  });

  it('Codex: a group added after stopline keeps its trust when stopline leaves and the group moves up', async () => {
    const h = seededHome();
    await install(h, 'codex', '--runtime', 'node');
    const hooksFile = join(h.codex, 'hooks.json');
    const doc = readJson(hooksFile) as Settings;
    doc.hooks.PreToolUse!.push({ hooks: [{ type: 'command', command: 'echo later', timeout: 5 } as never] });
    writeFileSync(hooksFile, JSON.stringify(doc, null, 2) + '\n');
    const later = codexHookTrustEntries(hooksFile, doc).find((e) => e.event === 'PreToolUse' && e.groupIndex === 2)!;
    const tomlFile = join(h.codex, 'config.toml');
    writeFileSync(tomlFile, readFileSync(tomlFile, 'utf8') + `\n[hooks.state.${JSON.stringify(later.key)}]\ntrusted_hash = ${JSON.stringify(later.trustedHash)}\n`);

    expect((await uninstall(h, 'codex')).code).toBe(0);
    const after = readJson(hooksFile) as Settings;
    expect(after.hooks.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual(['/usr/local/bin/my-audit', 'echo later']);
    const moved = codexHookTrustEntries(hooksFile, after).find((e) => e.event === 'PreToolUse' && e.groupIndex === 1)!;
    const toml = readFileSync(tomlFile, 'utf8');
    expect(toml).toContain(`[hooks.state.${JSON.stringify(moved.key)}]\ntrusted_hash = ${JSON.stringify(moved.trustedHash)}\n`);
    expect(toml).not.toContain(':pre_tool_use:2:0');
    expect(toml).not.toContain('stopline.mjs');
    expect(toml.startsWith(fixture('codex-config.toml'))).toBe(true);
  });
});

describe('scopes', () => {
  it('project scope writes into the project, shares the Claude plugin folder with the user install', async () => {
    const h = makeHome();
    const user = await install(h, 'claude', '--runtime', 'node');
    expect(user.code).toBe(0);
    const proj = await install(h, 'all', '--scope', 'project', '--runtime', 'node');
    expect(proj.code, proj.stderr).toBe(0);
    expect(proj.stdout).toContain('stopline install hermes (project scope): skipped');
    expect(proj.stderr).toContain('Pi 1.6.0 skips a project .pi/extensions/ folder');
    expect(proj.stderr).toContain('Codex runs hooks from a project .codex/hooks.json only when the project itself is trusted');
    const script = claudeScript(h);
    // the project settings enable the plugin; the marketplace is declared in the user settings
    const projSettings = readJson(join(h.project, '.claude', 'settings.json')) as Settings;
    expect(projSettings).toEqual({ enabledPlugins: { 'stopline@stopline-local': true } });
    expect((readJson(join(h.claude, 'settings.json')) as Settings).extraKnownMarketplaces).toEqual({ 'stopline-local': { source: { source: 'directory', path: claudeMarket(h) } } });
    expect(oursIn(claudeHooks(h), script).length).toBe(7);
    expect(existsSync(join(h.project, '.opencode', 'plugin', 'stopline.js'))).toBe(true);
    expect(existsSync(join(h.project, '.pi', 'extensions', 'stopline.ts'))).toBe(true);
    expect(existsSync(join(h.project, '.codex', 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(h.codex, 'config.toml'), 'utf8')).toContain(`[hooks.state."${join(h.project, '.codex', 'hooks.json')}:pre_tool_use:0:0"]`);

    // the user install still needs the plugin folder
    expect((await uninstall(h, 'all', '--scope', 'project')).code).toBe(0);
    expect(existsSync(script)).toBe(true);
    expect(existsSync(join(h.project, '.claude'))).toBe(false);
    expect(existsSync(join(h.project, '.codex'))).toBe(false);
    expect(existsSync(join(h.codex))).toBe(false);
    expect((await uninstall(h, 'claude')).code).toBe(0);
    expect(existsSync(h.claude)).toBe(false);
  });

  it('Claude project scope alone: uninstall takes the marketplace out of the user settings and the folder away', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    expect((await install(h, 'claude', '--scope', 'project', '--runtime', 'node')).code).toBe(0);
    expect((readJson(join(h.claude, 'settings.json')) as Settings).extraKnownMarketplaces).toBeDefined();
    expect((await uninstall(h, 'claude', '--scope', 'project')).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });

  it('refuses Hermes at project scope, naming the reason', async () => {
    const h = makeHome();
    const r = await install(h, 'hermes', '--scope', 'project');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HERMES_ENABLE_PROJECT_PLUGINS');
    expect(snapshot(h.root).size).toBe(snapshot(makeHome().root).size);
  });
});

describe('bad input: a clear message, exit 1, nothing written', () => {
  it('a settings.json that is not JSON', async () => {
    const h = seededHome();
    writeFileSync(join(h.claude, 'settings.json'), '{ "model": "opus", }}');
    const before = snapshot(h.root);
    const r = await install(h, 'all', '--runtime', 'node');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(join(h.claude, 'settings.json'));
    expect(r.stderr).toContain('line 1');
    expect(r.stdout).toBe('');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('a Hermes config whose plugins list stopline cannot edit safely', async () => {
    const h = seededHome();
    writeFileSync(join(h.hermes, 'config.yaml'), 'plugins: {enabled: [a]}\n');
    const before = snapshot(h.root);
    const r = await install(h, 'hermes');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('add "stopline" to plugins.enabled by hand');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('a Codex trust key already written in a form stopline does not edit', async () => {
    const h = makeHome();
    const key = `${join(h.codex, 'hooks.json')}:session_start:0:0`;
    write(join(h.codex, 'config.toml'), `[hooks.state]\n${JSON.stringify(key)} = { trusted_hash = "sha256:1" }\n`);
    const before = snapshot(h.root);
    const r = await install(h, 'codex', '--runtime', 'node');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('remove that entry by hand');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('a dist folder without the artifact', async () => {
    const h = makeHome();
    const r = await stopline(['install', 'pi', '--from', join(h.root, 'nowhere')], h);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a folder; point --from at a dist folder');
    const empty = join(h.root, 'emptydist');
    write(join(empty, 'README'), 'x');
    const r2 = await stopline(['install', 'pi', '--from', empty], h);
    expect(r2.stderr).toContain('has no pi/stopline.ts');
  });

  it('unknown hosts, options and values get a suggestion', async () => {
    const h = makeHome();
    expect((await stopline(['install', 'cladue', '--from', dist], h)).stderr).toContain('did you mean "claude"?');
    expect((await stopline(['install', 'claude', '--dry-rn'], h)).stderr).toContain('did you mean "--dry-run"?');
    expect((await stopline(['install', 'claude', '--scope', 'global', '--from', dist], h)).stderr).toContain('--scope must be user or project');
    expect((await stopline(['install', 'claude', '--fail', 'shut', '--from', dist], h)).stderr).toContain('--fail must be closed or open');
    expect((await stopline(['uninstall', 'claude', '--runtime', 'node'], h)).stderr).toContain('unknown option "--runtime"');
    const none = await stopline(['install'], h);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`name a host: ${[...HOST_NAMES, 'all'].join(', ')}`);
    expect(snapshot(h.root).has('home/.config')).toBe(false);
  });

  it('an install record that is not stopline’s', async () => {
    const h = makeHome();
    write(join(h.xdg, 'stopline', 'installed.json'), '{"hello": 1}');
    const r = await install(h, 'pi');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a stopline install record');
  });
});

describe('runtime choice', () => {
  const fakeRuntimes = (names: string[]): string => {
    const dir = join(makeHome().root, 'bin');
    for (const n of names) write(join(dir, n), '#!/bin/sh\n', 0o755);
    return dir;
  };

  it('defaults to the fastest runtime on PATH and says why; STOPLINE_RUNTIME and --runtime override', async () => {
    const bin = fakeRuntimes(['node', 'deno', 'bun']);
    const h = makeHome({ path: bin });
    const r = await install(h, 'claude', '--dry-run');
    expect(r.stdout).toContain(`runtime for hook commands: bun (${join(bin, 'bun')}), the fastest runtime found on PATH (order: bun, deno, node)`);
    const viaEnv = await stopline(['install', 'claude', '--dry-run', '--from', dist], h, { STOPLINE_RUNTIME: 'deno' });
    expect(viaEnv.stdout).toContain('runtime for hook commands: deno');
    expect(viaEnv.stdout).toContain('chosen by STOPLINE_RUNTIME');
    // the command lands in the plugin's hooks.json, an artifact the dry run does not print
    expect((await stopline(['install', 'claude', '--from', dist], h, { STOPLINE_RUNTIME: 'deno' })).code).toBe(0);
    expect(claudeHooks(h).hooks.PreToolUse![0]!.hooks[0]!.command).toContain(`run -A --no-config --no-lock --quiet`);
    const viaFlag = await stopline(['install', 'claude', '--dry-run', '--runtime', 'node', '--from', dist], h, { STOPLINE_RUNTIME: 'deno' });
    expect(viaFlag.stdout).toContain('runtime for hook commands: node');
    expect(viaFlag.stdout).toContain('chosen by --runtime');
  });

  it('a runtime that is not there is an error, not a silent fallback', async () => {
    const h = makeHome({ path: fakeRuntimes(['node']) });
    const r = await install(h, 'claude', '--runtime', 'bun');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bun (chosen by --runtime) is not on PATH');
    const none = makeHome({ path: fakeRuntimes([]) });
    const r2 = await install(none, 'codex');
    expect(r2.stderr).toContain('none of bun, deno, node is on PATH');
    // hosts that run inside the agent need no runtime
    expect((await install(none, 'opencode')).code).toBe(0);
  });

  it('switching runtime updates the entries in place (and the Codex trust hashes)', async () => {
    const bin = fakeRuntimes(['node', 'bun']);
    const h = makeHome({ path: bin });
    await install(h, 'codex', '--runtime', 'node');
    await install(h, 'codex', '--runtime', 'bun');
    const doc = readJson(join(h.codex, 'hooks.json')) as Settings;
    expect(doc.hooks.PreToolUse!.length).toBe(1);
    expect(doc.hooks.PreToolUse![0]!.hooks[0]!.command.startsWith(`'${join(bin, 'bun')}'`)).toBe(true);
    const toml = readFileSync(join(h.codex, 'config.toml'), 'utf8');
    for (const e of codexHookTrustEntries(join(h.codex, 'hooks.json'), doc)) expect(toml).toContain(JSON.stringify(e.trustedHash));
    expect(toml.match(/\[hooks\.state\./g)!.length).toBe(6);
  });
});

describe('file system care', () => {
  it('a symlinked settings.json stays a symlink; its target gets the edit', async () => {
    const h = makeHome();
    const target = join(h.root, 'dotfiles', 'settings.json');
    write(target, fixture('claude-settings.json'));
    write(join(h.claude, 'placeholder'), '');
    symlinkSync(target, join(h.claude, 'settings.json'));
    expect((await install(h, 'claude', '--runtime', 'node')).code).toBe(0);
    expect(lstatSync(join(h.claude, 'settings.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(h.claude, 'settings.json'))).toBe(target);
    expect(readFileSync(target, 'utf8')).toContain('"stopline@stopline-local": true');
    expect((await uninstall(h, 'claude')).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(fixture('claude-settings.json'));
  });

  it('a file of someone else at an artifact path is backed up and comes back on uninstall', async () => {
    const h = makeHome();
    write(join(h.pi, 'extensions', 'stopline.ts'), '// my own experiment\n');
    expect((await install(h, 'pi')).code).toBe(0);
    expect(readFileSync(join(h.pi, 'extensions', 'stopline.ts'), 'utf8')).toContain('export default');
    expect(backupsUnder(h.root).length).toBe(1);
    expect((await uninstall(h, 'pi')).code).toBe(0);
    expect(readFileSync(join(h.pi, 'extensions', 'stopline.ts'), 'utf8')).toBe('// my own experiment\n');
  });

  it('warns when Claude Code is told to run no hooks at all', async () => {
    const h = makeHome();
    write(join(h.claude, 'settings.json'), '{\n  "disableAllHooks": true\n}\n');
    const r = await install(h, 'claude', '--runtime', 'node');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('"disableAllHooks": true, so Claude Code runs no hooks at all');
  });

  it('uninstall of something never installed changes nothing', async () => {
    const h = seededHome();
    const before = snapshot(h.root);
    const r = await uninstall(h, 'claude');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing of its own found to remove');
    expect(snapshot(h.root)).toEqual(before);
    expect([...before.keys()].some(isBackup)).toBe(false);
  });
});
