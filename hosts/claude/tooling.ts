/** Claude Code's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own plugin install, its session transcript. */
import { existsSync } from 'node:fs';
import type { HostTools } from '../cli/host-tool';
import { claudeChecks, claudeNativeDoor } from './doctor';
import { claudePlanner, claudePluginDir } from './install';
import { claudeTranscript, locateClaudeTranscript } from './transcript';

export const tooling: HostTools = {
  planner: claudePlanner,
  installedAt: (env) => existsSync(claudePluginDir(env)),
  checks: (ctx, p, _all, bin) => claudeChecks(ctx, p, bin),
  native: claudeNativeDoor,
  deferredConfinement: "Claude Code's mod",
  callRecord: { format: claudeTranscript, locate: locateClaudeTranscript },
};
