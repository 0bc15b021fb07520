/** Factory Droid's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own plugin install. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { droidChecks, droidNativeDoor } from './doctor';
import { droidPaths, droidPlanner } from './install';

export const tooling: HostTools = {
  planner: droidPlanner,
  installedAt: (env, cwd) => existsSync(droidPaths(env, 'user', cwd).script),
  checks: (ctx, p) => droidChecks(ctx, p),
  native: droidNativeDoor,
};
