/**
 * What every installer of a host that runs stopline as a hook script does first: copy the host's
 * built script to where its hook entries run it, and work out the command those entries run and
 * the test that tells stopline's entries from the person's. The host's installer then writes its
 * own registration (a settings file, hook tables, one file per event).
 */
import { join } from 'node:path';
import type { Host } from './locations';
import { type InstallContext, placeFile, requireDist, runsScript } from './plan-context';
import { hookCommand } from './runtime';

interface PlacedScript {
  /** the artifacts written so far: the script */
  artifacts: string[];
  /** the shell command a hook entry runs the script with (the chosen runtime) */
  command: string;
  /** whether a command or a file's text runs the installed script */
  ours: (text: string) => boolean;
}

/** Copies `<dist>/<host>/stopline.mjs` to `script`; throws PlanError when the dist folder lacks it. */
export function placeHookScript(ctx: InstallContext, host: Host, script: string): PlacedScript {
  const src = requireDist(ctx.distDir, join(host, 'stopline.mjs'), host);
  return { artifacts: [placeFile(ctx, src, script)], command: hookCommand(ctx.runtime, script), ours: runsScript(script) };
}
