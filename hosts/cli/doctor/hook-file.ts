/**
 * The steps doctor takes for every host that runs stopline as a hook script registered in a file
 * of the host's (a settings file, hook tables, one file per event), in the order a failure would
 * bite: the installed script is the one this CLI ships, the registration is where the host reads
 * it (the host's own reading), the host would run it (the host's own reading), the runtime the
 * command starts is there, and the command denies a review-mode write fed to it as the host
 * would feed it. A host folder's doctor.ts says only what is its own.
 */
import { join } from 'node:path';
import { isRecord } from '../../../core/check';
import type { HookDialect } from '../../../core/registry/host-specs';
import { HOOK_FILES } from '../../../core/registry/hook-files';
import { installRows } from '../../../core/registry/rows';
import type { Host } from '../install/locations';
import { settingsHookPaths, type SettingsHookHost } from '../install/settings-hooks';
import { artifactCheck, commandRuntime, installCommand, probeCheck, readGroups, registeredCheck, type DoctorContext, type Placement } from './hosts';
import type { ProbeResult, ProbeWorld } from './probes';
import type { Check } from './report';

/**
 * What the host's file says of stopline's registration: `ok` false stops the checks there (the
 * host would run nothing of stopline's); else the command the probe runs, and the part of it that
 * starts the runtime when a shell test comes first.
 */
export type Registration = { ok: false; checks: Check[] } | { ok: true; checks: Check[]; command: string; started?: string };

interface HookFileReading {
  /** the registered check (and the would-run check) from the host's files; `fix` is the install command */
  registration(fix: string): Registration | Promise<Registration>;
  /** feeds the command a review-mode write as the host would; absent: the host has no probe */
  probe?(w: ProbeWorld, command: string): Promise<ProbeResult>;
  /** how long the host waits for a hook, when it says */
  timeoutSec?: number;
  /** the artifact check of a host whose install is a whole folder (default: the script alone) */
  artifact?: Check;
}

export async function hookFileChecks(ctx: DoctorContext, p: Placement, host: Host, paths: { script: string }, reading: HookFileReading): Promise<Check[]> {
  const fix = installCommand(host, p);
  const checks = [reading.artifact ?? artifactCheck(host, p, join(ctx.distDir, host, 'stopline.mjs'), paths.script)];
  const reg = await reading.registration(fix);
  checks.push(...reg.checks);
  if (!reg.ok) return checks;
  const rt = await commandRuntime(reg.started ?? reg.command, ctx.env.env);
  checks.push(rt.check);
  if (rt.ok && reading.probe) checks.push(probeCheck(await reading.probe(ctx.world(), reg.command), host, p, reading.timeoutSec));
  return checks;
}

/**
 * A host whose groups sit in a settings.json `hooks` key (settings-hooks.ts): registered when every
 * installed event has a group that runs the script; the host's own reading says whether it would
 * run them, given the paths and the command its tool event runs.
 */
export function settingsHookChecks(ctx: DoctorContext, p: Placement, h: SettingsHookHost, wouldRun: (paths: ReturnType<typeof settingsHookPaths>, command: string) => Check, probe: HookFileReading['probe']): Promise<Check[]> {
  const paths = settingsHookPaths(h, ctx.env, p.scope, p.project);
  const rows = installRows(h.registry);
  return hookFileChecks(ctx, p, h.host, paths, {
    registration() {
      const g = readGroups(paths.settings, paths.script);
      const registered = registeredCheck(h.host, p, paths.settings, rows.map((e) => e.native), g);
      if (registered.status === 'fail') return { ok: false, checks: [registered] };
      const command = g.commands.get(rows.find((e) => e.control === 'action.before')!.native)![0]!;
      return { ok: true, checks: [registered, wouldRun(paths, command)], command };
    },
    probe,
    timeoutSec: rows[0]!.install.timeoutSec,
  });
}

/**
 * The switch of the dialect's hook-file row (HOOK_FILES) that a file's parsed content sets to
 * off, as the file spells it (`"hooksDisabled": true`); undefined when none is.
 */
export function offSwitch(dialect: HookDialect, doc: unknown): string | undefined {
  for (const sw of HOOK_FILES[dialect].switches ?? []) {
    let at: unknown = doc;
    for (const key of sw.path) at = isRecord(at) ? at[key] : undefined;
    if (at === sw.offWhen) return `${JSON.stringify(sw.path.join('.'))}: ${JSON.stringify(sw.offWhen)}`;
  }
  return undefined;
}
