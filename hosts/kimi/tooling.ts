/** Kimi Code's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { kimiChecks } from './doctor';
import { kimiPaths, kimiPlanner } from './install';

export const tooling: HostTools = {
  planner: kimiPlanner,
  installedAt: (env) => existsSync(kimiPaths(env).script),
  checks: (ctx, p, _all, bin) => kimiChecks(ctx, p, bin),
};
