/**
 * Doctor's checks for each host, in the order a failure would bite: is the host there, is the
 * artifact in place and the one this CLI ships, is it registered, would the host really run it,
 * which runtime runs it, and does it deny a review-mode write when fed one (probes.ts).
 *
 * Every path comes from the installer's own resolution (hosts/cli/install/), so doctor looks
 * exactly where `stopline install` put things.
 */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { REGISTRIES } from '../../../core/registry/index';
import { hostSpec } from '../../../core/registry/host-specs';
import { installRows } from '../../../core/registry/rows';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { openclawRegistry } from '../../../core/registry/openclaw';
import type { HostRegistry } from '../../../core/registry/types';
import { CODEX_EVENTS, codexObserveNeeds, codexPaths } from '../install/host-codex';
import { CLAUDE_EVENTS, CLAUDE_HOOK_TIMEOUT_SECONDS, CLAUDE_MARKETPLACE, CLAUDE_PLUGIN_ID, claudeMarketplaceDir, claudeObserveNeeds, claudePluginDir, claudePluginHooksFile, claudeSettingsFile } from '../install/host-claude';
import { registrations, type ObserveNeeds } from '../install/observe-events';
import { CODEX_HOOK_TIMEOUT_SECONDS } from '../install/host-codex';
import { HERMES_PLUGIN_NAME, HERMES_RESTART_HINT, hermesConfigFile, hermesPluginDir } from '../install/host-hermes';
import { OPENCLAW_PLUGIN_ID, openclawLoadPaths, openclawPluginDir } from '../install/host-openclaw';
import { geminiHost } from '../install/host-gemini';
import { qwenHost } from '../install/host-qwen';
import { HOOK_NAME } from '../install/hook-files';
import { settingsHookPaths, type SettingsHookHost } from '../install/settings-hooks';
import { findOurGroups, type EventMapPath } from '../install/hook-groups';
import { trustEntriesFor } from '../install/codex-trust';
import { JsonEditError, findProp, nodeAt, nodeValue, parseJsonDocument } from '../install/json-edit';
import { openclawConfigFile, qwenDir, type Env, type Host, type Scope } from '../install/locations';
import { runsScript } from '../install/plan-context';
import { findOnPath, isRuntime } from '../install/runtime';
import { parseTableHeader } from '../install/toml-trust';
import { YamlEditError, enablePlugin } from '../install/yaml-plugins';
import { PROBE_REASON, probeClaude, probeCodex, probeGemini, probeHermes, probeOpenClaw, probeQwen, probeRuntime } from './probes';
import type { ProbeResult, ProbeWorld } from './probes';
import { check } from './report';
import { claudeDoorCheck, claudeDoorFacts } from './claude-door';
import { CLAUDE_MOD_SHELL_GUARD } from '../../claude/mod-live';
import type { Check } from './report';
import { commandWords, compareArtifact, readText, runProgram, versionLine } from './system';

export interface DoctorContext {
  env: Env;
  /** the dist folder the installed artifacts are compared with */
  distDir: string;
  /** a throwaway world for the probes, made on first use */
  world(): ProbeWorld;
  timeoutMs: number;
}

export interface Placement {
  scope: Scope;
  project: string;
  /** false: nothing in the install record; the default place is checked */
  recorded: boolean;
  /** the install asked for after-tool evidence (`--after-evidence`) */
  afterEvidence?: boolean;
}


export function installCommand(host: Host, p: Placement): string {
  return `stopline install ${host}${p.scope === 'project' ? ' --scope project' : ''}${p.afterEvidence ? ' --after-evidence' : ''}`;
}

// ------------------------------------------------------------------------------ the host

export interface HostBinary {
  path?: string;
  version?: string;
}

export async function hostBinary(host: Host, env: NodeJS.ProcessEnv): Promise<HostBinary> {
  const path = findOnPath(hostSpec(host).binary, env.PATH);
  if (!path) return {};
  const r = await runProgram([path, '--version'], { env, timeoutMs: 30_000 });
  const version = versionLine(r);
  return version && !r.timedOut ? { path, version } : { path };
}

export function hostCheck(host: Host, bin: HostBinary): Check {
  const reg = REGISTRIES[host];
  if (!bin.path) return check('host', 'warn', `${hostSpec(host).binary} is not on PATH (if you start ${reg.displayName} another way, ignore this)`, `install ${reg.displayName} or put its folder on PATH`);
  const verified = bin.version && !bin.version.includes(reg.verifiedVersion) ? `; stopline's facts were verified on ${reg.verifiedVersion}` : '';
  return check('host', 'pass', `${bin.version ?? 'version unknown'} (${bin.path})${verified}`);
}

// ------------------------------------------------------------------------------ helpers

export function artifactCheck(host: Host, p: Placement, src: string, dest: string, skip: readonly string[] = []): Check {
  const fix = installCommand(host, p);
  const state = compareArtifact(src, dest, skip);
  switch (state.kind) {
    case 'current':
      return check('artifact', 'pass', `${dest} is the artifact this CLI ships (${state.files} file${state.files === 1 ? '' : 's'})`);
    case 'missing':
      return check('artifact', 'fail', `missing: ${state.files.slice(0, 2).join(', ')}${state.files.length > 2 ? ` and ${state.files.length - 2} more` : ''}${p.recorded ? '' : ' (stopline is not installed here)'}`, fix);
    case 'stale':
      return check('artifact', 'fail', `stale: ${state.files.slice(0, 2).join(', ')} differ${state.files.length === 1 ? 's' : ''} from the dist this CLI ships`, fix);
    case 'no-dist':
      return check('artifact', 'warn', `cannot tell whether ${dest} is current: ${src} does not exist`, 'point --from at the dist folder stopline was installed from');
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The runtime a hook command starts, and the script it runs. */
export async function commandRuntime(command: string, env: NodeJS.ProcessEnv): Promise<{ check: Check; ok: boolean }> {
  // the Claude plugin's commands start with the test that keeps them silent while the mod decides
  const words = commandWords(command.startsWith(CLAUDE_MOD_SHELL_GUARD) ? command.slice(CLAUDE_MOD_SHELL_GUARD.length) : command);
  const exe = words[0] ?? '';
  const path = isAbsolute(exe) ? exe : findOnPath(exe, env.PATH);
  if (!path || !existsSync(path) || !executable(path)) {
    return { ok: false, check: check('runtime', 'fail', `the hook command starts ${JSON.stringify(exe)}, which is not an executable here: every hook fails and the host runs the tool`, 'stopline install <host> --runtime node|bun|deno (one that is installed)') };
  }
  const v = versionLine(await runProgram([path, '--version'], { env, timeoutMs: 30_000 }));
  const name = words[0]!.split('/').pop()!;
  return { ok: true, check: check('runtime', 'pass', `${isRuntime(name) ? name : path}${v ? ` ${v.replace(/^(deno|bun|node)\s*/i, '')}` : ''} (${path})`) };
}

export function probeCheck(r: ProbeResult, host: Host, p: Placement, timeoutSec?: number): Check {
  if (r.denied) {
    const slow = timeoutSec !== undefined && r.ms > timeoutSec * 1000 ? `; but it took longer than the ${timeoutSec} s the host waits (the host would have let the tool run)` : '';
    return check('enforcement', slow ? 'fail' : 'pass', `a synthetic review-mode write was denied (${PROBE_REASON}, ${r.via}) in ${r.ms} ms${slow}`, slow ? 'a faster runtime: stopline install <host> --runtime bun' : undefined);
  }
  if (r.skipped) return check('enforcement', 'warn', `not probed: ${r.why}`);
  return check('enforcement', 'fail', r.why, `${installCommand(host, p)}; then try it by hand: stopline guard --host ${host} < payload.json`);
}

/** The probe's line for a file that a runtime on PATH loaded as the host would (none there: not probed, and why). */
export function loadedProbeCheck(r: ProbeResult | undefined, rt: { label: string } | undefined, host: Host, p: Placement, none: string): Check {
  if (!r || !rt) return check('enforcement', 'warn', `not probed: ${none}`);
  const c = probeCheck(r, host, p);
  if (r.denied) c.detail += ` under ${rt.label}`;
  return c;
}

interface Groups {
  text: string | null;
  problem?: string;
  /** event -> the commands of stopline's group(s) there */
  commands: Map<string, string[]>;
  /** event -> the matcher of stopline's first group there (undefined = none written) */
  matchers: Map<string, unknown>;
  root?: ReturnType<typeof parseJsonDocument>;
}

/** stopline's hook groups in a Claude settings.json or a Codex hooks.json. */
export function readGroups(file: string, script: string, base: EventMapPath = ['hooks']): Groups {
  const text = readText(file);
  const out: Groups = { text, commands: new Map(), matchers: new Map() };
  if (text === null) return out;
  try {
    const root = parseJsonDocument(text.trim() === '' ? '{}' : text);
    out.root = root;
    for (const [event, indices] of findOurGroups(text.trim() === '' ? '{}' : text, runsScript(script), base)) {
      const groups = nodeValue(nodeAt(root, [...base, event]) as never) as { matcher?: unknown; hooks?: { command?: unknown }[] }[];
      const first = groups[indices[0]!];
      out.matchers.set(event, first?.matcher);
      out.commands.set(event, indices.flatMap((i) => (groups[i]?.hooks ?? []).map((h) => String(h.command ?? ''))));
    }
  } catch (e) {
    out.problem = e instanceof JsonEditError ? e.message : String(e);
  }
  return out;
}

export function registeredCheck(host: Host, p: Placement, file: string, events: readonly string[], g: Groups): Check {
  const fix = installCommand(host, p);
  if (g.text === null) return check('registered', 'fail', `${file} does not exist: the host does not know about stopline`, fix);
  if (g.problem) return check('registered', 'fail', `${file} cannot be read as JSON (${g.problem}); the host may not read it either`, `fix the file, then ${fix}`);
  const missing = events.filter((e) => !g.commands.has(e));
  if (missing.length) return check('registered', 'fail', `${file} has no stopline hook for ${missing.join(', ')}`, fix);
  return check('registered', 'pass', `${events.length} events registered in ${file}`);
}

/**
 * What is registered and why, against what the person's setup needs here: an observe-only event
 * that their hooks (or the after-tool evidence they asked for) need but that is not registered
 * means those never run; one registered that nothing needs costs a process start each time.
 */
export function eventsCheck(fix: string, registry: HostRegistry, needs: ObserveNeeds, isRegistered: (event: string) => boolean): Check {
  const regs = registrations(registry, needs);
  const missing = regs.filter((r) => r.registered && r.row.install.observeOnly && !isRegistered(r.row.native));
  if (missing.length) {
    return check('events', 'fail', missing.map((r) => `${r.row.native} is not registered, so ${r.why} never run${r.why.startsWith('after-tool') ? 's' : ''}`).join('; '), fix);
  }
  const idle = regs.filter((r) => !r.registered && isRegistered(r.row.native));
  const guard = regs.filter((r) => r.registered && !r.row.install.observeOnly).map((r) => r.row.native);
  const observed = regs.filter((r) => r.registered && r.row.install.observeOnly).map((r) => `${r.row.native} for ${r.why}`);
  const off = regs.filter((r) => !r.registered && !isRegistered(r.row.native)).map((r) => r.row.native);
  const detail = [`${guard.join(', ')} for the guard`, ...observed, ...(off.length ? [`not registered (nothing needs ${off.length === 1 ? 'it' : 'them'}): ${off.join(', ')}`] : [])].join('; ');
  if (idle.length) {
    return check('events', 'warn', `${detail}; ${idle.map((r) => r.row.native).join(', ')} ${idle.length === 1 ? 'is' : 'are'} registered but nothing needs ${idle.length === 1 ? 'it' : 'them'}: a process start every time ${idle.length === 1 ? 'it fires' : 'they fire'}`, fix);
  }
  return check('events', 'pass', detail);
}

/** A PreToolUse group must cover every tool: no matcher, "", or "*". */
function matcherCovers(m: unknown): boolean {
  return m === undefined || m === null || m === '' || m === '*';
}

// ---------------------------------------------------------------------------------- Claude

export async function claudeChecks(ctx: DoctorContext, p: Placement, bin: HostBinary = {}): Promise<Check[]> {
  const env = ctx.env;
  const pluginDir = claudePluginDir(env);
  const script = join(pluginDir, 'stopline.mjs');
  const settings = claudeSettingsFile(env, p.scope, p.project);
  const hooksFile = claudePluginHooksFile(env);
  // the installer writes the plugin's hooks.json (runtime, fail mode) instead of copying dist's:
  // the checks below read that file; every other file must be the shipped bytes
  const checks = [artifactCheck('claude', p, join(ctx.distDir, 'claude'), pluginDir, [relative(pluginDir, hooksFile)])];
  const g = readGroups(hooksFile, script);
  const registered = registeredCheck('claude', p, hooksFile, CLAUDE_EVENTS.map((e) => e.event), g);
  checks.push(registered);
  if (registered.status === 'fail') return checks;
  checks.push(eventsCheck(installCommand('claude', p), claudeRegistry, claudeObserveNeeds(env, p.scope, p.project, p.afterEvidence === true), (e) => g.commands.has(e)));

  const problems: string[] = [];
  const s = readGroups(settings, script);
  const enabled = s.root && s.root.type === 'object' ? nodeAt(s.root, ['enabledPlugins', CLAUDE_PLUGIN_ID]) : undefined;
  if (!(enabled?.type === 'scalar' && enabled.value === true)) problems.push(`${settings} does not enable ${CLAUDE_PLUGIN_ID}, so Claude Code does not load the plugin`);
  if (!claudeMarketplaceListsPlugin(env)) problems.push(`${join(claudeMarketplaceDir(env), '.claude-plugin', 'marketplace.json')} does not list the plugin ./stopline, so Claude Code cannot install it`);
  const userSettings = claudeSettingsFile(env, 'user', p.project);
  const u = userSettings === settings ? s : readGroups(userSettings, script);
  const declared = u.root && u.root.type === 'object' ? nodeAt(u.root, ['extraKnownMarketplaces', CLAUDE_MARKETPLACE]) : undefined;
  if (!declared) problems.push(`${userSettings} does not declare the ${CLAUDE_MARKETPLACE} marketplace, so Claude Code does not know where the plugin is`);
  const disabled = s.root && s.root.type === 'object' ? findProp(s.root, 'disableAllHooks')?.value : undefined;
  if (disabled?.type === 'scalar' && disabled.value === true) problems.push(`${settings} sets "disableAllHooks": true, so Claude Code runs no hook at all`);
  const matcher = g.matchers.get('PreToolUse');
  if (!matcherCovers(matcher)) problems.push(`the PreToolUse matcher ${JSON.stringify(matcher)} does not cover every tool`);
  checks.push(
    problems.length
      ? check('would-run', 'fail', problems.join('; '), `remove "disableAllHooks" / ${installCommand('claude', p)}`)
      : check('would-run', 'pass', 'hooks are on and PreToolUse covers every tool'),
  );
  const command = g.commands.get('PreToolUse')![0]!;
  const rt = await commandRuntime(command, env.env);
  checks.push(rt.check);
  if (rt.ok) checks.push(probeCheck(await probeClaude(ctx.world(), command), 'claude', p, CLAUDE_HOOK_TIMEOUT_SECONDS));
  checks.push(await claudeDoor(ctx, pluginDir, bin));
  return checks;
}

/** Which door decides in the Claude plugin at `pluginDir` (the mod or the command hooks), and why. */
export async function claudeDoor(ctx: Pick<DoctorContext, 'env' | 'timeoutMs'>, pluginDir: string, bin: HostBinary): Promise<Check> {
  return claudeDoorCheck(await claudeDoorFacts(pluginDir, { ...(bin.path ? { claude: bin.path } : {}), ...(bin.version ? { version: bin.version } : {}), env: ctx.env.env, timeoutMs: Math.max(ctx.timeoutMs, 60_000) }));
}

/** The installer's marketplace.json is there and names the plugin folder beside it. */
function claudeMarketplaceListsPlugin(env: DoctorContext['env']): boolean {
  const text = readText(join(claudeMarketplaceDir(env), '.claude-plugin', 'marketplace.json'));
  if (text === null) return false;
  try {
    const m = JSON.parse(text) as { name?: unknown; plugins?: { name?: unknown; source?: unknown }[] };
    return m.name === CLAUDE_MARKETPLACE && Array.isArray(m.plugins) && m.plugins.some((x) => x.name === 'stopline' && x.source === './stopline');
  } catch {
    return false;
  }
}

// ----------------------------------------------------------------------------------- Codex

/** `trusted_hash` of every `[hooks.state."…"]` table in config.toml. */
export function trustedHashes(toml: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | null = null;
  for (const line of toml.split('\n')) {
    const header = parseTableHeader(line.replace(/\r$/, ''));
    if (header) {
      current = header.length === 3 && header[0] === 'hooks' && header[1] === 'state' ? header[2]! : null;
      continue;
    }
    const m = current !== null ? /^\s*trusted_hash\s*=\s*"([^"]*)"/.exec(line) : null;
    if (m && current !== null) out.set(current, m[1]!);
  }
  return out;
}

export async function codexChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const env = ctx.env;
  const paths = codexPaths(env, p.scope, p.project);
  const checks = [artifactCheck('codex', p, join(ctx.distDir, 'codex', 'stopline.mjs'), paths.script)];
  const g = readGroups(paths.hooksFile, paths.script);
  const registered = registeredCheck('codex', p, paths.hooksFile, CODEX_EVENTS, g);
  checks.push(registered);
  if (registered.status === 'fail') return checks;
  checks.push(eventsCheck(installCommand('codex', p), codexRegistry, codexObserveNeeds(env, p.scope, p.project, p.afterEvidence === true), (e) => g.commands.has(e)));

  // trust: the entries Codex would compute for stopline's handlers, against config.toml
  const fix = installCommand('codex', p);
  const positions = [...findOurGroups(g.text!, runsScript(paths.script))].flatMap(([event, idx]) => idx.map((groupIndex) => ({ event, groupIndex })));
  const wanted = trustEntriesFor(paths.hooksFileForTrust, nodeValue(g.root!), positions);
  const have = trustedHashes(readText(paths.configToml) ?? '');
  const missing = wanted.filter((w) => !have.has(w.key));
  const wrong = wanted.filter((w) => have.has(w.key) && have.get(w.key) !== w.trustedHash);
  if (missing.length || wrong.length) {
    const parts = [
      missing.length ? `${missing.length} of ${wanted.length} handlers have no trust entry in ${paths.configToml}` : '',
      wrong.length ? `${wrong.length} trust entr${wrong.length === 1 ? 'y does' : 'ies do'} not match the handler (it changed since it was trusted)` : '',
    ].filter(Boolean);
    checks.push(check('would-run', 'fail', `${parts.join('; ')}: Codex skips those hooks without a word`, fix));
  } else {
    const note = p.scope === 'project' ? '; Codex also needs the project itself trusted (codex asks on first start, or --trust)' : '';
    checks.push(check('would-run', p.scope === 'project' ? 'warn' : 'pass', `all ${wanted.length} handlers are trusted in ${paths.configToml}${note}`));
  }
  const command = g.commands.get('PreToolUse')![0]!;
  const rt = await commandRuntime(command, env.env);
  checks.push(rt.check);
  if (rt.ok) checks.push(probeCheck(await probeCodex(ctx.world(), command), 'codex', p, CODEX_HOOK_TIMEOUT_SECONDS));
  return checks;
}

// ---------------------------------------------------------------------------------- Hermes

/** What the Hermes shim starts: STOPLINE_RUNTIME (a name or a path), else node, bun, deno. */
function hermesRuntime(env: NodeJS.ProcessEnv): { argv?: string[]; detail: string } {
  const chosen = env.STOPLINE_RUNTIME?.trim();
  const argvFor = (exe: string) => (exe.split('/').pop()!.startsWith('deno') ? [exe, 'run', '-A'] : [exe]);
  if (chosen) {
    const exe = isAbsolute(chosen) ? (existsSync(chosen) ? chosen : undefined) : findOnPath(chosen, env.PATH);
    return exe ? { argv: argvFor(exe), detail: `${exe} (STOPLINE_RUNTIME)` } : { detail: `STOPLINE_RUNTIME=${chosen} is not an executable on PATH` };
  }
  for (const name of ['node', 'bun', 'deno']) {
    const exe = findOnPath(name, env.PATH);
    if (exe) return { argv: argvFor(exe), detail: `${name} (${exe}), the first of node, bun, deno on PATH` };
  }
  return { detail: 'none of node, bun, deno is on PATH' };
}

export async function hermesChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const env = ctx.env;
  const dir = hermesPluginDir(env);
  const file = hermesConfigFile(env);
  const fix = installCommand('hermes', p);
  const checks = [artifactCheck('hermes', p, join(ctx.distDir, 'hermes', 'stopline'), dir)];
  const text = readText(file);
  let enabled = false;
  let disabled = false;
  let problem: string | undefined;
  try {
    const r = enablePlugin(text ?? '', HERMES_PLUGIN_NAME, file);
    enabled = r.alreadyEnabled;
    disabled = r.disabledToo;
  } catch (e) {
    problem = e instanceof YamlEditError ? e.message : String(e);
  }
  if (problem) checks.push(check('registered', 'fail', `cannot read plugins.enabled in ${file}: ${problem}`, `add "${HERMES_PLUGIN_NAME}" to plugins.enabled in ${file}`));
  else if (!enabled) checks.push(check('registered', 'fail', `${text === null ? `${file} does not exist, so` : `plugins.enabled in ${file} does not list ${HERMES_PLUGIN_NAME}:`} Hermes never loads the plugin`, fix));
  else checks.push(check('registered', 'pass', `plugins.enabled in ${file} lists ${HERMES_PLUGIN_NAME}`));
  const wouldRun: string[] = [];
  if (disabled) wouldRun.push(`plugins.disabled in ${file} also lists ${HERMES_PLUGIN_NAME}, and it wins`);
  if (env.env.HERMES_SAFE_MODE === '1') wouldRun.push('HERMES_SAFE_MODE=1 turns every plugin off');
  checks.push(
    wouldRun.length
      ? check('would-run', 'fail', wouldRun.join('; '), `remove ${HERMES_PLUGIN_NAME} from plugins.disabled in ${file} (and unset HERMES_SAFE_MODE)`)
      : check('would-run', enabled ? 'pass' : 'fail', enabled ? `enabled and not disabled; a running gateway picks it up after a restart (${HERMES_RESTART_HINT.replace(/^restart the gateway: /, '')})` : 'not enabled', enabled ? undefined : fix),
  );
  const rt = hermesRuntime(env.env);
  checks.push(check('runtime', rt.argv ? 'pass' : 'fail', `the plugin's evaluator runs under ${rt.detail}`, rt.argv ? undefined : 'install node, bun or deno, or set STOPLINE_RUNTIME'));
  if (checks[0]!.status !== 'fail') checks.push(probeCheck(await probeHermes(ctx.world(), dir, rt.argv), 'hermes', p));
  return checks;
}

// ------------------------------------------------------------------ Gemini CLI and Qwen Code

/** The hook groups of another event list, in a settings or hooks.json file (0 when unreadable). */
function hookGroupCount(file: string, event: string, key: 'hooks' | null = 'hooks'): number {
  const text = readText(file);
  if (text === null) return 0;
  try {
    const root = JSON.parse(text) as Record<string, unknown>;
    const hooks = (key ? root[key] : root) as Record<string, unknown> | undefined;
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
 * Qwen merges every PreToolUse answer and the last permissionDecision wins, in the order project
 * settings, user settings, system settings, extensions: a hook after stopline's that answers
 * "allow" cancels its deny. Doctor cannot know what a hook answers, only that it comes after.
 */
function qwenWouldRun(env: DoctorContext['env'], p: Placement, settings: string, script: string): Check {
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
    ...(p.scope === 'project' ? [join(qwenDir(env), 'settings.json')] : []),
    env.env.QWEN_CODE_SYSTEM_SETTINGS_PATH || '/etc/qwen-code/settings.json',
  ];
  for (const f of laterFiles) {
    const n = hookGroupCount(f, 'PreToolUse');
    if (n) after.push(`${n} PreToolUse group${n === 1 ? '' : 's'} in ${f}, which Qwen runs after this one`);
  }
  for (const f of extensionHookFiles(qwenDir(env))) {
    const n = hookGroupCount(f, 'PreToolUse');
    if (n && !readText(f)?.includes('stopline.mjs')) after.push(`${n} PreToolUse group${n === 1 ? '' : 's'} in the extension ${f}`);
  }
  if (after.length) return check('would-run', 'warn', `${after.join('; ')}: Qwen takes the last PreToolUse answer, so one that answers "allow" cancels stopline's deny`, 'make sure those hooks print no permissionDecision "allow", or move them before stopline');
  return check('would-run', 'pass', "hooks are on; stopline's PreToolUse answer is the last one Qwen reads");
}

/** What differs between the settings.json hosts' checks: whether the host will run the hook, and the probe in its payload form. */
interface SettingsHostDoctor {
  wouldRun(ctx: DoctorContext, p: Placement, paths: ReturnType<typeof settingsHookPaths>, command: string): Check;
  probe(world: ProbeWorld, command: string): Promise<ProbeResult>;
}

async function settingsHostChecks(ctx: DoctorContext, p: Placement, h: SettingsHookHost, own: SettingsHostDoctor): Promise<Check[]> {
  const env = ctx.env;
  const paths = settingsHookPaths(h, env, p.scope, p.project);
  const checks = [artifactCheck(h.host, p, join(ctx.distDir, h.host, 'stopline.mjs'), paths.script)];
  const g = readGroups(paths.settings, paths.script);
  const events = installRows(h.registry).map((e) => e.native);
  const registered = registeredCheck(h.host, p, paths.settings, events, g);
  checks.push(registered);
  if (registered.status === 'fail') return checks;
  const before = installRows(h.registry).find((e) => e.control === 'action.before')!.native;
  const command = g.commands.get(before)![0]!;
  checks.push(own.wouldRun(ctx, p, paths, command));
  const rt = await commandRuntime(command, env.env);
  checks.push(rt.check);
  const timeout = installRows(h.registry)[0]!.install.timeoutSec;
  if (rt.ok) checks.push(probeCheck(await own.probe(ctx.world(), command), h.host, p, timeout));
  return checks;
}

export function geminiChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  return settingsHostChecks(ctx, p, geminiHost, {
    // a project install is read beside the user's settings, which can turn hooks off for both
    wouldRun: (c, pl, paths, command) => geminiWouldRun(pl, pl.scope === 'project' ? [settingsHookPaths(geminiHost, c.env, 'user', pl.project).settings, paths.settings] : [paths.settings], command),
    probe: probeGemini,
  });
}

export function qwenChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  return settingsHostChecks(ctx, p, qwenHost, { wouldRun: (c, pl, paths) => qwenWouldRun(c.env, pl, paths.settings, paths.script), probe: probeQwen });
}

// -------------------------------------------------------------------------------- OpenClaw

/** What OpenClaw's config says of the plugin: loaded from the folder, enabled, with the prompt hooks allowed. */
function openclawRegistered(file: string, dir: string, p: Placement): Check {
  const fix = installCommand('openclaw', p);
  const text = readText(file);
  if (text === null) return check('registered', 'fail', `${file} does not exist: OpenClaw does not load the plugin`, fix);
  try {
    if (!openclawLoadPaths(text).includes(dir)) return check('registered', 'fail', `plugins.load.paths in ${file} does not name ${dir}: OpenClaw does not load the plugin`, fix);
    const entry = nodeValue(nodeAt(parseJsonDocument(text), ['plugins', 'entries', OPENCLAW_PLUGIN_ID]) ?? { type: 'scalar', start: 0, end: 0, value: null }) as { enabled?: unknown; hooks?: { allowConversationAccess?: unknown } } | null;
    if (entry?.enabled !== true) return check('registered', 'fail', `plugins.entries.${OPENCLAW_PLUGIN_ID}.enabled is not true in ${file}: OpenClaw does not run the plugin`, fix);
    if (entry.hooks?.allowConversationAccess !== true) return check('registered', 'fail', `plugins.entries.${OPENCLAW_PLUGIN_ID}.hooks.allowConversationAccess is not true in ${file}: OpenClaw never calls the prompt hook, so no contract can arm`, fix);
    return check('registered', 'pass', `${file} loads ${dir} and enables it with the prompt hooks allowed`);
  } catch (e) {
    if (e instanceof JsonEditError) return check('registered', 'warn', `${file} is not JSON stopline can read (${e.message}); OpenClaw reads JSON5, check plugins.load.paths and plugins.entries.${OPENCLAW_PLUGIN_ID} by hand`, `openclaw plugins inspect ${OPENCLAW_PLUGIN_ID} --runtime --json`);
    throw e;
  }
}

/**
 * Whether OpenClaw itself loads the plugin with its guard hooks: `openclaw plugins inspect
 * stopline --runtime --json` imports it the way a run does (~20 s) and names its typed hooks.
 */
async function openclawLoaded(ctx: DoctorContext, bin: HostBinary): Promise<Check> {
  if (!bin.path) return check('loaded', 'warn', 'not asked: openclaw is not on PATH, so whether it loads the plugin is unknown');
  const r = await runProgram([bin.path, 'plugins', 'inspect', OPENCLAW_PLUGIN_ID, '--runtime', '--json'], { env: ctx.env.env, timeoutMs: Math.max(ctx.timeoutMs, 60_000) });
  type Inspect = { plugin?: { status?: unknown }; typedHooks?: { name?: unknown }[] };
  const doc = ((): Inspect | null => {
    try {
      const v: unknown = JSON.parse(r.stdout);
      return v !== null && typeof v === 'object' ? (v as Inspect) : null;
    } catch {
      return null;
    }
  })();
  const fix = `openclaw plugins inspect ${OPENCLAW_PLUGIN_ID} --runtime --json`;
  if (!doc) return check('loaded', 'warn', `openclaw plugins inspect gave no answer stopline can read${r.timedOut ? ' in time' : ''} (OpenClaw needs Node >= 24.16)`, fix);
  const hooks = (doc.typedHooks ?? []).map((h) => h.name);
  // the hooks the guard cannot do without: the prompt (arms the contract) and the tool gate
  const missing = openclawRegistry.events.filter((e) => e.control === 'prompt.submit' || e.blockable).map((e) => e.native).filter((h) => !hooks.includes(h));
  if (doc.plugin?.status !== 'loaded') return check('loaded', 'fail', `OpenClaw does not load the plugin (status ${JSON.stringify(doc.plugin?.status ?? null)})`, fix);
  if (missing.length) return check('loaded', 'fail', `OpenClaw loads the plugin without its ${missing.join(' and ')} hook${missing.length === 1 ? '' : 's'}`, fix);
  return check('loaded', 'pass', `OpenClaw loads the plugin with its hooks (${hooks.join(', ')})`);
}

export async function openclawChecks(ctx: DoctorContext, p: Placement, bin: HostBinary = {}): Promise<Check[]> {
  const env = ctx.env;
  const dir = openclawPluginDir(env);
  const file = join(dir, 'index.js');
  const checks = [artifactCheck('openclaw', p, join(ctx.distDir, 'openclaw'), dir)];
  if (checks[0]!.status === 'fail' && !existsSync(file)) return checks;
  checks.push(openclawRegistered(openclawConfigFile(env), dir, p));
  checks.push(await openclawLoaded(ctx, bin));
  checks.push(check('runtime', 'pass', 'OpenClaw loads the plugin in its own Node (>= 24.16)'));
  const rt = await probeRuntime(env.env, ['node', 'bun', 'deno'], false);
  if (!rt) checks.push(check('enforcement', 'warn', 'not probed: neither node, bun nor deno is on PATH to load the plugin'));
  else {
    const r = await probeOpenClaw(ctx.world(), file, rt.argv);
    const c = probeCheck(r, 'openclaw', p);
    if (r.denied) c.detail += ` under ${rt.label}`;
    checks.push(c);
  }
  return checks;
}

