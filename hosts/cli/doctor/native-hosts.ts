/**
 * Each host's own install of stopline as doctor finds and tries it (a NativeDoor, reached through
 * HOST_TOOLS): where the host records it, which dist part the installed folder holds, the fixes in
 * the host's own words, and what to feed the installed hook.
 *
 * Gemini CLI (`gemini extensions install <dist/gemini>`) and Qwen Code (`qwen extensions install
 * <dist/qwen>`) copy the extension folder to `<host folder>/extensions/stopline/`. A host whose
 * door lives in its own folder (hosts/<host>/doctor.ts) keeps it beside its doctor checks.
 *
 * Hosts without a door: Hermes' `hermes plugins install` clones into the same
 * `$HERMES_HOME/plugins/stopline/` that `stopline install hermes` uses, so the Hermes checks cover
 * both; the others have no plugin manager of their own, and `stopline install` is the only route.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { isRecord } from '../../../core/check';
import { CLAUDE_PLUGIN_ID, claudeObserveNeeds } from '../install/host-claude';
import { CODEX_EVENTS, codexObserveNeeds } from '../install/host-codex';
import { claudeConfigDir, codexHome, geminiDir, qwenDir, type Env } from '../install/locations';
import { parseTableHeader } from '../install/toml-trust';
import { claudeDoor, eventsCheck } from './hosts';
import { PACKAGE, extensionHookCommand, hookProbe, parseJson, pluginEvents, pluginHookCommand, wholeFolder } from './native';
import type { NativeDoor, NativeInstall } from './native';
import { probeClaude, probeCodex, probeGemini, probeQwen } from './probes';
import type { ProbeResult, ProbeWorld } from './probes';
import { check } from './report';
import { readText } from './system';


/** Claude Code: `installed_plugins.json` lists `stopline@<marketplace>`; settings.json enables it. */
function claudeNative(env: Env): NativeInstall[] {
  const dir = claudeConfigDir(env);
  const file = join(dir, 'plugins', 'installed_plugins.json');
  const installed = parseJson(readText(file));
  const plugins = isRecord(installed) && isRecord(installed.plugins) ? installed.plugins : {};
  const settings = parseJson(readText(join(dir, 'settings.json')));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const out: NativeInstall[] = [];
  for (const [id, entries] of Object.entries(plugins)) {
    // stopline@stopline-local is the plugin `stopline install claude` itself registers, not a native install
    if (!id.startsWith(`${PACKAGE}@`) || id === CLAUDE_PLUGIN_ID || !Array.isArray(entries)) continue;
    const entry = entries.find((e) => isRecord(e) && typeof e.installPath === 'string') as { installPath: string } | undefined;
    if (!entry) continue;
    out.push({ host: 'claude', id, via: 'claude plugin install', dir: entry.installPath, recordedIn: file, remove: `claude plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

export const claudeNativeDoor: NativeDoor = {
  find: claudeNative,
  shipped: wholeFolder('claude'),
  update: (n) => `claude plugin update ${n.id}`,
  enable: (n) => `claude plugin enable ${n.id}`,
  wouldRun: (_n, env) => check('would-run', 'pass', `enabled in ${join(claudeConfigDir(env), 'settings.json')}`),
  async probe(n, ctx, bin) {
    const hooksFile = join(n.dir, 'hooks', 'hooks.json');
    // the shipped plugin file registers no observe-only event: say so when the person's hooks need one here
    const registered = pluginEvents(hooksFile);
    const events = eventsCheck(`stopline install ${n.host} (its hook file registers what your hooks need), then ${n.remove}`, claudeRegistry, claudeObserveNeeds(ctx.env, 'project', ctx.env.cwd, false), (e) => registered.has(e));
    const probe = await hookProbe(pluginHookCommand(hooksFile, 'CLAUDE_PLUGIN_ROOT', n.dir), `the plugin has no PreToolUse hook in ${n.dir}`, n, (c) => probeClaude(ctx.world(), c));
    return [events, ...probe, await claudeDoor(ctx, n.dir, bin)];
  },
};

/** Codex: `[plugins."stopline@<marketplace>"]` in config.toml; the plugin sits in plugins/cache. */
function codexNative(env: Env): NativeInstall[] {
  const home = codexHome(env);
  const file = join(home, 'config.toml');
  const text = readText(file) ?? '';
  const out: NativeInstall[] = [];
  let current: string | null = null;
  const seen = new Map<string, boolean>();
  for (const line of text.split('\n')) {
    const header = parseTableHeader(line.replace(/\r$/, ''));
    if (header) {
      current = header.length === 2 && header[0] === 'plugins' && header[1]!.startsWith(`${PACKAGE}@`) ? header[1]! : null;
      if (current) seen.set(current, true);
      continue;
    }
    const m = current ? /^\s*enabled\s*=\s*(true|false)/.exec(line) : null;
    if (m && current) seen.set(current, m[1] === 'true');
  }
  for (const [id, enabled] of seen) {
    const marketplace = id.slice(PACKAGE.length + 1);
    const base = join(home, 'plugins', 'cache', marketplace, PACKAGE);
    const versions = existsSync(base) ? readdirSync(base).filter((v) => statSync(join(base, v)).isDirectory()).sort() : [];
    if (versions.length === 0) continue;
    out.push({ host: 'codex', id, via: 'codex plugin add', dir: join(base, versions[versions.length - 1]!), recordedIn: file, remove: `codex plugin remove ${id}`, enabled });
  }
  return out;
}

/** `[hooks.state."stopline@…:…"]` tables that carry both hashes Codex wants for a plugin hook. */
function codexPluginTrust(toml: string, id: string): number {
  let n = 0;
  let current: string | null = null;
  let both = { handler: false, content: false };
  const close = () => {
    if (current && both.handler && both.content) n += 1;
  };
  for (const line of toml.split('\n')) {
    const header = parseTableHeader(line.replace(/\r$/, ''));
    if (header) {
      close();
      current = header.length === 3 && header[0] === 'hooks' && header[1] === 'state' && header[2]!.startsWith(`${id}:`) ? header[2]! : null;
      both = { handler: false, content: false };
      continue;
    }
    if (current && /^\s*trusted_hash\s*=/.test(line)) both.handler = true;
    if (current && /^\s*trusted_content_hash\s*=/.test(line)) both.content = true;
  }
  close();
  return n;
}

/** The hooks the shipped Codex plugin registers (its hooks.json: the registry rows but the observe-only ones). */
const CODEX_PLUGIN_HOOKS = CODEX_EVENTS.length;

export const codexNativeDoor: NativeDoor = {
  find: codexNative,
  shipped: wholeFolder('codex'),
  enable: (n) => `set enabled = true under [plugins."${n.id}"] in ${n.recordedIn}`,
  wouldRun(n) {
    const trusted = codexPluginTrust(readText(n.recordedIn) ?? '', n.id);
    return trusted >= CODEX_PLUGIN_HOOKS
      ? check('would-run', 'warn', `${trusted} plugin hooks have trust entries in ${n.recordedIn}; Codex also hashes the whole plugin folder, which doctor cannot recompute, so any update untrusts them silently`, 'open codex and check /hooks, or use stopline install codex (trust it can keep)')
      : check('would-run', 'fail', `${trusted} of ${CODEX_PLUGIN_HOOKS} plugin hooks are trusted: Codex skips untrusted plugin hooks without a word`, 'open codex, run /hooks and trust the stopline hooks; or use stopline install codex instead');
  },
  async probe(n, ctx) {
    const hooksFile = join(n.dir, 'hooks.json');
    const registered = pluginEvents(hooksFile);
    const events = eventsCheck(`stopline install ${n.host} (its hook file registers what your hooks need), then ${n.remove}`, codexRegistry, codexObserveNeeds(ctx.env, 'project', ctx.env.cwd, false), (e) => registered.has(e));
    return [events, ...(await hookProbe(pluginHookCommand(hooksFile, 'PLUGIN_ROOT', n.dir), `the plugin has no PreToolUse hook in ${n.dir}`, n, (c) => probeCodex(ctx.world(), c)))];
  },
};

/** An extension folder the host copied to `<its folder>/extensions/stopline/`, read as the host runs its tool hook. */
const extensionDoor = (host: 'gemini' | 'qwen', find: (env: Env) => NativeInstall[], hook: { event: string; variable: string }, run: (world: ProbeWorld, command: string) => Promise<ProbeResult>): NativeDoor => ({
  find,
  shipped: wholeFolder(host),
  enable: (n) => `${host} extensions enable ${n.id}`,
  probe: (n, ctx) => {
    const hooksFile = join(n.dir, 'hooks', 'hooks.json');
    return hookProbe(extensionHookCommand(hooksFile, hook.event, hook.variable, n.dir), `the extension has no tool hook in ${hooksFile}`, n, (c) => run(ctx.world(), c));
  },
});

/** Gemini CLI: `<.gemini>/extensions/stopline/`; off only where a `!<path>` rule of extension-enablement.json matches the cwd. */
function geminiNative(env: Env): NativeInstall[] {
  const base = join(geminiDir(env), 'extensions');
  const dir = join(base, PACKAGE);
  const manifest = parseJson(readText(join(dir, 'gemini-extension.json')));
  if (!isRecord(manifest) || manifest.name !== PACKAGE) return [];
  const file = join(base, 'extension-enablement.json');
  const config = parseJson(readText(file));
  const rules = isRecord(config) && isRecord(config[PACKAGE]) && Array.isArray(config[PACKAGE].overrides) ? (config[PACKAGE].overrides as unknown[]) : [];
  const here = `${env.cwd.replace(/\/+$/, '')}/`;
  let enabled = true;
  for (const rule of rules) {
    if (typeof rule !== 'string') continue;
    const off = rule.startsWith('!');
    const body = off ? rule.slice(1) : rule;
    const subdirs = body.endsWith('*');
    const path = (subdirs ? body.slice(0, -1) : body).replace(/\/*$/, '/');
    if (subdirs ? here.startsWith(path) : here === path) enabled = !off;
  }
  return [{ host: 'gemini', id: PACKAGE, via: 'gemini extensions install', dir, recordedIn: file, remove: `gemini extensions uninstall ${PACKAGE}`, enabled }];
}

export const geminiNativeDoor = extensionDoor('gemini', geminiNative, { event: 'BeforeTool', variable: 'extensionPath' }, probeGemini);

/** Qwen Code: `<.qwen>/extensions/stopline/`; its extension store says whether it is activated. */
function qwenNative(env: Env): NativeInstall[] {
  const dir = join(qwenDir(env), 'extensions', PACKAGE);
  const manifest = parseJson(readText(join(dir, 'qwen-extension.json')));
  if (!isRecord(manifest) || manifest.name !== PACKAGE) return [];
  const file = join(qwenDir(env), 'extension-store', 'state.json');
  const state = parseJson(readText(file));
  const entries = isRecord(state) && isRecord(state.extensions) ? Object.values(state.extensions) : [];
  const mine = entries.find((e) => isRecord(e) && e.name === PACKAGE) as Record<string, unknown> | undefined;
  const enabled = mine?.defaultActivation !== 'disabled';
  return [{ host: 'qwen', id: PACKAGE, via: 'qwen extensions install', dir, recordedIn: file, remove: `qwen extensions uninstall ${PACKAGE}`, enabled }];
}

export const qwenNativeDoor = extensionDoor('qwen', qwenNative, { event: 'PreToolUse', variable: 'CLAUDE_PLUGIN_ROOT' }, probeQwen);
