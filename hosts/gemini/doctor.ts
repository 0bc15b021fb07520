/**
 * Doctor's view of Gemini CLI: the settings.json handlers install.ts merged and the extension
 * `gemini extensions install` placed.
 */
import { join, relative } from 'node:path';
import { isRecord } from '../../core/check';
import { settingsHookChecks } from '../cli/doctor/hook-file';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { PACKAGE, extensionDoor } from '../cli/doctor/native';
import { claudeWritePayload, deniedText, pathBash, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { HOOK_NAME } from '../cli/install/hook-files';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { geminiHost, geminiPlanner } from './install';

function geminiChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  // a project install is read beside the user's settings, which can turn hooks off for both
  const files = (paths: { settings: string }) => (p.scope === 'project' ? [settingsHookPaths(geminiHost, ctx.env, 'user', p.project).settings, paths.settings] : [paths.settings]);
  return settingsHookChecks(ctx, p, geminiHost, (paths, command) => geminiWouldRun(p, files(paths), command), probeGemini);
}

/** What would keep Gemini from running the hooks: hooksConfig in the settings it reads, folder trust. */
function geminiWouldRun(p: Placement, settingsFiles: readonly string[], command: string): Check {
  const problems: string[] = [];
  for (const file of settingsFiles) {
    const text = readText(file);
    if (text === null) continue;
    try {
      const root = JSON.parse(text) as { hooksConfig?: { enabled?: unknown; disabled?: unknown } };
      if (root.hooksConfig?.enabled === false) problems.push(`${file} sets hooksConfig.enabled to false, so Gemini runs no hook at all`);
      const disabled = Array.isArray(root.hooksConfig?.disabled) ? root.hooksConfig!.disabled : [];
      if (disabled.includes(HOOK_NAME) || disabled.includes(command)) problems.push(`${file} lists stopline in hooksConfig.disabled`);
    } catch {
      // the registered check reports an unreadable file
    }
  }
  if (problems.length) return check('would-run', 'fail', problems.join('; '), 'take stopline out of hooksConfig.disabled / set hooksConfig.enabled to true');
  if (p.scope === 'project') return check('would-run', 'warn', "Gemini loads a project's .gemini/settings.json only in a trusted folder, and --skip-trust drops it", 'trust the folder in Gemini CLI (or GEMINI_CLI_TRUST_WORKSPACE=true), or stopline install gemini (user scope)');
  return check('would-run', 'pass', 'hooks are on; BeforeTool has no matcher, so it covers every tool');
}

/**
 * Gemini runs a hook command with bash -c (its variables already put in); the deny it honours is
 * the top-level `{"decision":"deny","reason"}` on stdout (the exit code does not matter then).
 */
const probeGemini = shellHookProbe({
  tool: 'write_file',
  shell: pathBash,
  payload: claudeWritePayload('BeforeTool', (w) => ({ timestamp: new Date(0).toISOString(), tool_input: { file_path: relative(w.project, w.target), content: 'probe\n' } })),
  vars: (w) => ({ GEMINI_PROJECT_DIR: w.project, GEMINI_CWD: w.project }),
  denied: (_r, out) => (out?.decision === 'deny' && deniedText(out.reason as string) ? 'decision "deny"' : undefined),
});

/** Gemini CLI's `gemini extensions install`: off only where a `!<path>` rule of its overrides matches the cwd. */
const geminiNativeDoor = extensionDoor('gemini', {
  manifest: 'gemini-extension.json',
  record: join('extensions', 'extension-enablement.json'),
  enabled(config, env) {
    const rules = isRecord(config) && isRecord(config[PACKAGE]) && Array.isArray(config[PACKAGE].overrides) ? (config[PACKAGE].overrides as unknown[]) : [];
    const here = `${env.cwd.replace(/\/+$/, '')}/`;
    let enabled = true;
    for (const rule of rules) {
      if (typeof rule !== 'string') continue;
      const off = rule.startsWith('!');
      const body = off ? rule.slice(1) : rule;
      const subdirs = body.endsWith('*');
      const path = (subdirs ? body.slice(0, -1) : body).replace(/\/*$/, '/');
      if (subdirs ? here.startsWith(path) : here === path) enabled = !off;
    }
    return enabled;
  },
  hook: { event: 'BeforeTool', variable: 'extensionPath' },
  probe: probeGemini,
});

/** Gemini CLI's row of the person's tooling. */
export const tooling = hostTools({ planner: geminiPlanner, checks: geminiChecks, native: geminiNativeDoor }, (env, cwd) => settingsHookPaths(geminiHost, env, 'user', cwd).script);
