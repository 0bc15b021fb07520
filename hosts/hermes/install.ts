/**
 * Hermes Agent: the bundle into `$HERMES_HOME/plugins/stopline/` and `stopline` added to
 * `plugins.enabled` in `$HERMES_HOME/config.yaml` (Hermes loads no user plugin that is
 * not listed there). The gateway keeps the old plugin set until it restarts.
 */
import { join } from 'node:path';
import { hostHome, type Env } from '../cli/install/locations';
import { editingWith, filesOnDisk, placeTree, requireDist, type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';
import { YamlEditError, disablePlugin, enablePlugin } from './yaml-plugins';

// what the installer remembers of a Hermes install between runs (hosts/cli/install/record.ts keeps it)
declare module '../cli/install/record' {
  interface InstallEntry {
    /** what the enable step added to plugins.enabled (only that is taken out again) */
    hermes?: { addedName: boolean; createdEnabledKey: boolean; createdPluginsKey: boolean };
  }
}

export const HERMES_PLUGIN_NAME = 'stopline';
export const HERMES_RESTART_HINT = 'restart the gateway: hermes gateway restart';

export function hermesPluginDir(env: Env): string {
  return join(hostHome(env, 'hermes'), 'plugins', HERMES_PLUGIN_NAME);
}

export function hermesConfigFile(env: Env): string {
  return join(hostHome(env, 'hermes'), 'config.yaml');
}

export const hermesPlanner: HostPlanner = {
  host: 'hermes',
  usesRuntime: false,
  unsupportedScope: (scope) =>
    scope === 'project' ? 'Hermes loads project plugins only with HERMES_ENABLE_PROJECT_PLUGINS set, and enables them in the user config anyway; install Hermes with --scope user' : null,

  install(ctx: InstallContext) {
    requireDist(ctx.distDir, join('hermes', 'stopline', 'plugin.yaml'), 'hermes');
    requireDist(ctx.distDir, join('hermes', 'stopline', '__init__.py'), 'hermes');
    const artifacts = placeTree(ctx, join(ctx.distDir, 'hermes', 'stopline'), hermesPluginDir(ctx.env));
    const file = hermesConfigFile(ctx.env);
    const before = ctx.ws.readText(file) ?? '';
    const result = editingWith(YamlEditError, () => enablePlugin(before, HERMES_PLUGIN_NAME, file));
    ctx.ws.write(file, result.text, 'config');
    if (result.disabledToo) ctx.warnings.push(`${file} also lists stopline in plugins.disabled, which wins; remove it there or Hermes will not load stopline`);
    ctx.notes.push(result.alreadyEnabled ? `plugins.enabled in ${file} already lists stopline` : `plugins.enabled: stopline added in ${file}`);
    ctx.notes.push(HERMES_RESTART_HINT);
    const previousHermes = ctx.previous?.hermes;
    return {
      artifacts,
      configs: [file],
      // a reinstall keeps what an earlier install added (only that one saw the file without stopline)
      hermes: {
        addedName: (previousHermes?.addedName ?? false) || !result.alreadyEnabled,
        createdEnabledKey: (previousHermes?.createdEnabledKey ?? false) || result.createdEnabledKey,
        createdPluginsKey: (previousHermes?.createdPluginsKey ?? false) || result.createdPluginsKey,
      },
    };
  },

  uninstall(ctx: PlanContext) {
    const file = hermesConfigFile(ctx.env);
    const text = ctx.ws.readText(file);
    ctx.notes.push(HERMES_RESTART_HINT);
    // without a record the entry is still stopline's own name: take it out, leave the keys
    const what = ctx.previous?.hermes ?? { addedName: true, createdEnabledKey: false, createdPluginsKey: false };
    if (text === null || !what.addedName) return;
    const after = editingWith(YamlEditError, () => disablePlugin(text, HERMES_PLUGIN_NAME, file, { dropEmptyEnabled: what.createdEnabledKey, dropEmptyPlugins: what.createdPluginsKey }));
    if (after !== text) {
      ctx.ws.write(file, after, 'config');
      ctx.notes.push(`plugins.enabled: stopline removed from ${file}`);
    }
  },

  knownArtifacts: (ctx) => filesOnDisk(hermesPluginDir(ctx.env)),
};
