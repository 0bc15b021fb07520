/**
 * Doctor's view of OpenHands CLI: the hooks.json handlers install.ts wrote.
 */
import { existsSync } from 'node:fs';
import { installRows } from '../../core/registry/rows';
import { hookFileChecks } from '../cli/doctor/hook-file';
import { readGroups, registeredCheck, type DoctorContext, type Placement } from '../cli/doctor/hosts';
import { deniedText, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import type { EventMapPath } from '../cli/install/hook-groups';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { openhandsEventMap, openhandsHost, openhandsPlanner } from './install';

/**
 * OpenHands reads only the first hooks file it finds, `<working dir>/.openhands/hooks.json`
 * before `~/.openhands/hooks.json`, and has no command that lists the hooks it loaded: doctor
 * reads the file, says which one this folder's conversations would read, and runs the
 * registered command on a review-mode write the way OpenHands does.
 */
function openhandsChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const env = ctx.env;
  const paths = settingsHookPaths(openhandsHost, env, p.scope, p.project);
  const rows = installRows(openhandsHost.registry);
  return hookFileChecks(ctx, p, 'openhands', paths, {
    registration() {
      let base: EventMapPath = [];
      try {
        base = openhandsEventMap(readText(paths.settings), paths.settings);
      } catch {
        // the registered check reports an unreadable file
      }
      const g = readGroups(paths.settings, paths.script, base);
      const registered = registeredCheck('openhands', p, paths.settings, rows.map((e) => e.native), g);
      if (registered.status === 'fail') return { ok: false, checks: [registered] };
      const projectFile = settingsHookPaths(openhandsHost, env, 'project', env.cwd).settings;
      const wouldRun =
        p.scope === 'user' && projectFile !== paths.settings && existsSync(projectFile)
          ? check('would-run', 'fail', `${projectFile} exists, and OpenHands reads only the first hooks file it finds: in this folder it never reads ${paths.settings}`, 'stopline install openhands --scope project')
          : check('would-run', 'pass', `OpenHands reads ${paths.settings} for conversations in ${p.scope === 'user' ? 'folders without a .openhands/hooks.json of their own' : p.project}; the handlers carry no matcher, so they cover every tool (OpenHands lists no loaded hooks to ask)`);
      const before = rows.find((e) => e.control === 'action.before')!.native;
      return { ok: true, checks: [registered, wouldRun], command: g.commands.get(before)![0]! };
    },
    probe: probeOpenHands,
    timeoutSec: rows[0]!.install.timeoutSec,
  });
}

/**
 * OpenHands runs a hook through `sh -c` in the conversation's folder with its own payload
 * (`event_type`, `working_dir`); a top-level decision "deny" or exit 2 blocks there.
 */
const probeOpenHands = shellHookProbe({
  tool: 'file_editor create',
  payload: (w) => ({
    event_type: 'PreToolUse',
    tool_name: 'file_editor',
    tool_input: { command: 'create', path: w.target, file_text: 'probe\n', old_str: null, new_str: null, insert_line: null, view_range: null, kind: 'FileEditorAction' },
    tool_response: null,
    message: null,
    session_id: w.sessionId,
    working_dir: w.project,
    metadata: {},
  }),
  vars: (w) => ({ OPENHANDS_PROJECT_DIR: w.project, OPENHANDS_SESSION_ID: w.sessionId, OPENHANDS_EVENT_TYPE: 'PreToolUse', OPENHANDS_TOOL_NAME: 'file_editor' }),
  denied: (r, out) => {
    if (out?.decision === 'deny' && deniedText(out.reason as string)) return `decision "deny" (exit ${r.code})`;
    return r.code === 2 && deniedText(r.stderr) ? 'the stamp on stderr + exit 2' : undefined;
  },
});

/** OpenHands CLI's row of the person's tooling. */
export const tooling = hostTools({ planner: openhandsPlanner, checks: openhandsChecks }, (env, cwd) => settingsHookPaths(openhandsHost, env, 'user', cwd).script);
