/**
 * GitHub Copilot CLI: `stopline.mjs` into `<copilot home>/stopline/` (user: `$COPILOT_HOME`, else
 * `~/.copilot`; project: `.github/hooks/stopline/`), and one hook file of stopline's own,
 * `<copilot home>/hooks/stopline.json` (project: `.github/hooks/stopline.json`). Copilot loads
 * every `*.json` of its hooks folder, so nothing of the person's is edited: uninstall takes the
 * two files away (or gives back a file of that name that was there before).
 *
 * The file uses Copilot's native camelCase keys; their payloads do not name the event, so each
 * handler passes it as the script's argument. A project's `.github/hooks/` runs only in a folder
 * the person trusted in Copilot, hence the warning for project scope.
 */
import { join } from 'node:path';
import { copilotRegistry } from '../../core/registry/copilot';
import { installRows } from '../../core/registry/rows';
import { hookFileDoc } from '../cli/install/hook-files';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { artifactMode, type HostPlanner, type InstallContext } from '../cli/install/plan-context';
import { placeHookScript } from '../cli/install/hook-script';

/** The events `stopline install copilot` registers: the registry rows with an install column. */
export const COPILOT_EVENTS: readonly string[] = installRows(copilotRegistry).map((e) => e.native);
/** The handler timeout (every row carries the same). */
export const COPILOT_HOOK_TIMEOUT_SECONDS = installRows(copilotRegistry)[0]!.install.timeoutSec;

interface CopilotPaths {
  /** the folder Copilot reads hook files from */
  hooksDir: string;
  hooksFile: string;
  script: string;
}

export function copilotPaths(env: Env, scope: Scope, project: string): CopilotPaths {
  if (scope === 'project') {
    const hooksDir = join(project, '.github', 'hooks');
    return { hooksDir, hooksFile: join(hooksDir, 'stopline.json'), script: join(hooksDir, 'stopline', 'stopline.mjs') };
  }
  const home = hostHome(env, 'copilot');
  return { hooksDir: join(home, 'hooks'), hooksFile: join(home, 'hooks', 'stopline.json'), script: join(home, 'stopline', 'stopline.mjs') };
}

/** The hook file: one camelCase entry per event, the event as the script's argument. */
function copilotHookFile(command: string): string {
  return `${JSON.stringify(hookFileDoc('copilot', (event) => `${command} ${event}`), null, 2)}\n`;
}

export const copilotPlanner: HostPlanner = {
  host: 'copilot',
  usesRuntime: true,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const p = copilotPaths(ctx.env, ctx.scope, ctx.project);
    const { artifacts, command } = placeHookScript(ctx, 'copilot', p.script);
    ctx.ws.write(p.hooksFile, copilotHookFile(command), 'artifact', artifactMode(p.hooksFile));
    artifacts.push(p.hooksFile);
    ctx.notes.push(`hooks: ${COPILOT_EVENTS.length} events in ${p.hooksFile}`);
    if (ctx.scope === 'project') ctx.warnings.push("Copilot runs a project's .github/hooks only in a folder you trusted (it asks on first start; or --trust-folder); untrusted, it skips them without a word");
    return { runtime: ctx.runtime.runtime, artifacts, configs: [] };
  },

  uninstall() {
    // nothing of the person's was edited: the record takes the two files away
  },

  knownArtifacts: (ctx) => {
    const p = copilotPaths(ctx.env, ctx.scope, ctx.project);
    return [p.script, p.hooksFile];
  },
};
