/** Qwen Code's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own extension install. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { qwenChecks, qwenNativeDoor } from './doctor';
import { qwenHost, qwenPlanner } from './install';

export const tooling: HostTools = {
  planner: qwenPlanner,
  installedAt: (env, cwd) => existsSync(settingsHookPaths(qwenHost, env, 'user', cwd).script),
  checks: (ctx, p) => qwenChecks(ctx, p),
  native: qwenNativeDoor,
};
