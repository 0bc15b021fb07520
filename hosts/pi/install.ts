/**
 * Pi: `stopline.ts` into the global extensions folder (`$PI_CODING_AGENT_DIR/extensions/`),
 * which Pi loads on start, and the skill next to it as `skills/stopline/SKILL.md`: the
 * extension offers `<its own folder>/skills` to Pi's `resources_discover`, which is what
 * makes `/skill:stopline` exist. Pi's extension discovery ignores that subfolder (it has no
 * index.ts and no package.json). A project's `.pi/extensions/` is skipped by Pi 1.6.0 unless
 * the project is trusted, so project scope comes with a warning.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { placeFile, placeTree, requireDist, type HostPlanner, type InstallContext } from '../cli/install/plan-context';

/** The skill files the Pi dist ships, relative to dist/pi/ and to the extensions folder. */
const PI_SKILL_FILES: readonly string[] = [join('skills', 'stopline', 'SKILL.md')];

export function piExtensionsDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(hostHome(env, 'pi'), 'extensions') : join(project, '.pi', 'extensions');
}

export const piPlanner: HostPlanner = {
  host: 'pi',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, join('pi', 'stopline.ts'), 'pi');
    const extensionsDir = piExtensionsDir(ctx.env, ctx.scope, ctx.project);
    const dest = placeFile(ctx, src, join(extensionsDir, 'stopline.ts'));
    ctx.notes.push(`extension: Pi loads ${dest} on its next start`);
    const artifacts = [dest];
    // the whole skills/ folder as the dist has it, so a skill added later needs no change here
    const skillsSrc = join(ctx.distDir, 'pi', 'skills');
    if (existsSync(skillsSrc)) {
      const skills = placeTree(ctx, skillsSrc, join(extensionsDir, 'skills'));
      artifacts.push(...skills);
      ctx.notes.push(`skill: /skill:stopline from ${join(extensionsDir, 'skills', 'stopline')}`);
    } else {
      // an older or hand-made dist: the guard works, only the slash command is missing
      ctx.notes.push(`skill: ${join(ctx.distDir, 'pi')} has no skills/ folder, so /skill:stopline will be missing (the $stopline directive still works)`);
    }
    if (ctx.scope === 'project') {
      ctx.warnings.push('Pi 1.6.0 skips a project .pi/extensions/ folder unless the project is trusted (`pi --approve`); the user scope has no such gate');
    }
    return { artifacts, configs: [] };
  },

  uninstall() {
    // nothing registered outside the extension folder
  },

  // without a record, only the files install would have placed (never the rest of skills/)
  knownArtifacts: (ctx) => {
    const dir = piExtensionsDir(ctx.env, ctx.scope, ctx.project);
    return [join(dir, 'stopline.ts'), ...PI_SKILL_FILES.map((rel) => join(dir, rel))];
  },
};
