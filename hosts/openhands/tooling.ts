/** OpenHands CLI's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { openhandsChecks } from './doctor';
import { openhandsHost, openhandsPlanner } from './install';

export const tooling: HostTools = {
  planner: openhandsPlanner,
  installedAt: (env, cwd) => existsSync(settingsHookPaths(openhandsHost, env, 'user', cwd).script),
  checks: (ctx, p) => openhandsChecks(ctx, p),
};
