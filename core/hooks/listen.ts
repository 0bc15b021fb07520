/**
 * The `listen` protocol: line-delimited JSON over a readable and a writable stream, for
 * hosts that talk to stopline from another language or process (the Hermes Python shim).
 *
 *   {"op":"ping"}                                   -> {"ok":true,"pong":true}
 *   {"op":"dispatch","event":E,"payload":{...},"host"?:H,"canRewrite"?:true}
 *                                                   -> {"ok":true, ...handler result}
 *   {"op":"reload"}                                 -> {"ok":true,"diagnostics":[...]}
 *   {"op":"bye"}                                    -> {"ok":true}, then the server ends
 *   bad JSON, unknown op or event, handler error    -> {"ok":false,"error":"..."}
 *
 * One response line per request line, in request order (requests are handled one at a
 * time). A request's `id`, when present, is echoed back. Nothing but response lines is
 * ever written to the output; logs go to the `log` sink (stderr). A line over
 * `maxLineBytes` (8 MiB) is refused with one error line and the rest of it is discarded.
 */
import type { Readable, Writable } from 'node:stream';
import type { CanonicalEvent } from '../canonical';
import { resolveEventName } from './dialects';
import { HOOK_DIALECTS } from '../registry/host-specs';
import type { Diagnostic, Dialect } from './types';
import { isRecord } from '../check';

/** @keep ListenDispatchRequest the request a listen handler gets: the listen tests record them */
export interface ListenDispatchRequest {
  /** the event name as sent */
  event: string;
  canonical: CanonicalEvent;
  /** the dialect the name was found in (`native` for canonical names) */
  dialect: Dialect;
  payload: Record<string, unknown>;
  host?: string;
  /** the caller runs a command given in place of the model's (`"canRewrite": true` on the request) */
  canRewrite?: boolean;
}

export interface ListenHandler {
  /** fields merged into the `{"ok":true}` response */
  dispatch(req: ListenDispatchRequest): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** re-read configuration */
  reload(): Promise<{ diagnostics: Diagnostic[] }> | { diagnostics: Diagnostic[] };
  /** host-specific event names (OpenCode, Pi); falls back to the canonical and dialect names */
  resolveEvent?(name: string, host?: string): CanonicalEvent | null;
}

interface ListenOptions {
  input: Readable;
  output: Writable;
  handler: ListenHandler;
  log?: (line: string) => void;
  /** default 8 MiB */
  maxLineBytes?: number;
  /** end the output stream when the server stops (default true; pass false for process.stdout) */
  endOutput?: boolean;
}

const MAX_LINE_BYTES = 8 * 1024 * 1024;

/** a host with a hook dialect names its own events first; any other host takes the default order */
function hostDialect(host: string): Dialect | undefined {
  return (HOOK_DIALECTS as readonly string[]).includes(host) ? (host as Dialect) : undefined;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Serve until `bye` or the end of the input. Never rejects. */
export async function listen(opts: ListenOptions): Promise<void> {
  const { input, output, handler } = opts;
  const log = opts.log ?? ((l: string) => void process.stderr.write(l.endsWith('\n') ? l : l + '\n'));
  const max = opts.maxLineBytes ?? MAX_LINE_BYTES;

  // a reader that went away (EPIPE) must not crash the process; stop serving instead
  let outputBroken = false;
  const onOutputError = (err: Error): void => {
    if (!outputBroken) log(`stopline listen: output failed: ${errorText(err)}`);
    outputBroken = true;
  };
  output.on('error', onOutputError);

  const write = async (obj: Record<string, unknown>): Promise<void> => {
    if (outputBroken) return;
    let line: string;
    try {
      line = JSON.stringify(obj);
    } catch (err) {
      line = JSON.stringify({ ok: false, error: `response could not be encoded: ${errorText(err)}`, ...(obj.id !== undefined ? { id: obj.id } : {}) });
    }
    if (!output.write(line + '\n')) {
      await new Promise<void>((r) => {
        const done = (): void => {
          output.off('drain', done);
          output.off('close', done);
          output.off('error', done);
          r();
        };
        output.on('drain', done);
        output.on('close', done);
        output.on('error', done);
      });
    }
  };

  /** returns true when the server should stop */
  const handle = async (line: string): Promise<boolean> => {
    let req: unknown;
    try {
      req = JSON.parse(line);
    } catch (err) {
      await write({ ok: false, error: `bad JSON: ${errorText(err)}` });
      return false;
    }
    if (!isRecord(req)) {
      await write({ ok: false, error: 'a request must be a JSON object with "op"' });
      return false;
    }
    const idField = req.id !== undefined && (typeof req.id === 'string' || typeof req.id === 'number') ? { id: req.id } : {};
    const reply = (obj: Record<string, unknown>): Promise<void> => write({ ...obj, ...idField });
    try {
      switch (req.op) {
        case 'ping':
          await reply({ ok: true, pong: true });
          return false;
        case 'bye':
          await reply({ ok: true });
          return true;
        case 'reload': {
          const r = await handler.reload();
          await reply({ ok: true, diagnostics: r.diagnostics });
          return false;
        }
        case 'dispatch': {
          const host = typeof req.host === 'string' ? req.host : undefined;
          if (typeof req.event !== 'string' || req.event === '') {
            await reply({ ok: false, error: 'dispatch needs "event" (a canonical or host event name)' });
            return false;
          }
          if (req.payload !== undefined && !isRecord(req.payload)) {
            await reply({ ok: false, error: '"payload" must be a JSON object' });
            return false;
          }
          const custom = handler.resolveEvent?.(req.event, host) ?? null;
          const found = custom ? { event: custom, dialect: 'native' as Dialect } : resolveEventName(req.event, host ? hostDialect(host) : undefined);
          if (!found) {
            await reply({ ok: false, error: `unknown event "${req.event}"` });
            return false;
          }
          const result = await handler.dispatch({
            event: req.event,
            canonical: found.event,
            dialect: found.dialect,
            payload: (req.payload as Record<string, unknown> | undefined) ?? {},
            ...(host !== undefined ? { host } : {}),
            ...(req.canRewrite === true ? { canRewrite: true } : {}),
          });
          // `ok` first on the line, and a handler cannot overwrite it
          const { ok: _ignored, ...fields } = result;
          await reply({ ok: true, ...fields });
          return false;
        }
        default:
          await reply({ ok: false, error: typeof req.op === 'string' ? `unknown op "${req.op}"` : 'a request needs "op" (ping, dispatch, reload, bye)' });
          return false;
      }
    } catch (err) {
      log(`stopline listen: ${String(req.op)} failed: ${errorText(err)}`);
      await reply({ ok: false, error: errorText(err) });
      return false;
    }
  };

  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let discarding = false;
  let stop = false;

  const takeLine = (tail: Buffer): string => {
    const buf = pending.length ? Buffer.concat([...pending, tail]) : tail;
    pending = [];
    pendingBytes = 0;
    let text = buf.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    return text;
  };

  try {
    outer: for await (const chunk of input) {
      let buf: Buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
      while (buf.length > 0) {
        const nl = buf.indexOf(0x0a);
        if (nl < 0) {
          if (!discarding) {
            if (pendingBytes + buf.length > max) {
              pending = [];
              pendingBytes = 0;
              discarding = true;
              await write({ ok: false, error: `request line longer than ${max} bytes; refused` });
            } else {
              pending.push(buf);
              pendingBytes += buf.length;
            }
          }
          break;
        }
        const head = buf.subarray(0, nl);
        buf = buf.subarray(nl + 1);
        if (discarding) {
          discarding = false;
          pending = [];
          pendingBytes = 0;
          continue;
        }
        if (pendingBytes + head.length > max) {
          pending = [];
          pendingBytes = 0;
          await write({ ok: false, error: `request line longer than ${max} bytes; refused` });
          continue;
        }
        const line = takeLine(head);
        if (line.trim() === '') continue;
        if ((await handle(line)) || outputBroken) {
          stop = true;
          break outer;
        }
      }
    }
    // a last request without a trailing newline still counts
    if (!stop && !discarding && pendingBytes > 0) {
      const line = takeLine(Buffer.alloc(0));
      if (line.trim() !== '') await handle(line);
    }
  } catch (err) {
    log(`stopline listen: input failed: ${errorText(err)}`);
  } finally {
    if (opts.endOutput !== false && !outputBroken) output.end();
    // keep a late error from an ended pipe from becoming an uncaught exception
    output.off('error', onOutputError);
    output.on('error', () => undefined);
  }
}
