/** GitHub Copilot CLI's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own plugin install. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { copilotChecks, copilotNativeDoor } from './doctor';
import { copilotPaths, copilotPlanner } from './install';

export const tooling: HostTools = {
  planner: copilotPlanner,
  installedAt: (env, cwd) => existsSync(copilotPaths(env, 'user', cwd).script) || existsSync(copilotPaths(env, 'user', cwd).hooksFile),
  checks: (ctx, p) => copilotChecks(ctx, p),
  native: copilotNativeDoor,
};
