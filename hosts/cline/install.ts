/**
 * Cline CLI: `stopline.mjs` into `~/.cline/stopline/` (user) or `<project>/.cline/stopline/`
 * (project), and one executable hook file per registered event, named after it, in the folder
 * Cline runs them from: `~/.cline/hooks/` or `<project>/.clinerules/hooks/`. Each file runs the
 * script with the event's name as its argument. Cline runs a hook file only with its shebang and
 * the executable bit, so the files are written 0700.
 */
import { join } from 'node:path';
import { clineRegistry } from '../../core/registry/cline';
import { installRows } from '../../core/registry/rows';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { PlanError, type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';
import { placeHookScript } from '../cli/install/hook-script';

/** The events `stopline install cline` writes a hook file for: the registry rows with an install column. */
export const CLINE_EVENTS: readonly string[] = installRows(clineRegistry).map((e) => e.native);

interface ClinePaths {
  script: string;
  /** the folder of hook files Cline runs */
  hooksDir: string;
}

export function clinePaths(env: Env, scope: Scope, project: string): ClinePaths {
  if (scope === 'user') {
    // Cline's user folder `~/.cline`, its user hooks in `hooks/`
    const home = hostHome(env, 'cline');
    return { script: join(home, 'stopline', 'stopline.mjs'), hooksDir: join(home, 'hooks') };
  }
  return { script: join(project, '.cline', 'stopline', 'stopline.mjs'), hooksDir: join(project, '.clinerules', 'hooks') };
}

/**
 * One event's hook file: a shell script that hands the payload to the installed script.
 * @keep clineHookFile the hook file the Cline install writes: the real-host suites place it by hand
 */
export function clineHookFile(command: string, event: string): string {
  return `#!/bin/sh\nexec ${command} ${event}\n`;
}

export const clinePlanner: HostPlanner = {
  host: 'cline',
  usesRuntime: true,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const p = clinePaths(ctx.env, ctx.scope, ctx.project);
    const { artifacts, command, ours } = placeHookScript(ctx, 'cline', p.script);
    for (const event of CLINE_EVENTS) {
      const file = join(p.hooksDir, event);
      const before = ctx.ws.readText(file);
      // one file per event name: a person's own file of that name is never replaced
      if (before !== null && !ours(before)) throw new PlanError(`${file} is a hook file of your own; Cline runs one file per event name, so stopline will not replace it (rename or merge it, then install again)`);
      ctx.ws.write(file, clineHookFile(command, event), 'artifact', 0o700);
      artifacts.push(file);
    }
    ctx.notes.push(`hooks: ${CLINE_EVENTS.length} hook files in ${p.hooksDir}`);
    return { runtime: ctx.runtime.runtime, artifacts, configs: [] };
  },

  uninstall(_ctx: PlanContext) {
    // the script and the hook files are artifacts of the record: removing the record's artifacts removes them
  },

  knownArtifacts: (ctx) => {
    const p = clinePaths(ctx.env, ctx.scope, ctx.project);
    return [p.script, ...CLINE_EVENTS.map((e) => join(p.hooksDir, e))];
  },
};
