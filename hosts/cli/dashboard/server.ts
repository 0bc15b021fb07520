/**
 * The dashboard's HTTP side: one page from memory and a small JSON API over the evidence
 * store, on 127.0.0.1 only.
 *
 * Who may talk to it: the socket is bound to loopback, and every request must name a loopback
 * host in its Host header (a page on another site that rebinds its DNS name to 127.0.0.1 still
 * sends its own name, and is refused). The one write (a label) also needs the per-run token
 * that only the page served here carries, in a header a cross-site form cannot set.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { LABELS } from '../../../core/contract/grammar';
import type { Label } from '../../../core/contract/grammar';
import { DASHBOARD_APP } from '../../shared/dashboard';
import { dashboardPage } from './page';
import { FILTERS } from './queries';
import { EVENT_ID, OUTCOMES } from './store';
import type { EventQuery, EvidenceStore } from './store';
import { isRecord } from '../../../core/check';

const TOKEN_HEADER = 'x-stopline-token';
const MAX_BODY = 4096;
const MAX_FILTER = 64;

interface DashboardContext {
  store: EvidenceStore;
  /** per-run secret embedded in the page; required for label writes */
  token: string;
  version: string;
  /** the folder holding this dashboard's server record (the first one shown) */
  dataDir: string;
  now?: () => number;
}

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i;

/** Host header check against DNS rebinding: a loopback name, and the port this server listens on. */
function hostAllowed(host: string | undefined, port: number): boolean {
  const m = host === undefined ? null : LOOPBACK_HOST.exec(host.trim());
  if (!m) return false;
  return m[2] === undefined ? port === 80 : Number(m[2]) === port;
}

function originAllowed(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin.startsWith('http://') && hostAllowed(origin.slice('http://'.length), port);
}

const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

function send(res: ServerResponse, status: number, body: string, type: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

/** The request handler; exported so tests can mount it on their own server. */
function dashboardHandler(ctx: DashboardContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(ctx, req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : `internal error: ${err instanceof Error ? err.message : String(err)}`;
      if (!res.headersSent) sendJson(res, status, { error: message });
      else res.destroy();
    });
  };
}

async function handle(ctx: DashboardContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const port = req.socket.localPort ?? 0;
  if (!hostAllowed(req.headers.host, port)) {
    throw new HttpError(403, 'the Host header must name 127.0.0.1, localhost or [::1] with this port (DNS rebinding protection)');
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /':
    case 'GET /index.html': {
      const nonce = randomBytes(16).toString('base64');
      const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
      send(res, 200, await dashboardPage({ token: ctx.token, nonce, version: ctx.version }), 'text/html; charset=utf-8', { 'content-security-policy': csp });
      return;
    }
    case 'GET /favicon.ico':
      res.writeHead(204, BASE_HEADERS).end();
      return;
    case 'GET /api/health':
      // answered without reading the folder, so a start-up check is instant
      sendJson(res, 200, { app: DASHBOARD_APP, version: ctx.version, pid: process.pid, dataDir: ctx.dataDir });
      return;
    case 'GET /api/summary':
      onlyParams(url, []);
      await ctx.store.refresh();
      sendJson(res, 200, { ...ctx.store.summary(), folders: ctx.store.folders });
      return;
    case 'GET /api/sessions': {
      onlyParams(url, ['limit']);
      const limit = intParam(url, 'limit', 12, 1, 100);
      await ctx.store.refresh();
      sendJson(res, 200, { sessions: ctx.store.recentSessions(limit) });
      return;
    }
    case 'GET /api/events': {
      const query = eventQuery(url);
      await ctx.store.refresh();
      sendJson(res, 200, ctx.store.events(query));
      return;
    }
    case 'GET /api/event': {
      onlyParams(url, ['id']);
      const id = url.searchParams.get('id');
      if (id === null || !EVENT_ID.test(id)) throw new HttpError(400, 'id must be an event id: evt_ followed by 20 lowercase hex digits');
      await ctx.store.refresh();
      const found = ctx.store.detail(id);
      if (!found.ok) throw new HttpError(found.status, found.error);
      sendJson(res, 200, found.detail);
      return;
    }
    case 'POST /api/labels': {
      await postLabel(ctx, req, res, port);
      return;
    }
    default: {
      const allowed = ALLOWED_METHODS[url.pathname];
      if (allowed) {
        res.setHeader('allow', allowed);
        throw new HttpError(405, `${req.method} is not allowed on ${url.pathname} (allowed: ${allowed})`);
      }
      throw new HttpError(404, `no such page or endpoint: ${url.pathname}`);
    }
  }
}

const ALLOWED_METHODS: Record<string, string> = {
  '/': 'GET',
  '/index.html': 'GET',
  '/api/health': 'GET',
  '/api/summary': 'GET',
  '/api/sessions': 'GET',
  '/api/events': 'GET',
  '/api/event': 'GET',
  '/api/labels': 'POST',
};

function onlyParams(url: URL, known: readonly string[]): void {
  for (const name of url.searchParams.keys()) {
    if (!known.includes(name)) throw new HttpError(400, `unknown parameter "${name}"${known.length ? ` (known: ${known.join(', ')})` : ''}`);
  }
}

function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new HttpError(400, `${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function eventQuery(url: URL): EventQuery {
  onlyParams(url, ['page', 'size', ...FILTERS]);
  const q: EventQuery = { page: intParam(url, 'page', 1, 1, 1e9), size: intParam(url, 'size', 50, 1, 200) };
  for (const name of FILTERS) {
    const v = url.searchParams.get(name);
    if (v === null) continue;
    if (v === '' || v.length > MAX_FILTER) throw new HttpError(400, `${name} must be 1 to ${MAX_FILTER} characters`);
    q[name] = v;
  }
  if (q.outcome !== undefined && q.outcome !== '(none)' && !(OUTCOMES as readonly string[]).includes(q.outcome)) {
    throw new HttpError(400, `outcome must be one of ${OUTCOMES.filter(Boolean).join(', ')}, (none)`);
  }
  return q;
}

function tokenMatches(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, `the request body is over ${MAX_BODY} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function postLabel(ctx: DashboardContext, req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
  if (!originAllowed(req.headers.origin, port)) throw new HttpError(403, 'cross-origin label writes are refused');
  if (!tokenMatches(req.headers[TOKEN_HEADER], ctx.token)) throw new HttpError(403, `a label needs the dashboard's token in the ${TOKEN_HEADER} header (reload the page if the dashboard was restarted)`);
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'send the label as application/json');
  const text = await readBody(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not JSON; expected {"eventId": "evt_…", "label": "correct|incorrect|inconclusive"}');
  }
  const o = isRecord(body) ? body : null;
  if (!o || typeof o.eventId !== 'string' || !EVENT_ID.test(o.eventId)) throw new HttpError(400, 'eventId must be an event id: evt_ followed by 20 lowercase hex digits');
  if (typeof o.label !== 'string' || !(LABELS as readonly string[]).includes(o.label)) throw new HttpError(400, `label must be one of ${LABELS.join(', ')}`);
  await ctx.store.refresh();
  const written = ctx.store.setLabel(o.eventId, o.label as Label, (ctx.now ?? Date.now)());
  if (!written) throw new HttpError(404, `no event ${o.eventId} in the evidence folders`);
  sendJson(res, 200, { eventId: written.record.eventId, label: written.record.label, occurredAt: written.record.occurredAt, folder: written.folder });
}

/**
 * Listen on 127.0.0.1:port; a port in use (or not allowed) falls back to a free one.
 * Resolves with the port actually bound.
 */
export function listenLoopback(server: Server, port: number): Promise<number> {
  const attempt = (p: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        const addr = server.address();
        resolve(typeof addr === 'object' && addr ? addr.port : p);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen({ host: '127.0.0.1', port: p, exclusive: true });
    });
  return attempt(port).catch((err: NodeJS.ErrnoException) => {
    if (port !== 0 && (err.code === 'EADDRINUSE' || err.code === 'EACCES')) return attempt(0);
    throw err;
  });
}

export function createDashboardServer(ctx: DashboardContext): Server {
  const server = createServer(dashboardHandler(ctx));
  // a page that stays open keeps connections alive; do not let them hold the process at close
  server.keepAliveTimeout = 5_000;
  return server;
}
