/**
 * `stopline dashboard`: claim the data folder, bind 127.0.0.1, print the address, open the
 * browser when there is one, serve until a signal. A second start for the same folder prints
 * the running one's address instead of starting another server.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../../../core/config/config';
import { DASHBOARD_DEFAULT_PORT, parsePort } from '../../shared/dashboard';
import type { ParsedArgs } from '../args';
import type { CliIO } from '../command-spec';
import { evidenceFolders } from '../evidence/folders';
import { VERSION } from '../version';
import { browserBlocker, openBrowser } from './browser';
import { claimInstance, publishPort, releaseInstance } from './instance';
import { createDashboardServer, listenLoopback, newToken } from './server';
import { EvidenceStore } from './store';
import { isRecord } from '../../../core/check';

type Env = Readonly<Record<string, string | undefined>>;

export type PortChoice = { ok: true; port: number; from: string } | { ok: false; error: string };

/** --port, else STOPLINE_DASHBOARD_PORT, else `dashboard.port` of the user config, else the default. */
export function choosePort(option: string | true | undefined, env: Env, configured: unknown): PortChoice {
  const chosen = (port: number | null, from: string, wrong: string): PortChoice => (port === null ? { ok: false, error: wrong } : { ok: true, port, from });
  const notPort = 'must be a port number from 0 to 65535';
  if (typeof option === 'string') return chosen(parsePort(option), '--port', `--port ${notPort}, not "${option}"`);
  const fromEnv = env.STOPLINE_DASHBOARD_PORT;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return chosen(parsePort(fromEnv), 'STOPLINE_DASHBOARD_PORT', `STOPLINE_DASHBOARD_PORT ${notPort}, not "${fromEnv}"`);
  if (configured !== undefined) return chosen(typeof configured === 'number' ? parsePort(String(configured)) : null, 'dashboard.port', `dashboard.port in stopline.json ${notPort}`);
  return { ok: true, port: DASHBOARD_DEFAULT_PORT, from: 'default' };
}

export type Started =
  | { kind: 'started'; url: string; port: number; store: EvidenceStore; close(): Promise<void> }
  | { kind: 'running'; url: string; pid: number }
  | { kind: 'starting'; pid: number };

/**
 * Start (or find) the dashboard over `folders`; the first folder holds its server record.
 * Used by the command and by the tests.
 */
export async function startDashboard(opts: { folders: readonly string[]; port: number; now?: () => number }): Promise<Started> {
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const dataDir = opts.folders[0];
  if (dataDir === undefined) throw new Error('no data folder to show');
  const claim = await claimInstance(dataDir, startedAt);
  if (claim.kind === 'running') return { kind: 'running', url: `http://127.0.0.1:${claim.record.port}/`, pid: claim.record.pid };
  if (claim.kind === 'starting') return { kind: 'starting', pid: claim.record.pid };
  const store = new EvidenceStore(opts.folders);
  const server = createDashboardServer({ store, token: newToken(), version: VERSION, dataDir, now });
  let port: number;
  try {
    port = await listenLoopback(server, opts.port);
  } catch (err) {
    releaseInstance(dataDir);
    throw err;
  }
  publishPort(dataDir, port, startedAt);
  // start reading the folder now, so the first page load finds it read
  store.refresh().catch(() => {
    /* a request retries the read and reports what fails */
  });
  const close = async (): Promise<void> => {
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
    releaseInstance(dataDir);
  };
  return { kind: 'started', url: `http://127.0.0.1:${port}/`, port, store, close };
}

function untilSignal(): Promise<string> {
  return new Promise((resolveSignal) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const on = (sig: string) => {
      for (const s of signals) process.off(s, on);
      resolveSignal(sig);
    };
    for (const s of signals) process.on(s, on);
  });
}

export async function runDashboard(args: ParsedArgs, io: CliIO): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`stopline dashboard: ${message}\n`);
    return 1;
  };
  if (args.positionals.length > 0) return fail(`unexpected argument "${args.positionals[0]}" (see stopline help dashboard)`);
  const { config, diagnostics } = loadConfig({ ...io.env }, io.cwd);
  for (const line of diagnostics) io.stderr.write(`stopline dashboard: ${line}\n`);
  const settings = isRecord(config.extras.user.dashboard) ? config.extras.user.dashboard : {};
  const port = choosePort(args.options.port, io.env, settings.port);
  if (!port.ok) return fail(port.error);
  const dirOption = args.options['data-dir'];
  const folders = typeof dirOption === 'string' ? [resolve(io.cwd, dirOption)] : evidenceFolders(io.env, io.cwd).map((f) => f.path);
  const dataDir = folders[0];
  if (dataDir === undefined) return fail('no data folder: set STOPLINE_HOME (HOME is not set)');
  const autostart = args.options.autostart === true;
  if (autostart) {
    // started from a hook in some project folder: do not keep that folder busy for the server's lifetime
    try {
      process.chdir(dataDir);
    } catch {
      /* stays where it was started */
    }
  }
  const noBrowser = args.options['no-browser'] === true ? '--no-browser' : browserBlocker(io.env);

  let started: Started;
  try {
    started = await startDashboard({ folders, port: port.port });
  } catch (err) {
    return fail(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (started.kind === 'starting') {
    io.stdout.write(`stopline dashboard: another start for ${dataDir} is under way (pid ${started.pid}); run this again in a moment for its address\n`);
    return 0;
  }
  if (started.kind === 'running') {
    io.stdout.write(`stopline dashboard: already running at ${started.url} (pid ${started.pid}, data folder ${dataDir})\n`);
    if (!autostart && !noBrowser) openBrowser(started.url);
    return 0;
  }
  const moved = port.port !== 0 && started.port !== port.port ? ` (port ${port.port} from ${port.from} was taken)` : '';
  io.stdout.write(`stopline dashboard: ${started.url}${moved}\ndata folders: ${folders.join(', ')}\n${noBrowser ? `no browser opened: ${noBrowser}\n` : ''}Ctrl-C stops it.\n`);
  if (!noBrowser) openBrowser(started.url);
  await untilSignal();
  await started.close();
  return 0;
}
