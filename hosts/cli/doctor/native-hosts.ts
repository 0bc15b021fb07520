/**
 * Each host's own install of stopline as doctor finds and tries it (a NativeDoor, reached through
 * HOST_TOOLS): where the host records it, which dist part the installed folder holds, the fixes in
 * the host's own words, and what to feed the installed hook.
 * A host whose door lives in its own folder (hosts/<host>/doctor.ts) keeps it beside its doctor
 * checks.
 *
 * Hosts without a door: Hermes' `hermes plugins install` clones into the same
 * `$HERMES_HOME/plugins/stopline/` that `stopline install hermes` uses, so the Hermes checks cover
 * both; the others have no plugin manager of their own, and `stopline install` is the only route.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { KILO_FOLDERS } from '../../../core/registry/kilo';
import { isRecord } from '../../../core/check';
import { CLAUDE_PLUGIN_ID, claudeObserveNeeds } from '../install/host-claude';
import { claudeConfigDir, piAgentDir, xdgConfigHome, type Env, type Host } from '../install/locations';
import { claudeDoor, eventsCheck } from './hosts';
import type { DoctorContext } from './hosts';
import { PACKAGE, hookProbe, packageName, parseJson, pluginEvents, pluginHookCommand, probeCheck, wholeFolder } from './native';
import type { NativeDoor, NativeInstall } from './native';
import { probeClaude, probeOpenCode, probePi, probeRuntime } from './probes';
import type { ProbeResult, ProbeWorld } from './probes';
import { check } from './report';
import type { Check } from './report';
import { readText } from './system';


/** The probe of an in-process plugin file, loaded by a runtime on PATH as the host would load it. */
async function fileProbe(ctx: DoctorContext, file: string, ts: boolean, run: (world: ProbeWorld, file: string, argv: string[]) => Promise<ProbeResult>): Promise<Check[]> {
  const rt = await probeRuntime(ctx.env.env, ['bun', 'deno', 'node'], ts);
  if (!rt) return [check('enforcement', 'warn', `not probed: no runtime on PATH can load ${file}`)];
  return [probeCheck(await run(ctx.world(), file, rt.argv))];
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

/** A `"plugin"` entry naming the stopline package (a path to it, or the npm name) in any of `files`. */
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
      // an npm name: the host installs it into a cache of its own, which doctor does not look into
      out.push({ host, id: spec, via: `a "plugin" entry in ${basename(file)}`, dir: dir ?? '', recordedIn: file, remove: `take "${spec}" out of "plugin" in ${file}`, enabled: true });
    }
  }
  return out;
}

/** The OpenCode plugin inside the stopline package a `"plugin"` entry names (OpenCode and its forks). */
const opencodePackageDoor = (find: (env: Env) => NativeInstall[]): NativeDoor => ({
  find,
  shipped: (n, distDir) => ({ src: join(distDir, 'opencode', 'stopline.js'), dest: join(n.dir, 'dist', 'opencode', 'stopline.js') }),
  probe: (n, ctx) => fileProbe(ctx, join(n.dir, 'dist', 'opencode', 'stopline.js'), false, probeOpenCode),
});

/** OpenCode: a `"plugin"` entry in its config files. */
export const opencodeNativeDoor = opencodePackageDoor((env) =>
  configPluginNative('opencode', [join(xdgConfigHome(env), 'opencode', 'opencode.json'), join(xdgConfigHome(env), 'opencode', 'opencode.jsonc'), join(env.cwd, '.opencode', 'opencode.json'), join(env.cwd, 'opencode.json')]),
);

/** Kilo Code: the same `"plugin"` key, in any of the config files Kilo reads in its folders. */
export const kiloNativeDoor = opencodePackageDoor((env) => {
  const dirs = [join(xdgConfigHome(env), KILO_FOLDERS.config), ...KILO_FOLDERS.project.map((d) => join(env.cwd, d))];
  return configPluginNative('kilo', dirs.flatMap((d) => KILO_FOLDERS.configFiles.map((f) => join(d, f))));
});

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

export const piNativeDoor: NativeDoor = {
  find: piNative,
  shipped: (n, distDir) => ({ src: join(distDir, 'pi'), dest: join(n.dir, 'dist', 'pi') }),
  probe: (n, ctx) => fileProbe(ctx, join(n.dir, 'dist', 'pi', 'stopline.ts'), true, probePi),
};
