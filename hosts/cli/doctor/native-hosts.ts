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
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { isRecord } from '../../../core/check';
import { CLAUDE_PLUGIN_ID, claudeObserveNeeds } from '../install/host-claude';
import { claudeConfigDir, type Env } from '../install/locations';
import { claudeDoor, eventsCheck } from './hosts';
import { PACKAGE, hookProbe, parseJson, pluginEvents, pluginHookCommand, wholeFolder } from './native';
import type { NativeDoor, NativeInstall } from './native';
import { probeClaude } from './probes';
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
