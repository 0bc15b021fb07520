/**
 * What doctor's checks of every host share, in the order a failure would bite: is the host there,
 * is the artifact in place and the one this CLI ships, is it registered and for which events,
 * which runtime runs it, and does it deny a review-mode write when fed one (probes.ts). Each
 * host's own checks are in hosts/<host>/doctor.ts.
 *
 * Every path comes from the installer's own resolution, so doctor looks exactly where `stopline
 * install` put things.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { REGISTRIES } from '../../../core/registry/index';
import { hostSpec } from '../../../core/registry/host-specs';
import type { HostRegistry } from '../../../core/registry/types';
import { registrations, type ObserveNeeds } from '../install/observe-events';
import { findOurGroups, type EventMapPath } from '../install/hook-groups';
import { JsonEditError, nodeAt, nodeValue, parseJsonDocument } from '../install/json-edit';
import { type Env, type Host, type Scope } from '../install/locations';
import { runsScript } from '../install/plan-context';
import { findOnPath, isRuntime } from '../install/runtime';
import { PROBE_REASON } from './probes';
import type { ProbeResult, ProbeWorld } from './probes';
import { check } from './report';
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
  const words = commandWords(command);
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

/** stopline's hook groups in a JSON file that keeps them by event under `base` (a settings.json, a hooks.json). */
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
