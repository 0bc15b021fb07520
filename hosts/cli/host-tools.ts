/**
 * The one table through which the person's tooling reaches a host: its installer (`stopline
 * install`/`uninstall`), whether anything of stopline sits at its default place, and its doctor
 * checks. Keyed by the names of HOST_SPECS, so the type checker names a host whose spec has no
 * tools here; install and doctor hold no host's name of their own. A host may keep its row in its
 * own folder (hosts/<host>/tooling.ts), which host-folders.ts, rendered from the specs, brings in.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostName } from '../../core/registry/host-specs';
import { claudeChecks, kiloChecks, opencodeChecks, piChecks } from './doctor/hosts';
import { claudeNativeDoor, kiloNativeDoor, opencodeNativeDoor, piNativeDoor } from './doctor/native-hosts';
import { claudePlanner, claudePluginDir } from './install/host-claude';
import { kiloPlanner, kiloPluginDir } from './install/host-kilo';
import { opencodePlanner, opencodePluginDir } from './install/host-opencode';
import { piExtensionsDir, piPlanner } from './install/host-pi';
import { FOLDER_TOOLS } from './host-folders';
import type { HostTools } from './host-tool';
import { findOpenCode2 } from './install/opencode2';
import { settingsHookPaths } from './install/settings-hooks';



export const HOST_TOOLS: Readonly<Record<HostName, HostTools>> = {
  claude: { planner: claudePlanner, installedAt: (env) => existsSync(claudePluginDir(env)), checks: (ctx, p, _all, bin) => claudeChecks(ctx, p, bin), native: claudeNativeDoor, deferredConfinement: "Claude Code's mod" },
  opencode: { planner: opencodePlanner, installedAt: (env, cwd) => existsSync(join(opencodePluginDir(env, 'user', cwd), 'stopline.js')), checks: (ctx, p, _all, bin) => opencodeChecks(ctx, p, bin), native: opencodeNativeDoor, alsoOnPath: (env) => findOpenCode2(env) !== undefined },
  pi: { planner: piPlanner, installedAt: (env, cwd) => existsSync(join(piExtensionsDir(env, 'user', cwd), 'stopline.ts')), checks: (ctx, p, all, bin) => piChecks(ctx, p, all, bin), native: piNativeDoor },
  kilo: { planner: kiloPlanner, installedAt: (env, cwd) => existsSync(join(kiloPluginDir(env, 'user', cwd), 'stopline.js')), checks: (ctx, p, _all, bin) => kiloChecks(ctx, p, bin), native: kiloNativeDoor },
  // the rows a host keeps in its own folder (hosts/<host>/tooling.ts)
  ...FOLDER_TOOLS,
};
