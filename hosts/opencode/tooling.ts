/** OpenCode's row of the person's tooling: its installer, where it sits by default, its doctor checks, a `"plugin"` entry of its config, and v2's own program. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostTools } from '../cli/host-tool';
import { opencodeChecks, opencodeNativeDoor } from './doctor';
import { findOpenCode2, opencodePlanner, opencodePluginDir } from './install';

export const tooling: HostTools = {
  planner: opencodePlanner,
  installedAt: (env, cwd) => existsSync(join(opencodePluginDir(env, 'user', cwd), 'stopline.js')),
  checks: (ctx, p, _all, bin) => opencodeChecks(ctx, p, bin),
  native: opencodeNativeDoor,
  alsoOnPath: (env) => findOpenCode2(env) !== undefined,
};
