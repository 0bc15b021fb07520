/**
 * Doctor's checks for each host, in the order a failure would bite: is the host there, is the
 * artifact in place and the one this CLI ships, is it registered, would the host really run it,
 * which runtime runs it, and does it deny a review-mode write when fed one (probes.ts).
 *
 * Every path comes from the installer's own resolution (hosts/cli/install/), so doctor looks
 * exactly where `stopline install` put things.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { isRecord } from '../../../core/check';
import { pathToFileURL } from 'node:url';
import { REGISTRIES } from '../../../core/registry/index';
import { hostSpec } from '../../../core/registry/host-specs';
import { claudeRegistry } from '../../../core/registry/claude';
import type { HostRegistry } from '../../../core/registry/types';
import { CLAUDE_EVENTS, CLAUDE_HOOK_TIMEOUT_SECONDS, CLAUDE_MARKETPLACE, CLAUDE_PLUGIN_ID, claudeMarketplaceDir, claudeObserveNeeds, claudePluginDir, claudePluginHooksFile, claudeSettingsFile } from '../install/host-claude';
import { registrations, type ObserveNeeds } from '../install/observe-events';
import { opencodePluginDir } from '../install/host-opencode';
import { kiloArtifact, kiloPluginDir } from '../install/host-kilo';
import { KILO_FOLDERS } from '../../../core/registry/kilo';
import { piExtensionsDir } from '../install/host-pi';
import { findOurGroups, type EventMapPath } from '../install/hook-groups';
import { JsonEditError, findProp, nodeAt, nodeValue, parseJsonDocument } from '../install/json-edit';
import { type Env, type Host, type Scope } from '../install/locations';
import { runsScript } from '../install/plan-context';
import { findOnPath, isRuntime } from '../install/runtime';
import { opencode2Checks } from './opencode2';
import { PROBE_REASON, probeClaude, probeOpenCode, probePi, probeRuntime } from './probes';
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

// -------------------------------------------------------------------------------- OpenCode

/**
 * The names a bundled ES module exports, read from its text (rollup writes `export{a as b};`,
 * minified on the last line). Only a fallback: with a runtime at hand the probe imports the
 * module and lists the real exports.
 */
export function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/(?:^|[;}\n])\s*export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.push(name);
    }
  }
  for (const m of source.matchAll(/(?:^|[;}\n])\s*export\s+(?:default\b|(?:async\s+)?function\s*\*?\s*([\w$]+)|(?:const|let|var|class)\s+([\w$]+))/g)) names.push(m[1] ?? m[2] ?? 'default');
  return names;
}

/** What exportsCheck says of the host that loads OpenCode's plugin file: its name, the variables that turn plugins off. */
interface PluginHost {
  host: Host;
  label: string;
  pureVars: readonly string[];
}

const OPENCODE_HOST: PluginHost = { host: 'opencode', label: 'OpenCode', pureVars: ['OPENCODE_PURE'] };

function exportsCheck(names: readonly string[], nonFunctions: readonly string[], env: NodeJS.ProcessEnv, dir: string, p: Placement, h: PluginHost = OPENCODE_HOST): Check {
  const problems: string[] = [];
  if (names.length === 0) problems.push('the file exports nothing OpenCode could load');
  else if (nonFunctions.length) problems.push(`the file exports ${nonFunctions.join(', ')}, which ${nonFunctions.length === 1 ? 'is' : 'are'} not a plugin (a function, or an object with a server function); OpenCode then skips the whole file`);
  else if (names.length > 1) problems.push(`the file exports ${names.join(', ')}; OpenCode runs every export as a plugin`);
  for (const v of h.pureVars) if (env[v] === '1' || env[v] === 'true') problems.push(`${v}=${env[v]} turns every external plugin off`);
  const twin = join(dir, '..', 'plugins', 'stopline.js');
  const twinNote = existsSync(twin) ? `; ${twin} also exists and ${h.label} would load stopline twice` : '';
  if (problems.length) return check('would-run', 'fail', problems.join('; ') + twinNote, installCommand(h.host, p));
  return check('would-run', twinNote ? 'warn' : 'pass', `the file exports only the plugin (${names[0]})${twinNote}`, twinNote ? `remove ${twin}` : undefined);
}

export async function opencodeChecks(ctx: DoctorContext, p: Placement, bin: HostBinary = {}): Promise<Check[]> {
  const env = ctx.env;
  const dir = opencodePluginDir(env, p.scope, p.project);
  const file = join(dir, 'stopline.js');
  const checks = [artifactCheck('opencode', p, join(ctx.distDir, 'opencode', 'stopline.js'), file)];
  const rt = existsSync(file) ? await probeRuntime(env.env, ['bun', 'deno', 'node'], false) : undefined;
  const probe = rt ? await probeOpenCode(ctx.world(), file, rt.argv) : undefined;
  if (checks[0]!.status === 'fail' && !existsSync(file)) return [...checks, ...(await opencode2Checks(ctx, p, file, probe, bin))];
  checks.push(check('registered', 'pass', `nothing to register: OpenCode loads every .js/.ts file in ${dir}`));
  // the real module's exports when the probe could import it, else what the text says
  const names = probe?.exports ?? exportedNames(readText(file) ?? '');
  checks.push(exportsCheck(names, probe?.nonFunctions ?? [], env.env, dir, p));
  checks.push(check('runtime', 'pass', 'OpenCode runs the plugin in its own embedded Bun'));
  if (!rt || !probe) checks.push(check('enforcement', 'warn', 'not probed: neither bun, deno nor node is on PATH to load the plugin'));
  else {
    const c = probeCheck(probe, 'opencode', p);
    if (probe.denied) c.detail += ` under ${rt.label}`;
    checks.push(c);
  }
  checks.push(...(await opencode2Checks(ctx, p, file, probe, bin)));
  return checks;
}

// ------------------------------------------------------------------------------------ Kilo

/** The plugin entries `kilo debug config` prints: Kilo's resolved config, plugin files it found included. */
function kiloPluginList(stdout: string): string[] | null {
  let config: unknown;
  try {
    config = JSON.parse(stdout.slice(stdout.indexOf('{')));
  } catch {
    return null;
  }
  if (!isRecord(config) || !Array.isArray(config.plugin)) return null;
  return config.plugin.map((p) => (Array.isArray(p) ? p[0] : p)).filter((p): p is string => typeof p === 'string');
}

/**
 * Kilo Code loads OpenCode's file from its own plugin folder: the same file checks as OpenCode,
 * then Kilo itself is asked which plugin files its resolved config holds (`kilo debug config`):
 * a file in the folder that Kilo does not list is not loaded.
 */
export async function kiloChecks(ctx: DoctorContext, p: Placement, bin: HostBinary = {}): Promise<Check[]> {
  const env = ctx.env;
  const dir = kiloPluginDir(env, p.scope, p.project);
  const file = join(dir, 'stopline.js');
  const shipped = artifactCheck('kilo', p, join(ctx.distDir, kiloArtifact()), file);
  const checks = [shipped];
  if (checks[0]!.status === 'fail' && !existsSync(file)) return checks;
  const rt = await probeRuntime(env.env, ['bun', 'deno', 'node'], false);
  const probe = rt ? await probeOpenCode(ctx.world(), file, rt.argv) : undefined;
  checks.push(check('registered', 'pass', `nothing to register: Kilo loads every .js/.ts file in ${dir}`));
  const names = probe?.exports ?? exportedNames(readText(file) ?? '');
  checks.push(exportsCheck(names, probe?.nonFunctions ?? [], env.env, dir, p, { host: 'kilo', label: 'Kilo', pureVars: KILO_FOLDERS.pureVars }));
  checks.push(check('runtime', 'pass', 'Kilo runs the plugin in its own embedded Bun'));
  if (!rt || !probe) checks.push(check('enforcement', 'warn', 'not probed: neither bun, deno nor node is on PATH to load the plugin'));
  else {
    const c = probeCheck(probe, 'kilo', p);
    if (probe.denied) c.detail += ` under ${rt.label}`;
    checks.push(c);
  }
  checks.push(await kiloLoaded(ctx, p, file, bin));
  return checks;
}

async function kiloLoaded(ctx: DoctorContext, p: Placement, file: string, bin: HostBinary): Promise<Check> {
  const cwd = p.scope === 'project' ? p.project : ctx.env.cwd;
  const ask = `run \`kilo debug config\` in ${cwd} and look for ${file} under "plugin"`;
  if (!bin.path) return check('loaded', 'warn', 'not asked: kilo is not on PATH', ask);
  const r = await runProgram([bin.path, 'debug', 'config'], { env: ctx.env.env, cwd, timeoutMs: ctx.timeoutMs });
  const list = r.code === 0 ? kiloPluginList(r.stdout) : null;
  if (!list) {
    const why = r.spawnError ? `could not start it (${r.spawnError})` : r.timedOut ? `no answer within ${r.ms} ms` : r.code !== 0 ? `exit ${r.code}` : 'no plugin list in its answer';
    return check('loaded', 'warn', `could not ask Kilo which plugins it loads (\`kilo debug config\`: ${why})`, ask);
  }
  const url = pathToFileURL(file).href;
  if (list.includes(url)) return check('loaded', 'pass', `Kilo's resolved config lists ${file} among its plugins`);
  return check('loaded', 'fail', `Kilo's resolved config (\`kilo debug config\` in ${cwd}) does not list ${file}: stopline does not run there`, installCommand('kilo', p));
}

// -------------------------------------------------------------------------------------- Pi

export async function piChecks(ctx: DoctorContext, p: Placement, allPlacements: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const env = ctx.env;
  const dir = piExtensionsDir(env, p.scope, p.project);
  const file = join(dir, 'stopline.ts');
  const checks = [artifactCheck('pi', p, join(ctx.distDir, 'pi', 'stopline.ts'), file)];
  if (checks[0]!.status === 'fail' && !existsSync(file)) return checks;
  checks.push(check('registered', 'pass', `nothing to register: Pi loads every extension in ${dir}`));
  if (p.scope === 'project' && !allPlacements.some((o) => o.scope === 'user' && o.recorded)) {
    const major = /(\d+)\.\d+/.exec(bin.version ?? '')?.[1];
    if (major === undefined) checks.push(check('would-run', 'warn', `installed only in ${dir}: Pi 1.x skips a project's .pi/extensions unless the project is trusted (the Pi version is unknown here)`, 'stopline install pi (user scope), or trust the project in Pi'));
    else if (Number(major) >= 1) checks.push(check('would-run', 'fail', `installed only in ${dir}, and Pi ${bin.version} skips a project's .pi/extensions unless the project is trusted`, 'stopline install pi (user scope), or trust the project in Pi (pi --approve)'));
    else checks.push(check('would-run', 'pass', `Pi ${bin.version} loads a project's .pi/extensions without a trust step`));
  } else {
    checks.push(check('would-run', 'pass', p.scope === 'user' ? 'the user extensions folder has no trust gate' : 'also installed for the user, which has no trust gate'));
  }
  checks.push(check('runtime', 'pass', "Pi loads the extension in its own Node (jiti)"));
  const rt = await probeRuntime(env.env, ['bun', 'deno', 'node'], true);
  if (!rt) checks.push(check('enforcement', 'warn', 'not probed: loading a .ts extension needs bun, deno or node >= 22.6 on PATH'));
  else {
    const r = await probePi(ctx.world(), file, rt.argv);
    const c = probeCheck(r, 'pi', p);
    if (r.denied) c.detail += ` under ${rt.label}`;
    checks.push(c);
  }
  return checks;
}
