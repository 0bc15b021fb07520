/**
 * Doctor's view of Qwen Code: the settings.json handlers install.ts put last and the extension
 * `qwen extensions install` placed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { qwenHost, qwenPlanner } from './install';
import { findOurGroups } from '../cli/install/hook-groups';
import { hostHome, type Env } from '../cli/install/locations';
import { runsScript } from '../cli/install/plan-context';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { settingsHookChecks } from '../cli/doctor/hook-file';
import { PACKAGE, extensionDoor } from '../cli/doctor/native';
import { claudeWritePayload, deniedText, hookSpecificDeny, pathBash, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { isRecord } from '../../core/check';

function qwenChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  return settingsHookChecks(ctx, p, qwenHost, (paths) => qwenWouldRun(ctx.env, p, paths.settings, paths.script), probeQwen);
}

/** The hook groups of an event under `hooks` in a settings or hooks.json file (0 when unreadable). */
function hookGroupCount(file: string, event: string): number {
  const text = readText(file);
  if (text === null) return 0;
  try {
    const hooks = (JSON.parse(text) as Record<string, unknown>).hooks as Record<string, unknown> | undefined;
    const list = hooks && typeof hooks === 'object' ? hooks[event] : undefined;
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** Every `hooks/hooks.json` of an extension installed under `<dir>/extensions/`. */
function extensionHookFiles(dir: string): string[] {
  const base = join(dir, 'extensions');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .map((name) => join(base, name, 'hooks', 'hooks.json'))
    .filter((f) => existsSync(f));
}

/**
 * Qwen merges every PreToolUse answer and the last permissionDecision wins, in the order project
 * settings, user settings, system settings, extensions: a hook after stopline's that answers
 * "allow" cancels its deny. Doctor cannot know what a hook answers, only that it comes after.
 */
function qwenWouldRun(env: Env, p: Placement, settings: string, script: string): Check {
  const text = readText(settings);
  let disabled = false;
  const after: string[] = [];
  if (text !== null) {
    try {
      const root = JSON.parse(text) as { disableAllHooks?: unknown; hooks?: Record<string, unknown> };
      disabled = root.disableAllHooks === true;
      const groups = Array.isArray(root.hooks?.PreToolUse) ? (root.hooks!.PreToolUse as unknown[]) : [];
      const mine = [...findOurGroups(text, runsScript(script)).get('PreToolUse') ?? []];
      const last = mine.length ? Math.max(...mine) : -1;
      const later = groups.length - 1 - last;
      if (last >= 0 && later > 0) after.push(`${later} PreToolUse group${later === 1 ? '' : 's'} after stopline's in ${settings}`);
    } catch {
      // the registered check reports an unreadable file
    }
  }
  if (disabled) return check('would-run', 'fail', `${settings} sets "disableAllHooks": true, so Qwen runs no hook at all`, `remove "disableAllHooks" from ${settings}`);
  const laterFiles = [
    ...(p.scope === 'project' ? [join(hostHome(env, 'qwen'), 'settings.json')] : []),
    env.env.QWEN_CODE_SYSTEM_SETTINGS_PATH || '/etc/qwen-code/settings.json',
  ];
  for (const f of laterFiles) {
    const n = hookGroupCount(f, 'PreToolUse');
    if (n) after.push(`${n} PreToolUse group${n === 1 ? '' : 's'} in ${f}, which Qwen runs after this one`);
  }
  for (const f of extensionHookFiles(hostHome(env, 'qwen'))) {
    const n = hookGroupCount(f, 'PreToolUse');
    if (n && !readText(f)?.includes('stopline.mjs')) after.push(`${n} PreToolUse group${n === 1 ? '' : 's'} in the extension ${f}`);
  }
  if (after.length) return check('would-run', 'warn', `${after.join('; ')}: Qwen takes the last PreToolUse answer, so one that answers "allow" cancels stopline's deny`, 'make sure those hooks print no permissionDecision "allow", or move them before stopline');
  return check('would-run', 'pass', "hooks are on; stopline's PreToolUse answer is the last one Qwen reads");
}

/** Qwen runs a hook command with bash -c; on exit 2 it reads the reason from stderr, else the permissionDecision JSON. */
const probeQwen = shellHookProbe({
  tool: 'write_file',
  shell: pathBash,
  payload: claudeWritePayload('PreToolUse', (w) => ({ permission_mode: 'yolo', prompt_id: `${w.sessionId}########0`, tool_use_id: 'toolu_stopline_doctor', tool_call_id: 'call_stopline_doctor' })),
  vars: (w) => ({ QWEN_PROJECT_DIR: w.project }),
  denied: (r, out) => {
    if (r.code === 2 && deniedText(r.stderr)) return 'the stamp on stderr + exit 2';
    return r.code === 0 && deniedText(hookSpecificDeny(out)) ? 'permissionDecision "deny"' : undefined;
  },
});

/** Qwen Code's `qwen extensions install`: its extension store says whether it is activated. */
const qwenNativeDoor = extensionDoor('qwen', {
  manifest: 'qwen-extension.json',
  record: join('extension-store', 'state.json'),
  enabled(state) {
    const entries = isRecord(state) && isRecord(state.extensions) ? Object.values(state.extensions) : [];
    const mine = entries.find((e) => isRecord(e) && e.name === PACKAGE) as Record<string, unknown> | undefined;
    return mine?.defaultActivation !== 'disabled';
  },
  hook: { event: 'PreToolUse', variable: 'CLAUDE_PLUGIN_ROOT' },
  probe: probeQwen,
});

/** Qwen Code's row of the person's tooling. */
export const tooling = hostTools({ planner: qwenPlanner, checks: qwenChecks, native: qwenNativeDoor }, (env, cwd) => settingsHookPaths(qwenHost, env, 'user', cwd).script);
