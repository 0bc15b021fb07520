/**
 * Gemini CLI: the hook script into `~/.gemini/stopline/` (GEMINI_CLI_HOME moves the home;
 * project scope: `<project>/.gemini/stopline/`) and its handlers in the settings.json beside it,
 * each named `stopline` with its timeout in milliseconds (Gemini's unit). Gemini reads a
 * project's settings only in a trusted folder, and `--skip-trust` drops them: project scope
 * says so. The native route, `gemini extensions install <dist/gemini>`, needs none of this.
 */
import { join } from 'node:path';
import { geminiRegistry } from '../../core/registry/gemini';
import { HOOK_NAME } from '../cli/install/hook-files';
import { hostHome } from '../cli/install/locations';
import { settingsHookPlanner, type SettingsHookHost } from '../cli/install/settings-hooks';

export const geminiHost: SettingsHookHost = {
  host: 'gemini',
  registry: geminiRegistry,
  dir: (env, scope, project) => (scope === 'user' ? hostHome(env, 'gemini') : join(project, '.gemini')),
  handler: (command, install) => ({ name: HOOK_NAME, type: 'command', command, timeout: install.timeoutSec * 1000 }),
  notes: (p, scope) => ({
    notes: [`script: ${p.script}; Gemini runs it on its next start`],
    warnings:
      scope === 'project'
        ? ["Gemini CLI loads a project's .gemini/settings.json hooks only in a trusted folder (trust it in the CLI, or GEMINI_CLI_TRUST_WORKSPACE=true); --skip-trust drops them"]
        : [],
  }),
};

export const geminiPlanner = settingsHookPlanner(geminiHost);
