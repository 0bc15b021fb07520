/** Hermes Agent's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { hermesChecks } from './doctor';
import { hermesPlanner, hermesPluginDir } from './install';

export const tooling: HostTools = {
  planner: hermesPlanner,
  installedAt: (env) => existsSync(hermesPluginDir(env)),
  checks: (ctx, p) => hermesChecks(ctx, p),
};
