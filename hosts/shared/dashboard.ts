/**
 * The dashboard's hook-side half: the server record both halves read, and the best-effort
 * autostart an adapter calls on `session:start` (a companion is never a blocker).
 *
 * The autostart is synchronous on purpose: the command-hook process calls process.exit() as
 * soon as its answer is written, so anything left pending would be cut off. It costs a config
 * read, one small file read and a pid check; only when no dashboard is registered for the
 * data folder does it spawn one (detached, output ignored). The spawned process then checks
 * the port itself before it serves, and the instance claim in the server makes sure two starts
 * never leave two servers. Every failure is swallowed: the hook's answer never changes.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join } from 'node:path';
import { loadConfig } from '../../core/config/config';
import { resolveDataDir } from '../../core/state/datadir';
import { pidAlive } from '../../core/state/pid';
import { childProcessModule } from '../../core/lazy-builtins';
import { claimStartStamp } from './start-stamp';
import { isRecord } from '../../core/check';

type Env = Readonly<Record<string, string | undefined>>;

/** Documented in docs/dashboard.md; STOPLINE_DASHBOARD_PORT or `dashboard.port` moves it. */
export const DASHBOARD_DEFAULT_PORT = 7391;
export const DASHBOARD_APP = 'stopline-dashboard';

/** A start that has not registered a port after this long is taken to have failed. */
export const START_GRACE_MS = 30_000;
/** Hooks that fire within this window after a spawn do not spawn again. */
const SPAWN_WINDOW_MS = 10_000;

export function dashboardDir(dataDir: string): string {
  return join(dataDir, 'dashboard');
}

export function serverRecordFile(dataDir: string): string {
  return join(dashboardDir(dataDir), 'server.json');
}

/** What a running (or starting) dashboard writes about itself; no token, no evidence. */
export interface ServerRecord {
  pid: number;
  /** null while the server is starting */
  port: number | null;
  startedAt: number;
  dataDir: string;
}

export function readServerRecord(dataDir: string): ServerRecord | null {
  try {
    const v = JSON.parse(readFileSync(serverRecordFile(dataDir), 'utf8')) as Partial<ServerRecord> | null;
    if (!v || typeof v !== 'object' || !Number.isInteger(v.pid) || (v.pid as number) <= 0) return null;
    const port = v.port === null || v.port === undefined ? null : parsePort(String(v.port));
    return { pid: v.pid as number, port, startedAt: typeof v.startedAt === 'number' ? v.startedAt : 0, dataDir: typeof v.dataDir === 'string' ? v.dataDir : dataDir };
  } catch {
    return null;
  }
}

/**
 * Is the recorded pid still a stopline dashboard? Where /proc exists its command line must name
 * the command (a pid reused by another program after a crash would otherwise block autostart
 * forever); elsewhere a live pid is trusted and the spawned server's port check decides.
 */
export function recordedServerAlive(rec: ServerRecord): boolean {
  if (!pidAlive(rec.pid)) return false;
  try {
    return readFileSync(`/proc/${rec.pid}/cmdline`, 'latin1').split('\0').includes('dashboard');
  } catch {
    return true;
  }
}

/** A TCP port 0..65535 from text, or null. */
export function parsePort(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d{1,5}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= 65535 ? n : null;
}

/** `CI` set to anything but empty, `0` or `false` means a CI run. */
function isCi(env: Env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

type AutostartResult =
  /** CI, STOPLINE_NO_DASHBOARD=1 */
  | 'skipped'
  /** `dashboard.autostart` is not true in the user config */
  | 'off'
  /** a dashboard for this data folder is registered and alive */
  | 'running'
  /** another hook spawned one moments ago */
  | 'starting'
  | 'spawned'
  /** no stopline CLI to start (`dashboard.cli` unset and none on PATH) */
  | 'unavailable'
  /** something failed; swallowed */
  | 'failed';

interface AutostartOptions {
  env: Env;
  now?: number;
}

/**
 * Start the dashboard for this data folder when the person asked for it and none runs.
 * Never throws; returns what it did (tests read it, adapters ignore it).
 */
export function autostartDashboard(opts: AutostartOptions): AutostartResult {
  try {
    const { env } = opts;
    if (isCi(env) || env.STOPLINE_NO_DASHBOARD === '1') return 'skipped';
    // the user file only (cwd undefined): a cloned repository must not start programs
    const { config } = loadConfig({ ...env }, undefined);
    const settings = config.extras.user.dashboard;
    if (!isRecord(settings) || settings.autostart !== true) return 'off';
    // the dashboard reads every data folder (a host's own one included) and registers itself in
    // the main one: STOPLINE_HOME, else `dataDir` of the user config, else the default folder
    const dataDir = resolveDataDir({ ...env }, { configDataDir: config.dataDir });
    const now = opts.now ?? Date.now();
    const rec = readServerRecord(dataDir);
    if (rec && recordedServerAlive(rec) && (rec.port !== null || now - rec.startedAt < START_GRACE_MS)) return 'running';
    const command = dashboardCommand(env, settings);
    if (!command) return 'unavailable';
    const stampDir = dashboardDir(dataDir);
    mkdirSync(stampDir, { recursive: true, mode: 0o700 });
    if (!claimStartStamp(join(stampDir, 'spawn.stamp'), SPAWN_WINDOW_MS, now)) return 'starting';
    // no `cwd` option: it costs the hook a few ms per spawn; the dashboard leaves the hook's folder itself
    const child = childProcessModule().spawn(command.file, command.args, { detached: true, stdio: 'ignore', env: { ...env }, windowsHide: true });
    child.on('error', () => {
      /* a missing runtime or CLI shows up here, after the hook answered; nothing to do */
    });
    child.unref();
    return 'spawned';
  } catch {
    return 'failed';
  }
}


/**
 * How to run `stopline dashboard`: `dashboard.cli` from the user config (the path of
 * stopline.mjs), else a `stopline` on PATH. A .mjs/.js file runs under the runtime that runs
 * this hook (node, bun, or deno with `run -A`).
 */
function dashboardCommand(env: Env, settings: Record<string, unknown>): { file: string; args: string[] } | null {
  const configured = typeof settings.cli === 'string' && isAbsolute(settings.cli) ? settings.cli : null;
  const cli = configured ?? findOnPath(env, process.platform === 'win32' ? ['stopline.cmd', 'stopline.exe'] : ['stopline']);
  if (!cli) return null;
  const args = ['dashboard', '--autostart'];
  if (!/\.(m?js|cjs)$/i.test(cli)) return { file: cli, args };
  const runtime = jsRuntime(env);
  if (!runtime) return null;
  const viaDeno = /^deno(\.exe)?$/i.test(basename(runtime));
  return { file: runtime, args: [...(viaDeno ? ['run', '-A'] : []), cli, ...args] };
}

/**
 * The runtime running this hook when it is node, bun or deno; inside a host that embeds its
 * own (OpenCode's single binary) the first of those on PATH.
 */
function jsRuntime(env: Env): string | null {
  if (/^(node|bun|deno)(\.exe)?$/i.test(basename(process.execPath))) return process.execPath;
  const exe = process.platform === 'win32' ? '.exe' : '';
  return findOnPath(env, [`node${exe}`, `bun${exe}`, `deno${exe}`]);
}

function findOnPath(env: Env, names: readonly string[]): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}
