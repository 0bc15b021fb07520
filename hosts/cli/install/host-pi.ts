/**
 * Pi: `stopline.ts` into the global extensions folder (`$PI_CODING_AGENT_DIR/extensions/`),
 * which Pi loads on start. A project's `.pi/extensions/` is skipped by Pi 1.6.0 unless the
 * project is trusted, so project scope comes with a warning.
 */
import { join } from 'node:path';
import { piAgentDir, type Env, type Scope } from './locations';
import { placeFile, requireDist, type HostPlanner, type InstallContext } from './plan-context';

export function piExtensionsDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(piAgentDir(env), 'extensions') : join(project, '.pi', 'extensions');
}

export const piPlanner: HostPlanner = {
  host: 'pi',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, join('pi', 'stopline.ts'), 'pi');
    const dest = placeFile(ctx, src, join(piExtensionsDir(ctx.env, ctx.scope, ctx.project), 'stopline.ts'));
    ctx.notes.push(`extension: Pi loads ${dest} on its next start`);
    if (ctx.scope === 'project') {
      ctx.warnings.push('Pi 1.6.0 skips a project .pi/extensions/ folder unless the project is trusted (`pi --approve`); the user scope has no such gate');
    }
    return { artifacts: [dest], configs: [] };
  },

  uninstall() {
    // nothing registered outside the extension file
  },

  knownArtifacts: (ctx) => [join(piExtensionsDir(ctx.env, ctx.scope, ctx.project), 'stopline.ts')],
};
