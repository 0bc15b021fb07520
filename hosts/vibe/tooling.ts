/** Mistral Vibe's row of the person's tooling: its installer, where it sits by default, its doctor checks. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { vibeChecks } from './doctor';
import { vibePaths, vibePlanner } from './install';

export const tooling: HostTools = {
  planner: vibePlanner,
  installedAt: (env, cwd) => existsSync(vibePaths(env, 'user', cwd).script),
  checks: (ctx, p) => vibeChecks(ctx, p),
};
