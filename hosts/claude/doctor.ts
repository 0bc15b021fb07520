/**
 * Doctor's view of Claude Code: the plugin folder `stopline install claude` placed in its local
 * marketplace (install.ts) and the hooks.json the installer wrote there, the events it covers
 * against what the person's setup needs, what would keep Claude Code from loading the plugin or
 * running its hooks, a probe that feeds the command a review-mode Write the way Claude Code would,
 * which of the plugin's two doors decides (doctor-door.ts), and the plugin `claude plugin install`
 * put in its cache.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isRecord } from '../../core/check';
import { claudeRegistry } from '../../core/registry/claude';
import { hookFileChecks, type Registration } from '../cli/doctor/hook-file';
import { artifactCheck, eventsCheck, readGroups, registeredCheck, type DoctorContext, type HostBinary, type Placement } from '../cli/doctor/hosts';
import { PACKAGE, hookProbe, parseJson, pluginEvents, pluginHookCommand, wholeFolder, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { deniedText, describeRun, parseJson as lastJsonLine, type ProbeResult, type ProbeWorld } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram } from '../cli/doctor/system';
import type { HostTools } from '../cli/host-tool';
import { findProp, nodeAt } from '../cli/install/json-edit';
import type { Env } from '../cli/install/locations';
import { claudeDoorCheck, claudeDoorFacts } from './doctor-door';
import { CLAUDE_MARKETPLACE, CLAUDE_PLUGIN_ID, MARKETPLACE_DECLARED, PLUGIN_ENABLED, claudeConfigDir, claudeHooks, claudeMarketplaceDir, claudePlanner, claudePluginDir, claudePluginHooksFile, claudeSettingsFile } from './install';
import { claudeTranscript, locateClaudeTranscript } from './transcript';
import { CLAUDE_MOD_SHELL_GUARD } from './mod-live';

async function claudeChecks(ctx: DoctorContext, p: Placement, bin: HostBinary = {}): Promise<Check[]> {
  const pluginDir = claudePluginDir(ctx.env);
  const hooksFile = claudePluginHooksFile(ctx.env);
  let registered = false;
  const checks = await hookFileChecks(ctx, p, 'claude', { script: join(pluginDir, 'stopline.mjs') }, {
    // the installer writes the plugin's hooks.json (runtime, fail mode) instead of copying dist's:
    // the registration reads that file; every other file must be the shipped bytes
    artifact: artifactCheck('claude', p, join(ctx.distDir, 'claude'), pluginDir, [relative(pluginDir, hooksFile)]),
    registration(fix) {
      const reg = claudeRegistration(ctx, p, fix);
      registered = reg.ok;
      return reg;
    },
    probe: probeClaude,
    timeoutSec: claudeHooks.timeoutSec,
  });
  // which door decides matters only once the hooks are registered
  return registered ? [...checks, await claudeDoor(ctx, pluginDir, bin)] : checks;
}

/** Which door decides in the Claude plugin at `pluginDir`, for the Claude Code doctor found (`bin`). */
async function claudeDoor(ctx: Pick<DoctorContext, 'env' | 'timeoutMs'>, pluginDir: string, bin: HostBinary): Promise<Check> {
  return claudeDoorCheck(await claudeDoorFacts(pluginDir, { ...(bin.path ? { claude: bin.path } : {}), ...(bin.version ? { version: bin.version } : {}), env: ctx.env.env, timeoutMs: Math.max(ctx.timeoutMs, 60_000) }));
}

/** The plugin's hooks, the events they cover, and what would keep Claude Code from loading the plugin or running them. */
function claudeRegistration(ctx: DoctorContext, p: Placement, fix: string): Registration {
  const env = ctx.env;
  const script = join(claudePluginDir(env), 'stopline.mjs');
  const hooksFile = claudePluginHooksFile(env);
  const g = readGroups(hooksFile, script);
  const registered = registeredCheck('claude', p, hooksFile, claudeHooks.events, g);
  if (registered.status === 'fail') return { ok: false, checks: [registered] };
  const events = eventsCheck(fix, claudeRegistry, claudeHooks.needs(env, p.scope, p.project, p.afterEvidence === true), (e) => g.commands.has(e));

  const problems: string[] = [];
  const settings = claudeSettingsFile(env, p.scope, p.project);
  const s = readGroups(settings, script);
  const enabled = s.root && s.root.type === 'object' ? nodeAt(s.root, PLUGIN_ENABLED) : undefined;
  if (!(enabled?.type === 'scalar' && enabled.value === true)) problems.push(`${settings} does not enable ${CLAUDE_PLUGIN_ID}, so Claude Code does not load the plugin`);
  if (!claudeMarketplaceListsPlugin(env)) problems.push(`${join(claudeMarketplaceDir(env), '.claude-plugin', 'marketplace.json')} does not list the plugin ./stopline, so Claude Code cannot install it`);
  const userSettings = claudeSettingsFile(env, 'user', p.project);
  const u = userSettings === settings ? s : readGroups(userSettings, script);
  const declared = u.root && u.root.type === 'object' ? nodeAt(u.root, MARKETPLACE_DECLARED) : undefined;
  if (!declared) problems.push(`${userSettings} does not declare the ${CLAUDE_MARKETPLACE} marketplace, so Claude Code does not know where the plugin is`);
  const disabled = s.root && s.root.type === 'object' ? findProp(s.root, 'disableAllHooks')?.value : undefined;
  if (disabled?.type === 'scalar' && disabled.value === true) problems.push(`${settings} sets "disableAllHooks": true, so Claude Code runs no hook at all`);
  // a PreToolUse group must cover every tool: no matcher, "", or "*"
  const matcher = g.matchers.get('PreToolUse');
  if (!(matcher === undefined || matcher === null || matcher === '' || matcher === '*')) problems.push(`the PreToolUse matcher ${JSON.stringify(matcher)} does not cover every tool`);
  const wouldRun = problems.length
    ? check('would-run', 'fail', problems.join('; '), `remove "disableAllHooks" / ${fix}`)
    : check('would-run', 'pass', 'hooks are on and PreToolUse covers every tool');
  const command = g.commands.get('PreToolUse')![0]!;
  // the command starts with the test that keeps it silent while the mod decides; the runtime comes after it
  const started = command.startsWith(CLAUDE_MOD_SHELL_GUARD) ? command.slice(CLAUDE_MOD_SHELL_GUARD.length) : command;
  return { ok: true, checks: [registered, events, wouldRun], command, started };
}

/** The installer's marketplace.json is there and names the plugin folder beside it. */
function claudeMarketplaceListsPlugin(env: Env): boolean {
  const m = parseJson(readText(join(claudeMarketplaceDir(env), '.claude-plugin', 'marketplace.json')));
  return isRecord(m) && m.name === CLAUDE_MARKETPLACE && Array.isArray(m.plugins) && m.plugins.some((x) => isRecord(x) && x.name === 'stopline' && x.source === './stopline');
}

/** Claude runs a hook command with /bin/sh -c; the answer is a hookSpecificOutput deny on stdout. */
async function probeClaude(w: ProbeWorld, command: string): Promise<ProbeResult> {
  const payload = {
    session_id: w.sessionId,
    transcript_path: '',
    cwd: w.project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: w.target, content: 'probe\n' },
    tool_use_id: 'toolu_stopline_doctor',
  };
  const r = await runProgram(['/bin/sh', '-c', command], { env: { ...w.env, CLAUDE_PROJECT_DIR: w.project }, cwd: w.project, input: JSON.stringify(payload), timeoutMs: w.timeoutMs });
  const hso = lastJsonLine(r.stdout)?.hookSpecificOutput as Record<string, unknown> | undefined;
  if (r.code === 0 && hso?.permissionDecision === 'deny' && deniedText(hso.permissionDecisionReason as string)) return { denied: true, ms: r.ms, via: 'permissionDecision "deny"' };
  return { denied: false, ms: r.ms, why: `a review-mode Write was not denied: ${describeRun(r)}` };
}

/** Claude Code: `installed_plugins.json` lists `stopline@<marketplace>`; settings.json enables it. */
function claudeNative(env: Env): NativeInstall[] {
  const dir = claudeConfigDir(env);
  const file = join(dir, 'plugins', 'installed_plugins.json');
  const installed = parseJson(readText(file));
  const plugins = isRecord(installed) && isRecord(installed.plugins) ? installed.plugins : {};
  const settings = parseJson(readText(join(dir, 'settings.json')));
  const enabled = isRecord(settings) && isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
  const out: NativeInstall[] = [];
  for (const [id, entries] of Object.entries(plugins)) {
    // stopline@stopline-local is the plugin `stopline install claude` itself registers, not a native install
    if (!id.startsWith(`${PACKAGE}@`) || id === CLAUDE_PLUGIN_ID || !Array.isArray(entries)) continue;
    const entry = entries.find((e) => isRecord(e) && typeof e.installPath === 'string') as { installPath: string } | undefined;
    if (!entry) continue;
    out.push({ host: 'claude', id, via: 'claude plugin install', dir: entry.installPath, recordedIn: file, remove: `claude plugin uninstall ${id}`, enabled: enabled[id] === true });
  }
  return out;
}

const claudeNativeDoor: NativeDoor = {
  find: claudeNative,
  shipped: wholeFolder('claude'),
  update: (n) => `claude plugin update ${n.id}`,
  enable: (n) => `claude plugin enable ${n.id}`,
  wouldRun: (_n, env) => check('would-run', 'pass', `enabled in ${join(claudeConfigDir(env), 'settings.json')}`),
  async probe(n, ctx, bin) {
    const hooksFile = join(n.dir, 'hooks', 'hooks.json');
    // the shipped plugin file registers no observe-only event: say so when the person's hooks need one here
    const registered = pluginEvents(hooksFile);
    const events = eventsCheck(`stopline install ${n.host} (its hook file registers what your hooks need), then ${n.remove}`, claudeRegistry, claudeHooks.needs(ctx.env, 'project', ctx.env.cwd, false), (e) => registered.has(e));
    const probe = await hookProbe(pluginHookCommand(hooksFile, 'CLAUDE_PLUGIN_ROOT', n.dir), `the plugin has no PreToolUse hook in ${n.dir}`, n, (c) => probeClaude(ctx.world(), c));
    return [events, ...probe, await claudeDoor(ctx, n.dir, bin)];
  },
};

/** Claude Code's row of the person's tooling: its installer, where it sits by default, its doctor checks, its own plugin install, its session transcript. */
export const tooling: HostTools = {
  planner: claudePlanner,
  installedAt: (env) => existsSync(claudePluginDir(env)),
  checks: (ctx, p, _all, bin) => claudeChecks(ctx, p, bin),
  native: claudeNativeDoor,
  deferredConfinement: "Claude Code's mod",
  callRecord: { format: claudeTranscript, locate: locateClaudeTranscript },
};
