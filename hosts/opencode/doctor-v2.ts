/**
 * Doctor's OpenCode v2 checks, run beside the 1.x ones when a v2 is on this machine (the
 * `opencode2` command, or an `opencode` whose version is 2.x): is the installed file one v2
 * loads, does it deny there (the 2.x entry fed a write, doctor.ts), is it where v2 looks (its
 * config key `plugins`, its plugin folders), and does v2 itself say it loaded it. Discovery is
 * not activation: only the host's own `plugin list` tells that it loaded, so doctor asks it. A
 * 1.x setup under an `opencode` that is now v2 (an upgrade) is told in so many words.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { OPENCODE2_PLUGIN_ID } from '../../core/registry/opencode2';
import { PROBE_REASON, type ProbeResult } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram, versionLine } from '../cli/doctor/system';
import type { DoctorContext, HostBinary, Placement } from '../cli/doctor/hosts';
import { OPENCODE2_CONFIG_KEY, OPENCODE2_ENTRY, configPluginTargets, findOpenCode2, majorVersion, opencodeConfigDir, opencodeConfigFile } from './install';

/** What the probe (doctor.ts) read of the plugin file beyond its 1.x answer. */
export interface OpenCodeProbe {
  exports?: string[];
  nonFunctions?: string[];
  /** the default export's keys with their typeof, when it is an object */
  shape?: Record<string, string> | null;
  /** the 2.x entry (setup) fed the same write; absent when the file has none */
  v2?: ProbeResult;
}

interface OpenCode2Install {
  path: string;
  version?: string;
  /** the `opencode` command itself is v2 (1.x was upgraded in place) */
  replacesV1: boolean;
}

/** OpenCode v2 on PATH: `opencode2`, else an `opencode` whose version says 2.x. */
async function findV2(ctx: DoctorContext, v1: HostBinary): Promise<OpenCode2Install | undefined> {
  const replacesV1 = v1.path !== undefined && (majorVersion(v1.version) ?? 0) >= 2;
  const own = findOpenCode2(ctx.env);
  if (own) {
    const r = await runProgram([own, '--version'], { env: ctx.env.env, timeoutMs: 30_000 });
    const version = r.timedOut ? undefined : versionLine(r);
    return { path: own, ...(version ? { version } : {}), replacesV1 };
  }
  if (replacesV1) return { path: v1.path!, ...(v1.version ? { version: v1.version } : {}), replacesV1 };
  return undefined;
}

/** One row of `plugin list`: `ID  VERSION  SOURCE` (a plugin that failed to load has no id: `-`). */
interface ListedPlugin {
  id: string;
  version: string;
  source: string;
}

function parsePluginList(stdout: string): ListedPlugin[] {
  const rows: ListedPlugin[] = [];
  for (const line of stdout.split('\n')) {
    const cells = line.trim().split(/\s{2,}/);
    if (cells.length < 3 || (cells[0] === 'ID' && cells[1] === 'VERSION')) continue;
    rows.push({ id: cells[0]!, version: cells[1]!, source: cells.slice(2).join('  ') });
  }
  return rows;
}

/** The v2 checks for one placement of the plugin file; none when no v2 is on this machine. */
export async function opencode2Checks(ctx: DoctorContext, p: Placement, file: string, probe: OpenCodeProbe | undefined, v1: HostBinary): Promise<Check[]> {
  const v2 = await findV2(ctx, v1);
  if (!v2) return [];
  const fix = `stopline install opencode${p.scope === 'project' ? ' --scope project' : ''}`;
  const checks: Check[] = [check('host-v2', 'pass', `OpenCode v2 ${v2.version ?? '(version unknown)'} (${v2.path}); stopline's v2 entry follows the v2 source, it was not run on a real v2 here`)];
  const installed = existsSync(file);

  // the file: 2.x loads only a default export with id and setup
  if (!installed) checks.push(check('entry-v2', 'fail', `${file} is missing`, fix));
  else if (!probe?.exports) checks.push(check('entry-v2', 'warn', 'not probed: neither bun, deno nor node is on PATH to load the plugin'));
  else if (probe.shape?.setup !== 'function' || probe.shape?.id !== 'string') {
    const upgraded = v2.replacesV1 ? `OpenCode was upgraded: \`opencode\` is now ${v2.version ?? 'v2'}, and ` : '';
    checks.push(check('entry-v2', 'fail', `${upgraded}${file} is a plugin for OpenCode 1.x only (no default export with id and setup); OpenCode v2 refuses it, and says so only in its log`, fix));
  } else checks.push(check('entry-v2', 'pass', `the default export carries id "${String(OPENCODE2_PLUGIN_ID)}" and setup, which OpenCode v2 loads`));
  if (probe?.v2) {
    checks.push(probe.v2.denied ? check('enforcement-v2', 'pass', `the 2.x entry denied a synthetic review-mode write (${PROBE_REASON}, ${probe.v2.via}) in ${probe.v2.ms} ms`) : check('enforcement-v2', 'fail', probe.v2.why, fix));
  }

  // where v2 looks: the plugin folders of the config folder, and the config key `plugins`
  const configDir = opencodeConfigDir(ctx.env, p.scope, p.project);
  const config = opencodeConfigFile(ctx.env, p.scope, p.project);
  const text = readText(config);
  const listed = configPluginTargets(text, OPENCODE2_CONFIG_KEY).filter((t) => t === OPENCODE2_ENTRY || resolve(configDir, t.replace(/^file:\/\//, '')) === file);
  const v1Listed = configPluginTargets(text, 'plugin').filter((t) => /(^|[/@])stopline(\.js)?(@|$)/.test(t));
  const discovered = ['plugin', 'plugins'].includes(basename(dirname(file))) && dirname(dirname(file)) === configDir;
  if (listed.length) checks.push(check('registered-v2', 'pass', `"${OPENCODE2_CONFIG_KEY}" in ${config} lists ${listed[0]}${discovered ? `, and v2 also finds it in ${dirname(file)}` : ''}`));
  else if (discovered) checks.push(check('registered-v2', 'warn', `"${OPENCODE2_CONFIG_KEY}" in ${config} does not list stopline; v2 still finds ${file} in its plugin folder`, fix));
  else checks.push(check('registered-v2', 'fail', `neither "${OPENCODE2_CONFIG_KEY}" in ${config} nor a v2 plugin folder has stopline`, fix));
  if (v1Listed.length) checks.push(check('config-v1', 'warn', `${config} lists ${v1Listed.join(', ')} under the 1.x key "plugin", which OpenCode v2 does not read`, fix));

  // activation: ask the host which plugins it loaded (a private server, so no background service starts)
  const cwd = p.scope === 'project' ? p.project : ctx.env.cwd;
  const r = await runProgram([v2.path, 'plugin', 'list', '--standalone'], { env: ctx.env.env, cwd, timeoutMs: ctx.timeoutMs });
  if (r.spawnError || r.timedOut || r.code !== 0) {
    const why = r.spawnError ? `could not start it (${r.spawnError})` : r.timedOut ? `no answer within ${r.ms} ms` : `exit ${r.code}${r.stderr.trim() ? `: ${r.stderr.trim().split('\n').slice(-1)[0]!.slice(0, 160)}` : ''}`;
    checks.push(check('loaded-v2', 'warn', `could not ask OpenCode v2 which plugins it loaded (\`${basename(v2.path)} plugin list\`: ${why})`, `run \`${basename(v2.path)} plugin list\` in ${cwd} and look for ${OPENCODE2_PLUGIN_ID}`));
    return checks;
  }
  const rows = parsePluginList(r.stdout);
  const ours = rows.find((row) => row.id === OPENCODE2_PLUGIN_ID);
  const failed = rows.find((row) => row.id === '-' && (row.source === file || row.source.endsWith(join('plugin', 'stopline.js')) || row.source.endsWith(join('plugins', 'stopline.js'))));
  if (ours) checks.push(check('loaded-v2', 'pass', `OpenCode v2 lists ${OPENCODE2_PLUGIN_ID} as loaded (${ours.source})`));
  else if (failed) checks.push(check('loaded-v2', 'fail', `OpenCode v2 found ${failed.source} but did not load it (no id in its plugin list); its log has the load error`, fix));
  else checks.push(check('loaded-v2', 'fail', `OpenCode v2 does not list ${OPENCODE2_PLUGIN_ID} among its plugins (\`${basename(v2.path)} plugin list\` in ${cwd}): stopline does not run there`, fix));
  return checks;
}
