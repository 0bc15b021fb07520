/**
 * stopline installed with a host's own command (not `stopline install`): a plugin manager, an
 * extension installer, a package list or a config entry of the host. Each host's door (how it
 * records the install, which dist part it holds, how it is turned back on, what to feed it) is
 * the `native` of its HOST_TOOLS row, beside its doctor checks in hosts/<host>/doctor.ts (a host
 * whose own install lands in the folder `stopline install` uses has none). This
 * file holds what every door shares: doctor finds each install where the host records it, checks
 * that the host will run it, feeds the installed hook a review-mode write that must be denied, and
 * warns when a `stopline install` registration is active for the same host too (every event
 * would then go through the guard twice).
 */
import { join } from 'node:path';
import { hostHome, type Env, type Host } from '../install/locations';
import type { DoctorContext, HostBinary } from './hosts';
import { probeRuntime, type ProbeResult, type ProbeWorld } from './probes';
import { check } from './report';
import type { Check } from './report';
import { compareArtifact, readText } from './system';
import { isRecord } from '../../../core/check';

/** What the host recorded about its own install of stopline. */
export interface NativeInstall {
  host: Host;
  /** how the host names it: `stopline@<marketplace>`, a config file's entry, a package source */
  id: string;
  /** the command that made it, for the report */
  via: string;
  /** the installed package or plugin folder */
  dir: string;
  /** the file that records it */
  recordedIn: string;
  /** the host's own command that removes it */
  remove: string;
  /** false when the host lists it but has it turned off */
  enabled: boolean;
}

/** One host's own way of installing stopline, as doctor reads and tries it. */
export interface NativeDoor {
  /** the installs the host records (none: the host has none of stopline's) */
  find(env: Env): NativeInstall[];
  /** the dist part the installed folder holds, and where in that folder it sits */
  shipped(n: NativeInstall, distDir: string): { src: string; dest: string };
  /** the fix for an installed build other than this CLI's (absent: remove it) */
  update?(n: NativeInstall): string;
  /** the fix for an install the host has turned off */
  enable?(n: NativeInstall): string;
  /** whether the host will run an enabled install (absent: it loads it on start) */
  wouldRun?(n: NativeInstall, env: Env): Check;
  /** what the installed files do: the events they register, a synthetic review-mode write */
  probe(n: NativeInstall, ctx: DoctorContext, bin: HostBinary): Promise<Check[]>;
}

export const PACKAGE = 'stopline';

export function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The package name in `<dir>/package.json`, if any. */
export function packageName(dir: string): string | undefined {
  const pkg = parseJson(readText(join(dir, 'package.json')));
  return isRecord(pkg) && typeof pkg.name === 'string' ? pkg.name : undefined;
}

function probeCheck(r: ProbeResult): Check {
  if (r.denied) return check('enforcement', 'pass', `a synthetic review-mode write was denied (${r.via}) in ${r.ms} ms`);
  if (r.skipped) return check('enforcement', 'warn', `not probed: ${r.why}`);
  return check('enforcement', 'fail', r.why);
}

/** The events a plugin's hooks file registers. */
export function pluginEvents(hooksFile: string): Set<string> {
  const hooks = parseJson(readText(hooksFile));
  return new Set(isRecord(hooks) && isRecord(hooks.hooks) ? Object.keys(hooks.hooks) : []);
}

/** The plugin's own PreToolUse command from its hooks file, with the root variable the host sets. */
export function pluginHookCommand(hooksFile: string, rootVar: string, dir: string): string | undefined {
  const command = firstHookCommand(hooksFile, 'PreToolUse');
  return command ? `export ${rootVar}='${dir.replace(/'/g, "'\\''")}'; ${command}` : undefined;
}

/**
 * An extension's tool hook command as the host runs it: the host puts the extension's folder in
 * for the variable in the command text before the shell sees it.
 */
function extensionHookCommand(hooksFile: string, event: string, variable: string, dir: string): string | undefined {
  return firstHookCommand(hooksFile, event)?.split(`\${${variable}}`).join(dir);
}

function firstHookCommand(hooksFile: string, event: string): string | undefined {
  const hooks = parseJson(readText(hooksFile));
  const groups = isRecord(hooks) && isRecord(hooks.hooks) && Array.isArray(hooks.hooks[event]) ? (hooks.hooks[event] as unknown[]) : [];
  const first = groups.find((g) => isRecord(g) && Array.isArray(g.hooks)) as { hooks: { command?: unknown }[] } | undefined;
  return first?.hooks.find((h) => typeof h.command === 'string')?.command as string | undefined;
}

/** The checks of one native install, through its host's door. */
export async function nativeChecks(n: NativeInstall, door: NativeDoor, ctx: DoctorContext, bin: HostBinary): Promise<Check[]> {
  const checks: Check[] = [check('installed', 'pass', `${n.id}, by ${n.via} (recorded in ${n.recordedIn})${n.dir ? `; the files are in ${n.dir}` : ''}`)];
  if (!n.dir) {
    checks.push(check('enforcement', 'warn', `not probed: ${n.host} keeps the package in its own cache`));
    return checks;
  }
  const { src, dest } = door.shipped(n, ctx.distDir);
  const state = compareArtifact(src, dest);
  if (state.kind === 'current') checks.push(check('artifact', 'pass', `${dest} is the artifact this CLI ships`));
  else if (state.kind === 'no-dist') checks.push(check('artifact', 'warn', `cannot tell whether ${dest} is current: ${src} does not exist`));
  else checks.push(check('artifact', state.kind === 'missing' ? 'fail' : 'warn', `${state.kind}: ${state.files.slice(0, 2).join(', ')} (the host installed another build than this CLI's)`, door.update?.(n) ?? n.remove));
  if (!n.enabled) checks.push(check('would-run', 'fail', `${n.id} is installed but turned off`, door.enable?.(n) ?? `turn ${n.id} on again where ${n.recordedIn} records it`));
  else checks.push(door.wouldRun?.(n, ctx.env) ?? check('would-run', 'pass', `${n.via}: the host loads it on start`));
  checks.push(...(await door.probe(n, ctx, bin)));
  return checks;
}

/** The line for a host where both a native install and a `stopline install` registration are active. */
export function doubleCheck(host: Host, native: readonly NativeInstall[]): Check {
  return check(
    'twice',
    'warn',
    `stopline is installed twice for ${host}: natively (${native.map((n) => n.id).join(', ')}) and with stopline install; every event goes through the guard twice`,
    `keep one: ${native[0]!.remove}, or stopline uninstall ${host}`,
  );
}

/** A plugin folder that is the dist part itself. */
export const wholeFolder = (part: string) => (n: NativeInstall, distDir: string) => ({ src: join(distDir, part), dest: n.dir });

/** The probe of a hook command read from the installed files, or a fail when they hold none. */
export async function hookProbe(command: string | undefined, missing: string, n: NativeInstall, run: (command: string) => Promise<ProbeResult>): Promise<Check[]> {
  if (!command) return [check('enforcement', 'fail', missing, n.remove)];
  return [probeCheck(await run(command))];
}

/** What differs between the hosts that copy an extension folder to `<their folder>/extensions/stopline/`. */
interface ExtensionHost {
  /** the folder's manifest, which names stopline */
  manifest: string;
  /** the file below the host's folder that records whether the extension is on */
  record: string;
  /** whether that file's content leaves the extension on here */
  enabled(record: unknown, env: Env): boolean;
  /** the tool hook's event in hooks/hooks.json, and the variable the host fills in with the folder */
  hook: { event: string; variable: string };
  probe(world: ProbeWorld, command: string): Promise<ProbeResult>;
}

/** An extension folder the host copied to `<its folder>/extensions/stopline/`, read as the host runs its tool hook. */
export const extensionDoor = (host: Host, x: ExtensionHost): NativeDoor => ({
  find(env) {
    const dir = join(hostHome(env, host), 'extensions', PACKAGE);
    const manifest = parseJson(readText(join(dir, x.manifest)));
    if (!isRecord(manifest) || manifest.name !== PACKAGE) return [];
    const file = join(hostHome(env, host), x.record);
    return [{ host, id: PACKAGE, via: `${host} extensions install`, dir, recordedIn: file, remove: `${host} extensions uninstall ${PACKAGE}`, enabled: x.enabled(parseJson(readText(file)), env) }];
  },
  shipped: wholeFolder(host),
  enable: (n) => `${host} extensions enable ${n.id}`,
  probe: (n, ctx) => {
    const hooksFile = join(n.dir, 'hooks', 'hooks.json');
    return hookProbe(extensionHookCommand(hooksFile, x.hook.event, x.hook.variable, n.dir), `the extension has no tool hook in ${hooksFile}`, n, (c) => x.probe(ctx.world(), c));
  },
});
/** The probe of an in-process plugin file, loaded by a runtime on PATH as the host would load it. */
export async function fileProbe(ctx: DoctorContext, file: string, ts: boolean, run: (world: ProbeWorld, file: string, argv: string[]) => Promise<ProbeResult>): Promise<Check[]> {
  const rt = await probeRuntime(ctx.env.env, ['bun', 'deno', 'node'], ts);
  if (!rt) return [check('enforcement', 'warn', `not probed: no runtime on PATH can load ${file}`)];
  return [probeCheck(await run(ctx.world(), file, rt.argv))];
}
