/**
 * The one table through which the person's tooling reaches a host: its installer (`stopline
 * install`/`uninstall`), whether anything of stopline sits at its default place, and its doctor
 * checks. Keyed by the names of HOST_SPECS, so the type checker names a host whose spec has no
 * tools here; install and doctor hold no host's name of their own. A host may keep its row in its
 * own folder (hosts/<host>/tooling.ts), which host-folders.ts, rendered from the specs, brings in.
 */
import { existsSync } from 'node:fs';
import type { HostName } from '../../core/registry/host-specs';
import { claudeChecks } from './doctor/hosts';
import { claudeNativeDoor } from './doctor/native-hosts';
import { claudePlanner, claudePluginDir } from './install/host-claude';
import { FOLDER_TOOLS } from './host-folders';
import type { HostTools } from './host-tool';

export const HOST_TOOLS: Readonly<Record<HostName, HostTools>> = {
  claude: { planner: claudePlanner, installedAt: (env) => existsSync(claudePluginDir(env)), checks: (ctx, p, _all, bin) => claudeChecks(ctx, p, bin), native: claudeNativeDoor, deferredConfinement: "Claude Code's mod" },
  // the rows a host keeps in its own folder (hosts/<host>/tooling.ts)
  ...FOLDER_TOOLS,
};
