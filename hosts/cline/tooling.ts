/** Cline CLI's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { clineChecks } from './doctor';
import { clinePaths, clinePlanner } from './install';

export const tooling: HostTools = {
  planner: clinePlanner,
  installedAt: (env, cwd) => existsSync(clinePaths(env, 'user', cwd).script),
  checks: (ctx, p) => clineChecks(ctx, p),
};
