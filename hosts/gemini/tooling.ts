/** Gemini CLI's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own extension install. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { geminiChecks, geminiNativeDoor } from './doctor';
import { geminiHost, geminiPlanner } from './install';

export const tooling: HostTools = {
  planner: geminiPlanner,
  installedAt: (env, cwd) => existsSync(settingsHookPaths(geminiHost, env, 'user', cwd).script),
  checks: (ctx, p) => geminiChecks(ctx, p),
  native: geminiNativeDoor,
};
