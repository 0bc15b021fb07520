/**
 * Kilo Code: OpenCode's `stopline.js`, unchanged, into Kilo's global plugin folder
 * (`$XDG_CONFIG_HOME/kilo/plugin/`) or the project's `.kilo/plugin/`. Kilo loads every
 * `*.js`/`*.ts` there, as OpenCode does; nothing is registered in a config file.
 */
import { join } from 'node:path';
import { KILO_FOLDERS } from '../../core/registry/kilo';
import { xdgConfigHome, type Env, type Scope } from '../cli/install/locations';
import type { HostPlanner, InstallContext } from '../cli/install/plan-context';
import { placePluginFile } from '../opencode/install';

function kiloConfigDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), KILO_FOLDERS.config) : join(project, KILO_FOLDERS.project[0]);
}

export function kiloPluginDir(env: Env, scope: Scope, project: string): string {
  return join(kiloConfigDir(env, scope, project), KILO_FOLDERS.plugin);
}

export const kiloPlanner: HostPlanner = {
  host: 'kilo',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const dest = placePluginFile(ctx, 'kilo', kiloPluginDir(ctx.env, ctx.scope, ctx.project), 'Kilo');
    ctx.notes.push(`plugin: Kilo Code loads ${dest} on its next start (OpenCode's plugin, which tells it runs under Kilo)`);
    return { artifacts: [dest], configs: [] };
  },

  // the artifact is the only file an install places; the record removes it
  uninstall() {},

  knownArtifacts: (ctx) => [join(kiloPluginDir(ctx.env, ctx.scope, ctx.project), 'stopline.js')],
};
