/**
 * stopline installed with a host's own command (not `stopline install`): Claude Code's
 * `claude plugin install`, Codex's `codex plugin add`, an OpenCode `"plugin"` entry
 * (`opencode plugin <spec>`), a Pi package (`pi install`). Doctor finds each where the host
 * records it, checks that the host will run it, feeds the installed hook a review-mode write
 * that must be denied, and warns when a `stopline install` registration is active for the same
 * host too (every event would then go through the guard twice).
 *
 * Gemini CLI (`gemini extensions install <dist/gemini>`) and Qwen Code (`qwen extensions install
 * <dist/qwen>`) copy the extension folder to `<host folder>/extensions/stopline/`.
 *
 * GitHub Copilot CLI's `copilot plugin install` (a local marketplace, loaded live from its folder) and
 * Factory Droid's `droid plugin install` (copied into its plugin cache) are found the same way.
 *
 * Hermes has no separate native place: `hermes plugins install` clones into the same
 * `$HERMES_HOME/plugins/stopline/` that `stopline install hermes` uses, so the Hermes checks
 * cover both.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { KILO_FOLDERS } from '../../../core/registry/kilo';
import { claudeConfigDir, codexHome, copilotHome, factoryHome, geminiDir, piAgentDir, qwenDir, xdgConfigHome, type Env, type Host } from '../install/locations';
import { parseTableHeader } from '../install/toml-trust';
import { CLAUDE_PLUGIN_ID, claudeObserveNeeds } from '../install/host-claude';
import { CODEX_EVENTS, codexObserveNeeds } from '../install/host-codex';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { eventsCheck } from './hosts';
import { probeClaude, probeCodex, probeCopilot, probeDroid, probeGemini, probeOpenCode, probePi, probeQwen, probeRuntime } from './probes';
import type { ProbeResult, ProbeWorld } from './probes';
import { check } from './report';
import type { Check } from './report';
import { compareArtifact, readText } from './system';
import { isRecord } from '../../../core/check';

/** What the host recorded about its own install of stopline. */
export interface NativeInstall {
  host: Host;
  /** how the host names it: `stopline@<marketplace>`, the opencode.json entry, the Pi source */
  id: string;
  /** the command that made it, for the report */
  via: string;
  /** the installed package or plugin folder */
  dir: string;
  /** the file that records it */
  recordedIn: string;
  /** the host's own command that removes it */
  remove: string;
  /** false when the host lists it but has it turned off */
  enabled: boolean;
}

const PACKAGE = 'stopline';

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The package name in `<dir>/package.json`, if any. */
function packageName(dir: string): string | undefined {
  const pkg = parseJson(readText(join(dir, 'package.json')));
  return isRecord(pkg) && typeof pkg.name === 'string' ? pkg.name : undefined;
}

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

/** OpenCode: a `"plugin"` entry naming the stopline package (a path to it, or the npm name). */
function opencodeNative(env: Env): NativeInstall[] {
  return configPluginNative('opencode', [join(xdgConfigHome(env), 'opencode', 'opencode.json'), join(xdgConfigHome(env), 'opencode', 'opencode.jsonc'), join(env.cwd, '.opencode', 'opencode.json'), join(env.cwd, 'opencode.json')]);
}

/** Kilo Code: the same `"plugin"` key, in any of the config files Kilo reads in its folders. */
function kiloNative(env: Env): NativeInstall[] {
  const dirs = [join(xdgConfigHome(env), KILO_FOLDERS.config), ...KILO_FOLDERS.project.map((d) => join(env.cwd, d))];
  return configPluginNative('kilo', dirs.flatMap((d) => KILO_FOLDERS.configFiles.map((f) => join(d, f))));
}

function configPluginNative(host: Host, files: readonly string[]): NativeInstall[] {
  const out: NativeInstall[] = [];
  for (const file of files) {
    const config = parseJson(readText(file));
    const list = isRecord(config) && Array.isArray(config.plugin) ? config.plugin : [];
    for (const item of list) {
      const spec = Array.isArray(item) ? item[0] : item;
      if (typeof spec !== 'string') continue;
      const path = spec.startsWith('file://') ? spec.slice('file://'.length) : spec;
      const dir = isAbsolute(path) || path.startsWith('.') ? resolve(join(file, '..'), path) : undefined;
      const ours = dir ? packageName(dir) === PACKAGE : spec === PACKAGE || spec.startsWith(`${PACKAGE}@`);
      if (!ours) continue;
      // an npm name: OpenCode installs it into a cache of its own, which doctor does not look into
      out.push({ host, id: spec, via: `a "plugin" entry in ${basename(file)}`, dir: dir ?? '', recordedIn: file, remove: `take "${spec}" out of "plugin" in ${file}`, enabled: true });
    }
  }
  return out;
}

/** Pi: a `packages` entry in settings.json whose source is the stopline package. */
function piNative(env: Env): NativeInstall[] {
  const agent = piAgentDir(env);
  const file = join(agent, 'settings.json');
  const settings = parseJson(readText(file));
  const list = isRecord(settings) && Array.isArray(settings.packages) ? settings.packages : [];
  const out: NativeInstall[] = [];
  for (const item of list) {
    const source = typeof item === 'string' ? item : isRecord(item) && typeof item.source === 'string' ? item.source : undefined;
    if (!source) continue;
    let dir: string | undefined;
    if (source.startsWith('npm:')) {
      if (!/^npm:stopline(@|$)/.test(source)) continue;
      dir = join(agent, 'npm', 'node_modules', PACKAGE);
    } else if (!/^(git:|https?:)/.test(source)) {
      dir = resolve(agent, source);
      if (packageName(dir) !== PACKAGE) continue;
    } else continue;
    out.push({ host: 'pi', id: source, via: 'pi install', dir, recordedIn: file, remove: `pi remove ${source}`, enabled: true });
  }
  return out;
}

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

/**
 * Copilot: `enabledPlugins` in settings.json names `stopline@<marketplace>`; a directory
 * marketplace (`extraKnownMarketplaces`) is loaded live, so the plugin folder is the one its
 * marketplace.json names. Other marketplace kinds keep a copy doctor does not look into.
 */
function copilotNative(env: Env): NativeInstall[] {
  const file = join(copilotHome(env), 'settings.json');
  const settings = parseJson(readText(file));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const markets = isRecord(settings) && isRecord(settings.extraKnownMarketplaces) ? settings.extraKnownMarketplaces : {};
  const out: NativeInstall[] = [];
  for (const id of Object.keys(enabled)) {
    // `copilot plugin uninstall` leaves the id at false, as `disable` does: only an enabled one counts
    if (!id.startsWith(`${PACKAGE}@`) || enabled[id] !== true) continue;
    const market = markets[id.slice(PACKAGE.length + 1)];
    const source = isRecord(market) && isRecord(market.source) ? market.source : undefined;
    let dir = '';
    if (source?.source === 'directory' && typeof source.path === 'string') {
      for (const manifest of ['.plugin/marketplace.json', '.github/plugin/marketplace.json', '.claude-plugin/marketplace.json']) {
        const m = parseJson(readText(join(source.path, manifest)));
        const plugin = isRecord(m) && Array.isArray(m.plugins) ? m.plugins.find((p) => isRecord(p) && p.name === PACKAGE) : undefined;
        if (isRecord(plugin) && typeof plugin.source === 'string') {
          dir = resolve(source.path, plugin.source);
          break;
        }
      }
    }
    out.push({ host: 'copilot', id, via: 'copilot plugin install', dir, recordedIn: file, remove: `copilot plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

/**
 * Droid: `enabledPlugins` in settings.json names `stopline@<marketplace>`; the plugin is a copy in
 * `plugins/cache/<marketplace>-<hash>/stopline-<hash>/<commit>/` (the newest one counts).
 */
function droidNative(env: Env): NativeInstall[] {
  const home = factoryHome(env);
  const file = join(home, 'settings.json');
  const settings = parseJson(readText(file));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const cache = join(home, 'plugins', 'cache');
  const dirsIn = (d: string, prefix: string) => (existsSync(d) ? readdirSync(d).filter((n) => n.startsWith(prefix) && statSync(join(d, n)).isDirectory()).map((n) => join(d, n)) : []);
  const out: NativeInstall[] = [];
  for (const id of Object.keys(enabled)) {
    if (!id.startsWith(`${PACKAGE}@`)) continue;
    const market = id.slice(PACKAGE.length + 1);
    const copies = dirsIn(cache, `${market}-`).flatMap((m) => dirsIn(m, `${PACKAGE}-`)).flatMap((p) => dirsIn(p, ''));
    const newest = copies.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs).pop() ?? '';
    out.push({ host: 'droid', id, via: 'droid plugin install', dir: newest, recordedIn: file, remove: `droid plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

export function findNative(host: Host, env: Env): NativeInstall[] {
  switch (host) {
    case 'claude':
      return claudeNative(env);
    case 'codex':
      return codexNative(env);
    case 'opencode':
      return opencodeNative(env);
    case 'pi':
      return piNative(env);
    case 'gemini':
      return geminiNative(env);
    case 'qwen':
      return qwenNative(env);
    case 'copilot':
      return copilotNative(env);
    case 'droid':
      return droidNative(env);
    case 'kilo':
      return kiloNative(env);
    case 'hermes':
    case 'cline':
    case 'kimi':
      // no plugin manager of its own: `stopline install` is the only route
    case 'openhands':
    case 'openclaw':
    case 'vibe':
      return [];
  }
}

/** The dist part each native layout holds, and where in the installed folder it sits. */
function shipped(n: NativeInstall, distDir: string): { src: string; dest: string } {
  switch (n.host) {
    case 'claude':
      return { src: join(distDir, 'claude'), dest: n.dir };
    case 'codex':
      return { src: join(distDir, 'codex'), dest: n.dir };
    case 'gemini':
    case 'qwen':
      return { src: join(distDir, n.host), dest: n.dir };
    case 'opencode':
    case 'kilo':
      return { src: join(distDir, 'opencode', 'stopline.js'), dest: join(n.dir, 'dist', 'opencode', 'stopline.js') };
    case 'copilot':
      return { src: join(distDir, 'copilot'), dest: n.dir };
    case 'droid':
      return { src: join(distDir, 'droid'), dest: n.dir };
    default:
      return { src: join(distDir, 'pi'), dest: join(n.dir, 'dist', 'pi') };
  }
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

function probeCheck(r: ProbeResult): Check {
  if (r.denied) return check('enforcement', 'pass', `a synthetic review-mode write was denied (${r.via}) in ${r.ms} ms`);
  if (r.skipped) return check('enforcement', 'warn', `not probed: ${r.why}`);
  return check('enforcement', 'fail', r.why);
}

/** The events a plugin's hooks file registers. */
function pluginEvents(hooksFile: string): Set<string> {
  const hooks = parseJson(readText(hooksFile));
  return new Set(isRecord(hooks) && isRecord(hooks.hooks) ? Object.keys(hooks.hooks) : []);
}

/** The plugin's own PreToolUse command from its hooks file, with the root variable the host sets. */
function pluginHookCommand(hooksFile: string, rootVar: string, dir: string): string | undefined {
  const command = firstHookCommand(hooksFile, 'PreToolUse');
  return command ? `export ${rootVar}='${dir.replace(/'/g, "'\\''")}'; ${command}` : undefined;
}

/**
 * An extension's tool hook command as Gemini and Qwen run it: the host puts the extension's
 * folder in for the variable in the command text before the shell sees it.
 */
function extensionHookCommand(hooksFile: string, event: string, variable: string, dir: string): string | undefined {
  return firstHookCommand(hooksFile, event)?.split(`\${${variable}}`).join(dir);
}

function firstHookCommand(hooksFile: string, event: string): string | undefined {
  const hooks = parseJson(readText(hooksFile));
  const groups = isRecord(hooks) && isRecord(hooks.hooks) && Array.isArray(hooks.hooks[event]) ? (hooks.hooks[event] as unknown[]) : [];
  const first = groups.find((g) => isRecord(g) && Array.isArray(g.hooks)) as { hooks: { command?: unknown }[] } | undefined;
  return first?.hooks.find((h) => typeof h.command === 'string')?.command as string | undefined;
}

/** The Copilot plugin's preToolUse command (camelCase `bash`), with COPILOT_PLUGIN_ROOT as Copilot sets it. */
function copilotPluginCommand(hooksFile: string, dir: string): string | undefined {
  const hooks = parseJson(readText(hooksFile));
  const list = isRecord(hooks) && isRecord(hooks.hooks) && Array.isArray(hooks.hooks.preToolUse) ? hooks.hooks.preToolUse : [];
  const first = list.find((e) => isRecord(e) && (typeof e.bash === 'string' || typeof e.command === 'string')) as { bash?: string; command?: string } | undefined;
  const command = first?.bash ?? first?.command;
  return command ? `export COPILOT_PLUGIN_ROOT='${dir.replace(/'/g, "'\\''")}'; ${command}` : undefined;
}

export async function nativeChecks(n: NativeInstall, distDir: string, env: Env, world: () => ProbeWorld): Promise<Check[]> {
  const checks: Check[] = [check('installed', 'pass', `${n.id}, by ${n.via} (recorded in ${n.recordedIn})${n.dir ? `; the files are in ${n.dir}` : ''}`)];
  if (!n.dir) {
    checks.push(check('enforcement', 'warn', `not probed: ${n.host} keeps the package in its own cache`));
    return checks;
  }
  const { src, dest } = shipped(n, distDir);
  const state = compareArtifact(src, dest);
  if (state.kind === 'current') checks.push(check('artifact', 'pass', `${dest} is the artifact this CLI ships`));
  else if (state.kind === 'no-dist') checks.push(check('artifact', 'warn', `cannot tell whether ${dest} is current: ${src} does not exist`));
  else checks.push(check('artifact', state.kind === 'missing' ? 'fail' : 'warn', `${state.kind}: ${state.files.slice(0, 2).join(', ')} (the host installed another build than this CLI's)`, n.host === 'claude' ? `claude plugin update ${n.id}` : n.remove));
  const enable: Partial<Record<Host, string>> = {
    claude: `claude plugin enable ${n.id}`,
    gemini: `gemini extensions enable ${n.id}`,
    qwen: `qwen extensions enable ${n.id}`,
    copilot: `copilot plugin enable ${n.id}`,
    droid: `set "${n.id}": true under enabledPlugins in ${n.recordedIn}`,
  };
  if (!n.enabled) checks.push(check('would-run', 'fail', `${n.id} is installed but turned off`, enable[n.host] ?? `set enabled = true under [plugins."${n.id}"] in ${n.recordedIn}`));
  else if (n.host === 'codex') {
    const trusted = codexPluginTrust(readText(n.recordedIn) ?? '', n.id);
    checks.push(
      trusted >= CODEX_PLUGIN_HOOKS
        ? check('would-run', 'warn', `${trusted} plugin hooks have trust entries in ${n.recordedIn}; Codex also hashes the whole plugin folder, which doctor cannot recompute, so any update untrusts them silently`, 'open codex and check /hooks, or use stopline install codex (trust it can keep)')
        : check('would-run', 'fail', `${trusted} of ${CODEX_PLUGIN_HOOKS} plugin hooks are trusted: Codex skips untrusted plugin hooks without a word`, 'open codex, run /hooks and trust the stopline hooks; or use stopline install codex instead'),
    );
  } else checks.push(check('would-run', 'pass', n.host === 'claude' ? `enabled in ${join(claudeConfigDir(env), 'settings.json')}` : `${n.via}: the host loads it on start`));

  if (n.host === 'gemini' || n.host === 'qwen') {
    const gemini = n.host === 'gemini';
    const command = extensionHookCommand(join(n.dir, 'hooks', 'hooks.json'), gemini ? 'BeforeTool' : 'PreToolUse', gemini ? 'extensionPath' : 'CLAUDE_PLUGIN_ROOT', n.dir);
    if (!command) checks.push(check('enforcement', 'fail', `the extension has no tool hook in ${join(n.dir, 'hooks', 'hooks.json')}`, n.remove));
    else checks.push(probeCheck(await (gemini ? probeGemini(world(), command) : probeQwen(world(), command))));
  } else if (n.host === 'copilot') {
    const command = copilotPluginCommand(join(n.dir, 'hooks.json'), n.dir);
    if (!command) checks.push(check('enforcement', 'fail', `the plugin has no preToolUse hook in ${n.dir}`, n.remove));
    else checks.push(probeCheck(await probeCopilot(world(), command)));
  } else if (n.host === 'droid') {
    // Droid puts the plugin folder into the command text itself
    const command = pluginHookCommand(join(n.dir, 'hooks', 'hooks.json'), 'DROID_PLUGIN_ROOT', n.dir)?.split('${DROID_PLUGIN_ROOT}').join(n.dir);
    if (!command) checks.push(check('enforcement', 'fail', `the plugin has no PreToolUse hook in ${n.dir}`, n.remove));
    else checks.push(probeCheck(await probeDroid(world(), command)));
  } else if (n.host === 'claude' || n.host === 'codex') {
    const hooksFile = n.host === 'claude' ? join(n.dir, 'hooks', 'hooks.json') : join(n.dir, 'hooks.json');
    // the shipped plugin file registers no observe-only event: say so when the person's hooks need one here
    const registered = pluginEvents(hooksFile);
    const needs = n.host === 'claude' ? claudeObserveNeeds(env, 'project', env.cwd, false) : codexObserveNeeds(env, 'project', env.cwd, false);
    checks.push(eventsCheck(`stopline install ${n.host} (its hook file registers what your hooks need), then ${n.remove}`, n.host === 'claude' ? claudeRegistry : codexRegistry, needs, (e) => registered.has(e)));
    const command = n.host === 'claude' ? pluginHookCommand(hooksFile, 'CLAUDE_PLUGIN_ROOT', n.dir) : pluginHookCommand(hooksFile, 'PLUGIN_ROOT', n.dir);
    if (!command) checks.push(check('enforcement', 'fail', `the plugin has no PreToolUse hook in ${n.dir}`, n.remove));
    else checks.push(probeCheck(await (n.host === 'claude' ? probeClaude(world(), command) : probeCodex(world(), command))));
  } else {
    const ts = n.host === 'pi';
    const rt = await probeRuntime(env.env, ['bun', 'deno', 'node'], ts);
    const file = n.host === 'pi' ? join(n.dir, 'dist', 'pi', 'stopline.ts') : join(n.dir, 'dist', 'opencode', 'stopline.js');
    if (!rt) checks.push(check('enforcement', 'warn', `not probed: no runtime on PATH can load ${file}`));
    else checks.push(probeCheck(await (n.host === 'pi' ? probePi(world(), file, rt.argv) : probeOpenCode(world(), file, rt.argv))));
  }
  return checks;
}

/** The line for a host where both a native install and a `stopline install` registration are active. */
export function doubleCheck(host: Host, native: readonly NativeInstall[]): Check {
  return check(
    'twice',
    'warn',
    `stopline is installed twice for ${host}: natively (${native.map((n) => n.id).join(', ')}) and with stopline install; every event goes through the guard twice`,
    `keep one: ${native[0]!.remove}, or stopline uninstall ${host}`,
  );
}
