/**
 * Doctor's view of GitHub Copilot CLI: stopline's own hook file install.ts wrote and the plugin
 * `copilot plugin install` enabled.
 */
import { join, resolve } from 'node:path';
import { isRecord } from '../../core/check';
import { hookFileChecks, offSwitch, type Registration } from '../cli/doctor/hook-file';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { PACKAGE, hookProbe, parseJson, wholeFolder, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { deniedText, shellHookProbe, systemBash } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { hostHome, type Env } from '../cli/install/locations';
import { runsScript } from '../cli/install/plan-context';
import { COPILOT_EVENTS, COPILOT_HOOK_TIMEOUT_SECONDS, copilotPaths, copilotPlanner } from './install';

/** The command of each camelCase event in stopline's Copilot hook file (`bash`, else `command`). */
function copilotCommands(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = JSON.parse(text) as { hooks?: Record<string, { bash?: unknown; command?: unknown }[]> };
  for (const [event, entries] of Object.entries(doc.hooks ?? {})) {
    const entry = Array.isArray(entries) ? entries[0] : undefined;
    const cmd = entry?.bash ?? entry?.command;
    if (typeof cmd === 'string') out.set(event, cmd);
  }
  return out;
}

function copilotChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = copilotPaths(ctx.env, p.scope, p.project);
  return hookFileChecks(ctx, p, 'copilot', paths, { registration: (fix) => copilotRegistration(paths, p, fix), probe: probeCopilot, timeoutSec: COPILOT_HOOK_TIMEOUT_SECONDS });
}

function copilotRegistration(paths: ReturnType<typeof copilotPaths>, p: Placement, fix: string): Registration {
  const text = readText(paths.hooksFile);
  if (text === null) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} does not exist: Copilot does not know about stopline`, fix)] };
  let commands: Map<string, string>;
  let off: string | undefined;
  try {
    commands = copilotCommands(text);
    off = offSwitch('copilot', JSON.parse(text));
  } catch (e) {
    return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} is not valid JSON (${e instanceof Error ? e.message : String(e)}); Copilot skips it`, fix)] };
  }
  const ours = runsScript(paths.script);
  // each handler must run the installed script and name its own event: the payload does not
  const missing = COPILOT_EVENTS.filter((e) => {
    const cmd = commands.get(e);
    return cmd === undefined || !ours(cmd) || !cmd.trimEnd().endsWith(` ${e}`);
  });
  if (missing.length) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} has no stopline handler (running ${paths.script} with its event) for ${missing.join(', ')}`, fix)] };
  const registered = check('registered', 'pass', `${COPILOT_EVENTS.length} events registered in ${paths.hooksFile}`);
  const wouldRun = off
    ? check('would-run', 'fail', `${paths.hooksFile} sets ${off}, so Copilot runs none of its hooks`, fix)
    : p.scope === 'project'
      ? check('would-run', 'warn', `Copilot runs ${paths.hooksDir} only in a folder you trusted; untrusted, it skips the hooks without a word`, 'trust the folder when Copilot asks (or copilot --trust-folder), or stopline install copilot (user scope)')
      : check('would-run', 'pass', `${paths.hooksDir} is loaded on every start, with no trust step`);
  return { ok: true, checks: [registered, wouldRun], command: commands.get('preToolUse')! };
}

/**
 * Copilot runs a hook with /bin/bash and a camelCase payload that names no event (the handler's
 * command passes it). The deny Copilot reads there is the top-level permissionDecision.
 */
const probeCopilot = shellHookProbe({
  tool: 'create',
  shell: systemBash,
  payload: (w) => ({ sessionId: w.sessionId, timestamp: Date.now(), cwd: w.project, toolName: 'create', toolArgs: { path: w.target, file_text: 'probe\n' } }),
  vars: (w) => ({ COPILOT_PROJECT_DIR: w.project }),
  denied: (r, out) => (r.code === 0 && out?.permissionDecision === 'deny' && deniedText(out.permissionDecisionReason as string) ? 'permissionDecision "deny"' : undefined),
});

/**
 * Copilot: `enabledPlugins` in settings.json names `stopline@<marketplace>`; a directory
 * marketplace (`extraKnownMarketplaces`) is loaded live, so the plugin folder is the one its
 * marketplace.json names. Other marketplace kinds keep a copy doctor does not look into.
 */
function copilotNative(env: Env): NativeInstall[] {
  const file = join(hostHome(env, 'copilot'), 'settings.json');
  const settings = parseJson(readText(file));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const markets = isRecord(settings) && isRecord(settings.extraKnownMarketplaces) ? settings.extraKnownMarketplaces : {};
  const out: NativeInstall[] = [];
  for (const id of Object.keys(enabled)) {
    // `copilot plugin uninstall` leaves the id at false, as `disable` does: only an enabled one counts
    if (!id.startsWith(`${PACKAGE}@`) || enabled[id] !== true) continue;
    const market = markets[id.slice(PACKAGE.length + 1)];
    const source = isRecord(market) && isRecord(market.source) ? market.source : undefined;
    let dir = '';
    if (source?.source === 'directory' && typeof source.path === 'string') {
      for (const manifest of ['.plugin/marketplace.json', '.github/plugin/marketplace.json', '.claude-plugin/marketplace.json']) {
        const m = parseJson(readText(join(source.path, manifest)));
        const plugin = isRecord(m) && Array.isArray(m.plugins) ? m.plugins.find((p) => isRecord(p) && p.name === PACKAGE) : undefined;
        if (isRecord(plugin) && typeof plugin.source === 'string') {
          dir = resolve(source.path, plugin.source);
          break;
        }
      }
    }
    out.push({ host: 'copilot', id, via: 'copilot plugin install', dir, recordedIn: file, remove: `copilot plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

/** The Copilot plugin's preToolUse command (camelCase `bash`), with COPILOT_PLUGIN_ROOT as Copilot sets it. */
function copilotPluginCommand(hooksFile: string, dir: string): string | undefined {
  const hooks = parseJson(readText(hooksFile));
  const list = isRecord(hooks) && isRecord(hooks.hooks) && Array.isArray(hooks.hooks.preToolUse) ? hooks.hooks.preToolUse : [];
  const first = list.find((e) => isRecord(e) && (typeof e.bash === 'string' || typeof e.command === 'string')) as { bash?: string; command?: string } | undefined;
  const command = first?.bash ?? first?.command;
  return command ? `export COPILOT_PLUGIN_ROOT='${dir.replace(/'/g, "'\\''")}'; ${command}` : undefined;
}

const copilotNativeDoor: NativeDoor = {
  find: copilotNative,
  shipped: wholeFolder('copilot'),
  enable: (n) => `copilot plugin enable ${n.id}`,
  probe: (n, ctx) => hookProbe(copilotPluginCommand(join(n.dir, 'hooks.json'), n.dir), `the plugin has no preToolUse hook in ${n.dir}`, n, (c) => probeCopilot(ctx.world(), c)),
};

/** GitHub Copilot CLI's row of the person's tooling. */
export const tooling = hostTools({ planner: copilotPlanner, checks: copilotChecks, native: copilotNativeDoor }, (env, cwd) => [copilotPaths(env, 'user', cwd).script, copilotPaths(env, 'user', cwd).hooksFile]);
