/**
 * Kilo Code: OpenCode's `stopline.js`, unchanged, into Kilo's global plugin folder
 * (`$XDG_CONFIG_HOME/kilo/plugin/`) or the project's `.kilo/plugin/`. Kilo loads every
 * `*.js`/`*.ts` there, as OpenCode does; nothing is registered in a config file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hostSpec } from '../../core/registry/host-specs';
import { KILO_FOLDERS } from '../../core/registry/kilo';
import { xdgConfigHome, type Env, type Scope } from '../cli/install/locations';
import { placeFile, requireDist, type HostPlanner, type InstallContext } from '../cli/install/plan-context';

function kiloConfigDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), KILO_FOLDERS.config) : join(project, KILO_FOLDERS.project[0]);
}

export function kiloPluginDir(env: Env, scope: Scope, project: string): string {
  return join(kiloConfigDir(env, scope, project), KILO_FOLDERS.plugin);
}

/** The file Kilo loads, in the dist folder: the artifact its spec names (OpenCode's plugin). */
function kiloArtifact(): string {
  return join(hostSpec('kilo').artifact ?? 'kilo', 'stopline.js');
}

export const kiloPlanner: HostPlanner = {
  host: 'kilo',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, kiloArtifact(), 'kilo');
    const dir = kiloPluginDir(ctx.env, ctx.scope, ctx.project);
    const dest = placeFile(ctx, src, join(dir, 'stopline.js'));
    // Kilo also scans the sibling `plugins/` folder: a second copy would run twice
    const twin = join(dir, '..', KILO_FOLDERS.twin, 'stopline.js');
    if (existsSync(twin)) ctx.warnings.push(`${twin} also exists; Kilo would load stopline twice, remove that copy`);
    ctx.notes.push(`plugin: Kilo Code loads ${dest} on its next start (OpenCode's plugin, which tells it runs under Kilo)`);
    return { artifacts: [dest], configs: [] };
  },

  // the artifact is the only file an install places; the record removes it
  uninstall() {},

  knownArtifacts: (ctx) => [join(kiloPluginDir(ctx.env, ctx.scope, ctx.project), 'stopline.js')],
};
