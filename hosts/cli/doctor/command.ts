/**
 * `stopline doctor [host|all] [--json] [--from <dist dir>]`: is stopline really enforcing on
 * this machine? For each host: installed, artifact in place and current, registered, would the
 * host run it, which runtime runs it, and a probe that feeds the installed artifact a synthetic
 * review-mode write in the host's payload format and checks that it is denied. Then the data
 * folders: damaged state files (and ones a hook moved aside), unreadable lineage and lock files,
 * evidence logs with bad lines (data.ts). One line per check, with the fix; exit 1 when anything
 * failed.
 *
 * Without a host argument doctor checks every host stopline is installed for (the install
 * record) or that is on PATH; the others get one "skip" line.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../core/config/config';
import { loadHooksConfigFromSystem } from '../../../core/hooks';
import type { ParsedArgs } from '../args';
import type { CliIO } from '../command-spec';
import { HOSTS, LocationError, installRecordFile } from '../install/locations';
import type { Env, Host } from '../install/locations';
import { RecordError, parseRecord } from '../install/record';
import type { InstallRecord } from '../install/record';
import { RuntimeError, chooseRuntime } from '../install/runtime';
import { printJson, usageError } from '../output';
import { suggest } from '../suggest';
import { styleFor } from '../style';
import { NAME, VERSION } from '../version';
import { confinementCheck, confinementHere, hostConfinementCheck, hostRewrites } from './confine';
import type { ConfinementHere } from './confine';
import { dataReports } from './data';
import { evaluatorReports } from './evaluator';
import { hostBinary, hostCheck } from './hosts';
import { HOST_TOOLS } from '../host-tools';
import { doubleCheck, nativeChecks } from './native';
import type { DoctorContext, Placement } from './hosts';
import { dropProbeWorld, makeProbeWorld } from './probes';
import type { ProbeWorld } from './probes';
import { anyFailed, check, renderReports } from './report';
import type { Check, HostReport } from './report';

/** A probe bound: STOPLINE_GUARD_TIMEOUT_MS when set, else a minute (a loaded machine is slow to start a runtime). */
export const PROBE_TIMEOUT_MS = 60_000;

function probeTimeout(env: Readonly<Record<string, string | undefined>>): number {
  const n = Number(env.STOPLINE_GUARD_TIMEOUT_MS);
  return Number.isInteger(n) && n > 0 ? n : PROBE_TIMEOUT_MS;
}

function defaultDistDir(): string {
  return dirname(fileURLToPath(import.meta.url));
}

function readRecord(env: Env): { record: InstallRecord | null; check: Check } {
  const file = installRecordFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { record: null, check: check('install-record', 'pass', `no install record at ${file} (nothing installed with stopline install)`) };
  }
  try {
    const record = parseRecord(text, file);
    const n = Object.keys(record.installs).length;
    return { record, check: check('install-record', 'pass', `${file}: ${n} install${n === 1 ? '' : 's'}`) };
  } catch (e) {
    return { record: null, check: check('install-record', 'fail', e instanceof RecordError ? e.message : String(e), `move ${file} away and run stopline install again`) };
  }
}

function generalChecks(io: CliIO, env: Env, distDir: string, recordCheck: Check, confine: ConfinementHere): Check[] {
  const plain = { ...io.env };
  const checks: Check[] = [check('cli', 'pass', `${NAME} ${VERSION}; installed artifacts are compared with ${distDir}`)];
  checks.push(recordCheck);
  const { config, diagnostics } = loadConfig(plain, io.cwd);
  checks.push(
    diagnostics.length
      ? check('config', 'warn', diagnostics.join('; '), 'fix the file named above (the safe default is used meanwhile)')
      : check('config', 'pass', `${config.sources.user ?? 'no user stopline.json'}${config.sources.project ? `, ${config.sources.project}` : ''}; fail mode ${config.failMode}${plain.STOPLINE_FAIL_OPEN ? ` (STOPLINE_FAIL_OPEN=${plain.STOPLINE_FAIL_OPEN} wins)` : ''}`),
  );
  const hooks = loadHooksConfigFromSystem(io.cwd, { env: plain });
  const errors = hooks.diagnostics.filter((d) => d.level === 'error').length;
  checks.push(
    errors
      ? check('hooks', 'warn', `${errors} error${errors === 1 ? '' : 's'} in your hook config; those hooks do not run (the guard is not affected)`, 'stopline hooks validate')
      : check('hooks', 'pass', `${hooks.groups.length} hook group${hooks.groups.length === 1 ? '' : 's'} from ${hooks.sources.length} file${hooks.sources.length === 1 ? '' : 's'}`),
  );
  try {
    const rt = chooseRuntime(undefined, env.env);
    checks.push(check('runtime', 'pass', `a new install's hook commands would start ${rt.runtime} (${rt.path}), ${rt.reason}`));
  } catch (e) {
    checks.push(check('runtime', 'fail', e instanceof RuntimeError ? e.message : String(e), 'install node, bun or deno'));
  }
  checks.push(confinementCheck(confine));
  return checks;
}

export async function runDoctor(args: ParsedArgs, io: CliIO): Promise<number> {
  const [target, ...extra] = args.positionals;
  if (extra.length) return usageError(io, 'doctor', `one host at a time (or none for all); unexpected "${extra[0]}"`);
  const targets = [...HOSTS, 'all'];
  if (target !== undefined && !targets.includes(target)) {
    const guess = suggest(target, targets);
    return usageError(io, 'doctor', `unknown host "${target}"${guess ? `; did you mean "${guess}"?` : ''} (hosts: ${targets.join(', ')})`);
  }
  const explicit = target !== undefined && target !== 'all';
  const hosts: Host[] = explicit ? [target as Host] : [...HOSTS];
  const env: Env = { env: io.env as NodeJS.ProcessEnv, cwd: io.cwd };
  const distDir = typeof args.options.from === 'string' ? resolve(io.cwd, args.options.from) : defaultDistDir();

  let world: ProbeWorld | undefined;
  const ctx: DoctorContext = { env, distDir, timeoutMs: probeTimeout(io.env), world: () => (world ??= makeProbeWorld(io.env, probeTimeout(io.env))) };
  const reports: HostReport[] = [];
  try {
    let record: InstallRecord | null = null;
    let recordCheck: Check;
    try {
      const r = readRecord(env);
      record = r.record;
      recordCheck = r.check;
    } catch (e) {
      recordCheck = check('install-record', 'fail', e instanceof LocationError ? e.message : String(e), 'set the variable to an absolute path');
    }
    const confine = confinementHere({ ...io.env }, io.cwd);
    reports.push({ host: 'stopline', scope: '', checks: generalChecks(io, env, distDir, recordCheck, confine) });
    // the data folders: damaged state, lineage, locks and evidence lines (read only)
    reports.push(...dataReports(io.env, io.cwd));
    // the resident evaluator's folder: the copies of the decision code it loads
    reports.push(...evaluatorReports(io.env));

    for (const host of hosts) {
      try {
        const installs = Object.values(record?.installs ?? {}).filter((i) => i.host === host);
        // installed with the host's own command (its plugin manager, extension installer, package list)
        const door = HOST_TOOLS[host].native;
        const native = door?.find(env) ?? [];
        const atDefault = HOST_TOOLS[host].installedAt(env, io.cwd);
        const placements: Placement[] = installs.length
          ? installs.map((i) => ({ scope: i.scope, project: i.project ?? io.cwd, recorded: true, ...(i.afterEvidence ? { afterEvidence: true } : {}) }))
          : native.length && !atDefault
            ? []
            : [{ scope: 'user', project: io.cwd, recorded: false }];
        const bin = await hostBinary(host, env.env);
        // a host may be there under another program of its own alone (a next major version with its own binary)
        const onPath = bin.path !== undefined || HOST_TOOLS[host].alsoOnPath?.(env) === true;
        if (!explicit && !installs.length && !onPath && !atDefault && !native.length) {
          reports.push({ host, scope: '', checks: [check('install', 'skip', `not installed, and ${host} is not on PATH`, `stopline install ${host}`)] });
          continue;
        }
        placements.forEach((p, i) => reports.push({ host, scope: p.scope === 'project' ? `project ${p.project}` : 'user', checks: i === 0 ? [hostCheck(host, bin)] : [] }));
        const first = reports.length - placements.length;
        for (let i = 0; i < placements.length; i++) reports[first + i]!.checks.push(...(await HOST_TOOLS[host].checks(ctx, placements[i]!, placements, bin)));
        if (placements.length) reports[first]!.checks.push(hostConfinementCheck(host, confine, hostRewrites(host), HOST_TOOLS[host].deferredConfinement));
        for (const [i, n] of native.entries()) {
          const checks = placements.length === 0 && i === 0 ? [hostCheck(host, bin)] : [];
          if (i === 0 && (installs.length > 0 || atDefault)) checks.push(doubleCheck(host, native));
          checks.push(...(await nativeChecks(n, door!, ctx, bin)));
          reports.push({ host, scope: `native ${n.id}`, checks });
        }
      } catch (e) {
        const why = e instanceof LocationError ? e.message : e instanceof Error ? e.message : String(e);
        reports.push({ host, scope: '', checks: [check('location', 'fail', why, 'set the variable to an absolute path')] });
      }
    }
  } finally {
    if (world) dropProbeWorld(world);
  }

  const failed = anyFailed(reports);
  if (args.options.json === true) printJson(io, { ok: !failed, reports });
  else io.stdout.write(renderReports(reports, styleFor(io.stdout, io.env)));
  return failed ? 1 : 0;
}
