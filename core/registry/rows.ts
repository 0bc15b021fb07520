/**
 * Row builders for the per-host registry tables, so each host file reads as a table.
 */
import type { Door, EventEntry, HostRegistry, InstallSpec, RewriteForm, ToolEntry } from './types';

/** one tool row: name, kind, and the optional input fields */
export const toolRow = (name: string, kind: ToolEntry['kind'], rest: Omit<ToolEntry, 'name' | 'kind'> = {}): ToolEntry => ({ name, kind, ...rest });

/** The columns of an event row after the four that every row has. */
interface EventColumns {
  /** the artifact registers it (implied by `install`) */
  plugin?: boolean;
  outputs?: EventEntry['outputs'];
  install?: EventEntry['install'];
  /** default: bridge and listen for every row the guard maps (a canonical event or a control kind) */
  doors?: readonly Exclude<Door, 'plugin'>[];
  bridgeAs?: EventEntry['bridgeAs'];
  matcherIgnored?: boolean;
  hostTimeout?: EventEntry['hostTimeout'];
  /** in-process hosts: the door's handler for this event (implies `plugin`) */
  handler?: string;
  bus?: boolean;
  /** before a tool: how the host runs a rewritten shell command, or why it cannot */
  rewrite?: EventEntry['rewrite'];
}

/**
 * One event row; `note` is left out when empty. `registered` and the plugin door come from the
 * same column, so they cannot disagree.
 */
export function eventRow(native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, cols: EventColumns = {}, note?: string): EventEntry {
  const registered = cols.plugin === true || cols.install !== undefined || cols.handler !== undefined;
  const otherDoors = cols.doors ?? (canonical !== null || control !== null ? (['bridge', 'listen'] as const) : []);
  return {
    native,
    canonical,
    control,
    blockable,
    registered,
    outputs: cols.outputs ?? [],
    doors: [...(registered ? (['plugin'] as const) : []), ...otherDoors],
    ...(cols.install ? { install: cols.install } : {}),
    ...(cols.bridgeAs ? { bridgeAs: cols.bridgeAs } : {}),
    ...(cols.matcherIgnored ? { matcherIgnored: true } : {}),
    ...(cols.hostTimeout ? { hostTimeout: cols.hostTimeout } : {}),
    ...(cols.handler ? { handler: cols.handler } : {}),
    ...(cols.bus ? { bus: true } : {}),
    ...(cols.rewrite ? { rewrite: cols.rewrite } : {}),
    ...(note ? { note } : {}),
  };
}

/** An event-row maker for a host whose rows all carry its handler timeout rules (a row may set its own). */
export function timedEventRow(hostTimeout: NonNullable<EventEntry['hostTimeout']>) {
  return (native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, cols: EventColumns = {}, note?: string): EventEntry =>
    eventRow(native, canonical, control, blockable, { hostTimeout, ...cols }, note);
}

/** stopline's handler as a command-hook host's file registers it: no matcher unless given, 10 s, a failure lets the tool run. */
export const commandHook = (spec: Partial<InstallSpec> = {}): InstallSpec => ({ timeoutSec: 10, failClosed: false, ...spec });

/** The rows a door accepts, in table order. */
export function rowsFor(events: readonly EventEntry[], door: Door): EventEntry[] {
  return events.filter((e) => e.doors.includes(door));
}

/** The rows a hook file registers, each with its install column, in table order. */
export function installRows(registry: { events: readonly EventEntry[] }): (EventEntry & { install: InstallSpec })[] {
  return registry.events.filter((e): e is EventEntry & { install: InstallSpec } => e.install !== undefined);
}

/**
 * How the host runs a rewritten command of this tool on this event row, or null when it does not:
 * only a shell tool (its command in `commandField`) on a row with a rewrite form, unless the
 * tool's row says `rewrite: false`.
 */
export function rewriteFormOf(row: Pick<EventEntry, 'rewrite'> | undefined, tool: ToolEntry | null | undefined): RewriteForm | null {
  const form = row?.rewrite;
  if (typeof form !== 'string' || !tool || tool.kind !== 'shell' || !tool.commandField || tool.rewrite === false) return null;
  return form;
}

/** Whether the host runs a rewritten command for its shell tool (so unproven commands can run confined there). */
export function rewritesShell(registry: Pick<HostRegistry, 'events' | 'tools'>): boolean {
  const row = registry.events.find((e) => e.control === 'action.before' && e.registered);
  return registry.tools.some((t) => t.kind === 'shell' && rewriteFormOf(row, t) !== null);
}
