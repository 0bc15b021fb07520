/**
 * Doctor's view of Kilo Code: OpenCode's plugin file in Kilo's folder, checked as OpenCode's is, and
 * which plugin files Kilo's resolved config holds.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../../core/check';
import { KILO_FOLDERS } from '../../core/registry/kilo';
import { installCommand, type DoctorContext, type HostBinary, type Placement } from '../cli/doctor/hosts';
import { check, type Check } from '../cli/doctor/report';
import { runProgram } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { xdgConfigHome } from '../cli/install/locations';
import { configPluginNative, opencodePackageDoor, pluginFileChecks } from '../opencode/doctor';
import { kiloPlanner, kiloPluginDir } from './install';

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
async function kiloChecks(ctx: DoctorContext, p: Placement, _all: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const { checks, file, placed } = await pluginFileChecks(ctx, p, { host: 'kilo', label: 'Kilo', pureVars: KILO_FOLDERS.pureVars, dir: kiloPluginDir(ctx.env, p.scope, p.project) });
  return placed ? [...checks, await kiloLoaded(ctx, p, file, bin)] : checks;
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

/** Kilo Code: the same `"plugin"` key, in any of the config files Kilo reads in its folders. */
const kiloNativeDoor = opencodePackageDoor((env) => {
  const dirs = [join(xdgConfigHome(env), KILO_FOLDERS.config), ...KILO_FOLDERS.project.map((d) => join(env.cwd, d))];
  return configPluginNative('kilo', dirs.flatMap((d) => KILO_FOLDERS.configFiles.map((f) => join(d, f))));
});

/** Kilo Code's row of the person's tooling. */
export const tooling = hostTools({ planner: kiloPlanner, checks: kiloChecks, native: kiloNativeDoor }, (env, cwd) => join(kiloPluginDir(env, 'user', cwd), 'stopline.js'));
