/**
 * Make sure the pinned hosts are installed before a host test runs: runs
 * test/hosts/install-hosts.mjs (which reuses matching installs and takes a lock, so parallel
 * test files are safe) and reports which hosts are ready.
 */
import { spawn } from 'node:child_process';
import { FOLDER_ROWS } from './folder-rows';
import type { HostTestRows } from './host-rows';
import { installScript, isHostInstalled, repoRoot, type InstalledHost } from './hosts';

export interface HostsStatus {
  /** hosts whose entry file is in place after the install step */
  ready: ReadonlySet<InstalledHost>;
  /** the installer's output (one line per host), for skip / failure messages */
  log: string;
  /** true when CI=true: a host that is not ready must fail the test, not skip it */
  required: boolean;
}

/** The hosts a runner needs (Pi 1.6.0 runs on the npm Node 22 on older system nodes). */
export const HOSTS_FOR = {
  claude: ['claude'],
  'pi-ew': ['pi-ew', 'node22'],
  'pi-mz': ['pi-mz'],
  // the hosts that keep their rows in their own test folder (test/hosts/<host>/rows.ts)
  ...(Object.fromEntries(Object.entries<HostTestRows>(FOLDER_ROWS).map(([host, rows]) => [host, rows.installs ?? [host]])) as Record<keyof typeof FOLDER_ROWS, readonly InstalledHost[]>),
} as const satisfies Record<string, readonly InstalledHost[]>;

const INSTALL_TIMEOUT_MS = 15 * 60 * 1000;

export async function ensureHosts(names: readonly InstalledHost[]): Promise<HostsStatus> {
  const required = process.env.CI === 'true';
  const wanted = [...new Set(names)];
  const log = await new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(process.execPath, [installScript, '--only', wanted.join(',')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
    }, INSTALL_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', (e) => chunks.push(Buffer.from(`install-hosts could not start: ${e.message}\n`)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(`${Buffer.concat(chunks).toString('utf8')}${code === 0 ? '' : `install-hosts exited ${code}\n`}`);
    });
  });
  return { ready: new Set(wanted.filter(isHostInstalled)), log, required };
}

/** The hosts of `needed` that are not ready. */
export function missingHosts(status: HostsStatus, needed: readonly InstalledHost[]): InstalledHost[] {
  return needed.filter((h) => !status.ready.has(h));
}
