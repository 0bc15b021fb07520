/**
 * One dashboard per data folder. A starting server claims `dashboard/server.json` under a
 * lock before it binds, so two starts at the same moment (two hooks, or a hook and a person)
 * leave exactly one server: the second finds the first's claim and stops. A claim whose
 * process is gone, which never got a port, or whose port does not answer as this dashboard,
 * is taken over.
 */
import { unlinkSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { ensureDir, writeFileAtomic } from '../../../core/state/fsio';
import { withLock } from '../../../core/state/lock';
import { DASHBOARD_APP, START_GRACE_MS, dashboardDir, readServerRecord, recordedServerAlive, serverRecordFile } from '../../shared/dashboard';
import type { ServerRecord } from '../../shared/dashboard';

type Claim = { kind: 'claimed' } | { kind: 'running'; record: ServerRecord & { port: number } } | { kind: 'starting'; record: ServerRecord };

interface Health {
  app: string;
  pid: number;
  dataDir: string;
}

/**
 * GET /api/health on a loopback port; null when nothing (or something else) answers in time.
 * @keep probeHealth the dashboard's health probe: the autostart test asks a started dashboard
 */
export function probeHealth(port: number, timeoutMs: number): Promise<Health | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', method: 'GET', headers: { host: `127.0.0.1:${port}` }, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        if (text.length < 65536) text += c;
      });
      res.on('end', () => {
        try {
          const v = JSON.parse(text) as Partial<Health>;
          resolve(res.statusCode === 200 && v.app === DASHBOARD_APP && typeof v.pid === 'number' ? (v as Health) : null);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

function lockPath(dataDir: string): string {
  return join(dashboardDir(dataDir), 'instance.lock');
}

function writeRecord(dataDir: string, rec: ServerRecord): void {
  writeFileAtomic(serverRecordFile(dataDir), JSON.stringify(rec) + '\n');
}

/** Claim the data folder for this process, or say who already serves it. */
export async function claimInstance(dataDir: string, now: number): Promise<Claim> {
  ensureDir(dashboardDir(dataDir));
  // the port check is asynchronous, so it runs before the (synchronous) lock; the claim
  // below only takes over a server judged dead here if its record is still the same one
  const seen = readServerRecord(dataDir);
  let unresponsive: ServerRecord | null = null;
  if (seen && seen.pid !== process.pid && recordedServerAlive(seen)) {
    if (seen.port !== null) {
      const health = await probeHealth(seen.port, 1500);
      if (health && health.pid === seen.pid) return { kind: 'running', record: { ...seen, port: seen.port } };
      unresponsive = seen;
    } else if (now - seen.startedAt < START_GRACE_MS) {
      return { kind: 'starting', record: seen };
    }
  }
  return withLock(lockPath(dataDir), (): Claim => {
    const cur = readServerRecord(dataDir);
    if (cur && cur.pid !== process.pid && recordedServerAlive(cur)) {
      const judgedDead = unresponsive !== null && cur.pid === unresponsive.pid && cur.startedAt === unresponsive.startedAt;
      const neverBound = cur.port === null && now - cur.startedAt >= START_GRACE_MS;
      if (!judgedDead && !neverBound) return cur.port === null ? { kind: 'starting', record: cur } : { kind: 'running', record: { ...cur, port: cur.port } };
    }
    writeRecord(dataDir, { pid: process.pid, port: null, startedAt: now, dataDir });
    return { kind: 'claimed' };
  });
}

/** After binding: the port the hooks and later starts find. */
export function publishPort(dataDir: string, port: number, startedAt: number): void {
  writeRecord(dataDir, { pid: process.pid, port, startedAt, dataDir });
}

/** On shutdown: remove the record if it is still this process's. */
export function releaseInstance(dataDir: string): void {
  try {
    withLock(lockPath(dataDir), () => {
      if (readServerRecord(dataDir)?.pid === process.pid) unlinkSync(serverRecordFile(dataDir));
    });
  } catch {
    /* a leftover record names a dead pid, which the next start takes over */
  }
}
