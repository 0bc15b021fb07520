/** OpenClaw's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostTools } from '../cli/host-tool';
import { openclawChecks } from './doctor';
import { openclawPlanner, openclawPluginDir } from './install';

export const tooling: HostTools = {
  planner: openclawPlanner,
  installedAt: (env) => existsSync(join(openclawPluginDir(env), 'index.js')),
  checks: (ctx, p, _all, bin) => openclawChecks(ctx, p, bin),
};
