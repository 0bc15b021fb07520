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
import { claudeChecks, codexChecks, geminiChecks, hermesChecks, openclawChecks, qwenChecks } from './doctor/hosts';
import { claudeNativeDoor, codexNativeDoor, geminiNativeDoor, qwenNativeDoor } from './doctor/native-hosts';
import { claudePlanner, claudePluginDir } from './install/host-claude';
import { codexPaths, codexPlanner } from './install/host-codex';
import { geminiHost, geminiPlanner } from './install/host-gemini';
import { hermesPlanner, hermesPluginDir } from './install/host-hermes';
import { openclawPlanner, openclawPluginDir } from './install/host-openclaw';
import { qwenHost, qwenPlanner } from './install/host-qwen';
import { FOLDER_TOOLS } from './host-folders';
import type { HostTools } from './host-tool';
import { settingsHookPaths } from './install/settings-hooks';



export const HOST_TOOLS: Readonly<Record<HostName, HostTools>> = {
  claude: { planner: claudePlanner, installedAt: (env) => existsSync(claudePluginDir(env)), checks: (ctx, p, _all, bin) => claudeChecks(ctx, p, bin), native: claudeNativeDoor, deferredConfinement: "Claude Code's mod" },
  codex: { planner: codexPlanner, installedAt: (env, cwd) => existsSync(codexPaths(env, 'user', cwd).script), checks: (ctx, p) => codexChecks(ctx, p), native: codexNativeDoor },
  hermes: { planner: hermesPlanner, installedAt: (env) => existsSync(hermesPluginDir(env)), checks: (ctx, p) => hermesChecks(ctx, p) },
  gemini: { planner: geminiPlanner, installedAt: (env, cwd) => existsSync(settingsHookPaths(geminiHost, env, 'user', cwd).script), checks: (ctx, p) => geminiChecks(ctx, p), native: geminiNativeDoor },
  qwen: { planner: qwenPlanner, installedAt: (env, cwd) => existsSync(settingsHookPaths(qwenHost, env, 'user', cwd).script), checks: (ctx, p) => qwenChecks(ctx, p), native: qwenNativeDoor },
  openclaw: { planner: openclawPlanner, installedAt: (env) => existsSync(join(openclawPluginDir(env), 'index.js')), checks: (ctx, p, _all, bin) => openclawChecks(ctx, p, bin) },
  // the rows a host keeps in its own folder (hosts/<host>/tooling.ts)
  ...FOLDER_TOOLS,
};
