/**
 * OpenCode: `stopline.js` into the global plugin folder (`$XDG_CONFIG_HOME/opencode/plugin/`)
 * or the project's `.opencode/plugin/`. OpenCode loads every `*.js`/`*.ts` there; nothing
 * else needs registering.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { xdgConfigHome, type Env, type Scope } from './locations';
import { placeFile, requireDist, type HostPlanner, type InstallContext } from './plan-context';

export function opencodePluginDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), 'opencode', 'plugin') : join(project, '.opencode', 'plugin');
}

export const opencodePlanner: HostPlanner = {
  host: 'opencode',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, join('opencode', 'stopline.js'), 'opencode');
    const dir = opencodePluginDir(ctx.env, ctx.scope, ctx.project);
    const dest = placeFile(ctx, src, join(dir, 'stopline.js'));
    // OpenCode also scans the sibling `plugins/` folder: a second copy would run twice
    const twin = join(dir, '..', 'plugins', 'stopline.js');
    if (existsSync(twin)) ctx.warnings.push(`${twin} also exists; OpenCode would load stopline twice, remove that copy`);
    ctx.notes.push(`plugin: OpenCode loads ${dest} on its next start`);
    return { artifacts: [dest], configs: [] };
  },

  uninstall() {
    // nothing registered outside the plugin file
  },

  knownArtifacts: (ctx) => [join(opencodePluginDir(ctx.env, ctx.scope, ctx.project), 'stopline.js')],
};
