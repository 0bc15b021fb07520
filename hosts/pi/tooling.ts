/** Pi's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own package install. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostTools } from '../cli/host-tool';
import { piChecks, piNativeDoor } from './doctor';
import { piExtensionsDir, piPlanner } from './install';

export const tooling: HostTools = {
  planner: piPlanner,
  installedAt: (env, cwd) => existsSync(join(piExtensionsDir(env, 'user', cwd), 'stopline.ts')),
  checks: (ctx, p, all, bin) => piChecks(ctx, p, all, bin),
  native: piNativeDoor,
};
