/**
 * Qwen Code: the hook script into `~/.qwen/stopline/` (QWEN_HOME moves the folder; project
 * scope: `<project>/.qwen/stopline/`) and its handlers, timeouts in seconds, at the END of each
 * event's list in the settings.json beside it. Order matters on Qwen: it merges the answers of
 * all PreToolUse hooks and the last permissionDecision wins, and it runs project hooks, then
 * user hooks, then system settings and extensions. A user install comes after every project
 * hook; a project install comes before the user's own hooks, so it says so.
 */
import { join } from 'node:path';
import { qwenRegistry } from '../../core/registry/qwen';
import { hostHome } from '../cli/install/locations';
import { settingsHookPlanner, type SettingsHookHost } from '../cli/install/settings-hooks';

export const qwenHost: SettingsHookHost = {
  host: 'qwen',
  registry: qwenRegistry,
  dir: (env, scope, project) => (scope === 'user' ? hostHome(env, 'qwen') : join(project, '.qwen')),
  handler: (command, install) => ({ type: 'command', command, timeout: install.timeoutSec }),
  notes: (p, scope) => ({
    notes: [`script: ${p.script}; Qwen runs it on its next start`],
    warnings:
      scope === 'project'
        ? ['Qwen Code runs project hooks before user hooks and the last PreToolUse answer wins: a user-level PreToolUse hook that answers "allow" cancels the project install\'s deny (stopline install qwen at user scope comes after every project hook)']
        : [],
  }),
};

export const qwenPlanner = settingsHookPlanner(qwenHost);
