/**
 * OpenHands CLI: the hook script into `~/.openhands/stopline/` (project scope:
 * `<project>/.openhands/stopline/`) and its handlers in the hooks.json beside it, Claude's event
 * map (bare, or under `hooks` when the person's file already wraps it so). OpenHands reads only
 * the first hooks file it finds, the project's before the user's: the notes say which one hides
 * the other.
 */
import { join } from 'node:path';
import { openhandsRegistry } from '../../core/registry/openhands';
import type { EventMapPath } from '../cli/install/hook-groups';
import { nodeAt, parseJsonDocument } from '../cli/install/json-edit';
import { hostHome } from '../cli/install/locations';
import { editingJson } from '../cli/install/plan-context';
import { settingsHookGroups, settingsHookPaths, settingsHookPlanner, type SettingsHookHost } from '../cli/install/settings-hooks';

/** Where the event map sits: under `hooks` when the file wraps it so, else at the top. */
export function openhandsEventMap(text: string | null, file: string): EventMapPath {
  if (text === null || text.trim() === '') return [];
  const wrapped = editingJson(file, () => nodeAt(parseJsonDocument(text), ['hooks']));
  return wrapped?.type === 'object' ? ['hooks'] : [];
}

export const openhandsHost: SettingsHookHost = {
  host: 'openhands',
  registry: openhandsRegistry,
  // the user folder `~/.openhands`: OpenHands reads its hooks file from the home folder, with no variable to move it
  dir: (env, scope, project) => (scope === 'user' ? hostHome(env, 'openhands') : join(project, '.openhands')),
  file: 'hooks.json',
  eventMap: openhandsEventMap,
  handler: (command, install) => ({ type: 'command', command, timeout: install.timeoutSec }),
  notes: (p, scope, around) => {
    // OpenHands reads only the first hooks file it finds, the project's before the user's
    const other = settingsHookPaths(openhandsHost, around.env, scope === 'user' ? 'project' : 'user', around.project).settings;
    const hidden = other !== p.settings && around.exists(other);
    const warnings = !hidden
      ? []
      : scope === 'project'
        ? [`OpenHands reads only the first hooks file it finds: ${p.settings} hides ${other} in this project, so the person's user hooks no longer run here`]
        : [`OpenHands reads only the first hooks file it finds: here ${other} hides ${p.settings} (install in this project with --scope project)`];
    return { notes: [`script: ${p.script}; OpenHands reads ${p.settings} when a conversation starts, unless a project has a .openhands/hooks.json of its own`], warnings };
  },
};

export const openhandsPlanner = settingsHookPlanner(openhandsHost);

/**
 * The hooks file a fresh user install writes: the bare event map, one stopline group per registered event.
 * @keep openhandsHooksMap the hooks file a fresh OpenHands install writes: the real-host suites place it by
 *   hand
 */
export function openhandsHooksMap(command: string): Record<string, unknown> {
  return Object.fromEntries(settingsHookGroups(openhandsHost, command).map((g) => [g.event, [g.group]]));
}
