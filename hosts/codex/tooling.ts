/** Codex CLI's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own plugin install. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { codexChecks, codexNativeDoor } from './doctor';
import { codexPaths, codexPlanner } from './install';

export const tooling: HostTools = {
  planner: codexPlanner,
  installedAt: (env, cwd) => existsSync(codexPaths(env, 'user', cwd).script),
  checks: (ctx, p) => codexChecks(ctx, p),
  native: codexNativeDoor,
};
