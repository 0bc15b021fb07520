/** Kilo Code's row of the person's tooling: its installer, where it sits by default, its doctor checks, a `"plugin"` entry of its config. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostTools } from '../cli/host-tool';
import { kiloChecks, kiloNativeDoor } from './doctor';
import { kiloPlanner, kiloPluginDir } from './install';

export const tooling: HostTools = {
  planner: kiloPlanner,
  installedAt: (env, cwd) => existsSync(join(kiloPluginDir(env, 'user', cwd), 'stopline.js')),
  checks: (ctx, p, _all, bin) => kiloChecks(ctx, p, bin),
  native: kiloNativeDoor,
};
