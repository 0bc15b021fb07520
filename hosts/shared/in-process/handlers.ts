/**
 * A door's handlers, bound to its host's events by the registry. Each event row of an
 * in-process host names the handler that answers it (`handler`); the door declares a typed map
 * from handler name to function (one argument and result type per handler, as the host defines
 * them), and this binding gives the host what it registers: native event name -> function.
 * So the host's event names stay in core/registry, and a row and a door that disagree fail at
 * start (the door's entry then applies the fail mode) and in the conformance test.
 */
import type { EventEntry, HostRegistry } from '../../../core/registry/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = (...args: any[]) => unknown;

/** One bound event: its row and the handler that answers it. */
export interface Bound<H extends AnyHandler> {
  row: EventEntry;
  handler: H;
}

/**
 * Every plugin row of `registry` that names a handler, with that handler from `handlers`, in
 * table order. Throws when a row names a handler the map lacks, or the map has one no row names.
 */
export function bindHandlers<M extends { [K in keyof M]: AnyHandler }>(registry: HostRegistry, handlers: M): Map<string, Bound<M[keyof M]>> {
  const bound = new Map<string, Bound<M[keyof M]>>();
  const used = new Set<string>();
  for (const row of registry.events) {
    if (!row.handler || !row.doors.includes('plugin')) continue;
    const handler = Object.hasOwn(handlers, row.handler) ? (handlers as Record<string, unknown>)[row.handler] : undefined;
    if (typeof handler !== 'function') throw new Error(`${registry.family}: event ${row.native} names handler "${row.handler}", which the door does not have`);
    used.add(row.handler);
    bound.set(row.native, { row, handler: handler as M[keyof M] });
  }
  const idle = Object.keys(handlers).filter((name) => !used.has(name));
  if (idle.length) throw new Error(`${registry.family}: handler(s) ${idle.join(', ')} answer no event of the table`);
  return bound;
}

/**
 * What a door registers with its host: native event name -> handler, bound as bindHandlers binds
 * them. A handler that applies the fail mode itself (`decidesOnError`) runs as it is; any other
 * can only fail as a diagnostic, so it runs in `safely` (the error said, the host goes on).
 */
export function registeredHandlers<C, M extends { [K in keyof M]: AnyHandler }>(registry: HostRegistry, handlers: M, decidesOnError: ReadonlySet<keyof M>, safely: (name: string, fn: () => Promise<unknown>) => Promise<unknown>): Record<string, (event: unknown, ctx: C) => Promise<unknown>> {
  const out: Record<string, (event: unknown, ctx: C) => Promise<unknown>> = {};
  for (const [native, { row, handler }] of bindHandlers(registry, handlers)) {
    const fn = handler as (event: unknown, ctx: C) => Promise<unknown>;
    out[native] = decidesOnError.has(row.handler as keyof M) ? fn : (e, ctx) => safely(native, () => fn(e, ctx));
  }
  return out;
}
