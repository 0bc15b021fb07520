/**
 * The resident evaluator: the hook artifact's own decision code, kept running so a hook event
 * costs one small process (the hook's first part) instead of loading all of it. It answers each
 * request exactly as the hook would have in its own process (answerInput with the request's
 * environment and folder): same locks, same evidence, same fail mode, same stdout/stderr/exit.
 *
 * - One request per connection (protocol.ts); requests are served as they come. Before each one
 *   the evaluator moves to the request's folder, so whatever the decision resolves against the
 *   process folder (a relative STOPLINE_HOME or STOPLINE_CONFIG) resolves as in the hook. That
 *   part of a decision is synchronous, so no other request can move the folder under it; the
 *   person's hooks that may follow get their folder explicitly.
 * - A session lock held by another process (a CLI command, a door inside a host, a hook run
 *   without the evaluator) never puts it to sleep: that event gives way and is decided again a
 *   few milliseconds later (decideWithoutBlocking), so other sessions are answered meanwhile.
 * - It exits when idle for `idleMs` (default 10 minutes), when its socket is no longer its own
 *   (removed, or taken by another evaluator), and it removes its socket when it leaves.
 * - Started by a hook that found none (start.ts), detached, with no output: it has nobody to talk
 *   to but its clients.
 */
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import type { CommandHookAdapter, Rendered } from '../adapter';
import { isLockBusy } from '../../../core/state/store';
import { answerInput } from '../runner';
import { decodeRequest, MAX_REQUEST_BYTES, type EvaluatorRequest, type EvaluatorResponse } from './protocol';
import { ensurePrivateDir } from './start';
import { startStampPath } from './where';

export const DEFAULT_IDLE_MS = 10 * 60 * 1000;

interface ServeOptions {
  socket: string;
  build: string;
  /** the SHA-256 of the decision code this process loaded after checking it (load.ts), said with every answer */
  code: string;
  idleMs: number;
}

/** Whether something answers at this socket path. */
function listening(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(socket);
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

function inode(path: string): number | null {
  try {
    return lstatSync(path).ino;
  } catch {
    return null;
  }
}

/** Serve until idle. Resolves when the evaluator has stopped (the caller exits). */
export async function serveEvaluator(adapter: CommandHookAdapter, opts: ServeOptions): Promise<void> {
  const dir = opts.socket.slice(0, opts.socket.lastIndexOf('/'));
  if (!ensurePrivateDir(dir)) return;
  // one evaluator per socket: a live one wins (and a stamp of the start that lost goes), a dead
  // one's socket file is taken over
  if (await listening(opts.socket)) {
    try {
      unlinkSync(startStampPath(opts.socket));
    } catch {
      // none
    }
    return;
  }
  try {
    unlinkSync(opts.socket);
  } catch {
    // none left behind
  }

  let active = 0;
  let last = Date.now();
  const server = createServer((conn) => {
    active++;
    last = Date.now();
    serveOne(adapter, opts, conn).finally(() => {
      active--;
      last = Date.now();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socket, () => resolve());
  });
  chmodSync(opts.socket, 0o600);
  const mine = inode(opts.socket);
  try {
    unlinkSync(startStampPath(opts.socket));
  } catch {
    // the starter's stamp is gone already
  }

  await new Promise<void>((resolve) => {
    const stop = (): void => {
      clearInterval(timer);
      server.close();
      // only our own socket file: a successor may already have taken the path
      if (inode(opts.socket) === mine) {
        try {
          unlinkSync(opts.socket);
        } catch {
          // gone already
        }
      }
      resolve();
    };
    const timer = setInterval(
      () => {
        if (inode(opts.socket) !== mine) return stop();
        if (active === 0 && Date.now() - last >= opts.idleMs) stop();
      },
      Math.min(opts.idleMs, 15_000),
    );
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, stop);
  });
}

function reply(conn: Socket, r: EvaluatorResponse): void {
  conn.end(`${JSON.stringify(r)}\n`);
}

/** Read one request line from the connection, answer it, close. Never rejects. */
function serveOne(adapter: CommandHookAdapter, { build, code }: ServeOptions, conn: Socket): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (): void => {
      done = true;
      resolve();
    };
    conn.on('error', finish);
    conn.on('close', finish);
    conn.on('data', (d: Buffer) => {
      if (done) return;
      const nl = d.indexOf(10);
      size += nl < 0 ? d.length : nl;
      if (size > MAX_REQUEST_BYTES) {
        done = true;
        reply(conn, { v: 1, refused: 'request too large' });
        return;
      }
      chunks.push(nl < 0 ? d : d.subarray(0, nl));
      if (nl < 0) return;
      done = true;
      conn.removeAllListeners('data');
      const req = decodeRequest(Buffer.concat(chunks).toString('utf8'));
      if ('refused' in req) return reply(conn, { v: 1, refused: req.refused });
      if (req.build !== build) return reply(conn, { v: 1, mismatch: build });
      decideWithoutBlocking(adapter, req, Date.now()).then((rendered) => reply(conn, { v: 1, rendered, code }));
    });
  });
}

/**
 * Decide one request. A session lock held by another process does not put this evaluator to
 * sleep (every other session's answer would wait behind it): the attempt gives way with
 * LockBusyError before anything of the event ran, and the event is decided again a few
 * milliseconds later, until the lock's own bound from the first attempt (then its fail mode, as
 * in the hook's own process). Never rejects.
 */
function decideWithoutBlocking(adapter: CommandHookAdapter, req: EvaluatorRequest, firstAttempt: number): Promise<Rendered> {
  try {
    process.chdir(req.cwd);
  } catch {
    // a folder that is gone: the hook would run there all the same; paths in the payload are absolute
  }
  return answerInput(adapter, { ok: true, text: req.stdin }, { env: req.env, cwd: req.cwd, yieldLockWaitsSince: firstAttempt, ...(req.args ? { args: req.args } : {}) }).catch((err: unknown) => {
    if (isLockBusy(err)) return new Promise<Rendered>((resolve) => setTimeout(() => resolve(decideWithoutBlocking(adapter, req, firstAttempt)), 2 + Math.floor(Math.random() * 8)));
    return { stdout: '', stderr: `${adapter.label}: ${err instanceof Error ? err.message : String(err)}; failing open\n`, exitCode: 0 };
  });
}
