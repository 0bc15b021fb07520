/**
 * Per-dialect facts the engine needs, read from the hosts' hook-file rows (core/registry/hook-files.ts):
 * which event spellings map to which canonical event, which spellings are known but have no
 * canonical counterpart, default timeouts, and each dialect's reading rules. A registry event row
 * with a canonical event is that event's spelling, a row without one is a host-only event.
 * stopline's own hooks (`native`) have a row here: canonical names, the shared hook contract.
 */
import { CANONICAL_EVENTS, isCanonicalEvent, type CanonicalEvent } from '../canonical';
import type { EventEntry, HookFileSpec, TableListKeys } from '../registry/types';
import { HOOK_FILES } from '../registry/hook-files';
import { HOOK_CONTRACT_PAYLOAD, opt } from '../registry/hook-payloads';
import { HOOK_DIALECTS, HOST_SPECS, type HookDialect } from '../registry/host-specs';
import type { Dialect } from './types';

type EventTable = Readonly<Record<string, CanonicalEvent>>;

/** The registry event rows each host dialect takes its names from. */
const DIALECT_EVENTS: Readonly<Record<HookDialect, readonly EventEntry[]>> = Object.fromEntries(HOOK_DIALECTS.map((d) => [d, HOOK_FILES[d].events])) as Record<HookDialect, readonly EventEntry[]>;

/**
 * stopline's own hooks in stopline.json: canonical event names, literal matchers, the shared hook
 * contract plus the host and the canonical tool name, `onError`, `env`.
 */
const NATIVE_RULES: HookFileSpec = {
  files: [],
  format: 'json',
  events: [],
  entry: 'groups',
  matcher: 'literal-list',
  timeoutUnit: 'sec',
  handler: { failure: 'onError', shell: 'sh', env: true },
  payload: {
    all: { ...HOOK_CONTRACT_PAYLOAD.all, host: 'hostFamily' },
    events: {
      ...HOOK_CONTRACT_PAYLOAD.events,
      'tool:before': { ...HOOK_CONTRACT_PAYLOAD.events['tool:before'], canonical_tool_name: opt('canonicalToolName') },
      'tool:after': { ...HOOK_CONTRACT_PAYLOAD.events['tool:after'], canonical_tool_name: opt('canonicalToolName') },
    },
  },
  answer: 'exit-code-and-json',
};

/** A dialect's reading rules: its host's hook-file row, or stopline's own. */
export function rulesOf(dialect: Dialect): HookFileSpec {
  return dialect === 'native' ? NATIVE_RULES : HOOK_FILES[dialect];
}

/** The list-of-tables rules of a dialect, or undefined when its hooks are keyed by event. */
export function listDialect(dialect: Dialect): TableListKeys | undefined {
  return rulesOf(dialect).tableList;
}

/** A PascalCase event name in snake_case (`PreToolUse` -> `pre_tool_use`). */
export function snakeName(name: string): string {
  return name.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase();
}

/** The spellings a dialect's files may use: its registry rows, its aliases, and their snake_case forms where the host reads those. */
function spellingRows(spec: HookFileSpec): readonly EventEntry[] {
  const aliases = Object.entries(spec.aliases?.names ?? {}).flatMap(([alias, native]) => {
    const row = spec.events.find((e) => e.native === native);
    return row ? [{ ...row, native: alias }] : [];
  });
  const snake = spec.snakeCaseToo ? spec.events.map((e) => ({ ...e, native: snakeName(e.native) })) : [];
  return [...spec.events, ...aliases, ...snake];
}

const SPELLING_ROWS = Object.fromEntries(HOOK_DIALECTS.map((d) => [d, spellingRows(HOOK_FILES[d])])) as Readonly<Record<HookDialect, readonly EventEntry[]>>;

/** Whether an event key is another host's name the dialect reads (its entries, payload and answer follow that form). */
export function isAliasSpelling(dialect: Dialect, spelling: string): boolean {
  const names = rulesOf(dialect).aliases?.names;
  return names !== undefined && Object.prototype.hasOwnProperty.call(names, spelling);
}

function tableOf(events: readonly EventEntry[]): EventTable {
  return Object.fromEntries(events.flatMap((e) => (e.canonical ? [[e.native, e.canonical] as const] : [])));
}

function othersOf(events: readonly EventEntry[]): readonly string[] {
  return events.filter((e) => e.canonical === null).map((e) => e.native);
}

const NATIVE_EVENTS: EventTable = Object.fromEntries(CANONICAL_EVENTS.map((e) => [e, e]));

const TABLES = Object.fromEntries([['native', NATIVE_EVENTS], ...HOOK_DIALECTS.map((d) => [d, tableOf(SPELLING_ROWS[d])])]) as Readonly<Record<Dialect, EventTable>>;
const OTHERS = Object.fromEntries([['native', []], ...HOOK_DIALECTS.map((d) => [d, othersOf(SPELLING_ROWS[d])])]) as Readonly<Record<Dialect, readonly string[]>>;

/** name -> spec field, for the hosts with a hook dialect */
function byDialect<T>(pick: (hooks: { label: string; short?: string; defaultTimeoutSec: number }) => T): Record<HookDialect, T> {
  return Object.fromEntries(HOST_SPECS.flatMap((s) => ('hooks' in s ? [[s.name, pick(s.hooks)]] : []))) as Record<HookDialect, T>;
}

export const DIALECT_LABEL: Readonly<Record<Dialect, string>> = { native: 'stopline', ...byDialect((h) => h.label) };
/** The shorter name, where a message names the host twice or beside its product. */
export const DIALECT_SHORT: Readonly<Record<Dialect, string>> = { native: 'stopline', ...byDialect((h) => h.short ?? h.label) };

type SpellingLookup =
  | { kind: 'canonical'; event: CanonicalEvent }
  | { kind: 'host-only' }
  | { kind: 'unknown' };

/** What an event key in a dialect's config means. */
export function lookupSpelling(dialect: Dialect, spelling: string): SpellingLookup {
  const table = TABLES[dialect];
  if (Object.prototype.hasOwnProperty.call(table, spelling)) return { kind: 'canonical', event: table[spelling]! };
  if (OTHERS[dialect].includes(spelling)) return { kind: 'host-only' };
  return { kind: 'unknown' };
}

/** The spellings a dialect uses for a canonical event (in registry row order: the host's own first). */
export function spellingsOf(dialect: Dialect, event: CanonicalEvent): string[] {
  const table = TABLES[dialect];
  return Object.keys(table).filter((k) => table[k] === event);
}

/**
 * Resolve an event name as any host or dialect spells it. `preferDialect` is looked up first
 * (no two dialects map one name to different events today).
 */
export function resolveEventName(name: string, preferDialect?: Dialect): { event: CanonicalEvent; dialect: Dialect } | null {
  if (isCanonicalEvent(name)) return { event: name, dialect: 'native' };
  const hosts: readonly Dialect[] = HOOK_DIALECTS;
  const order: readonly Dialect[] = preferDialect ? [preferDialect, ...hosts] : hosts;
  for (const d of order) {
    const hit = lookupSpelling(d, name);
    if (hit.kind === 'canonical') return { event: hit.event, dialect: d };
  }
  return null;
}

/** Suggest the canonical name for a dialect spelling written in the native config. */
export function suggestCanonical(name: string): CanonicalEvent | null {
  return resolveEventName(name)?.event ?? null;
}

/** The registry row a dialect's hooks for `event` are registered under (its first spelling). */
function rowFor(dialect: HookDialect, event: CanonicalEvent): EventEntry | undefined {
  const name = spellingsOf(dialect, event)[0];
  return SPELLING_ROWS[dialect].find((e) => e.native === name);
}

/**
 * Default handler timeout in seconds when the hook sets none, per dialect and event: the host's
 * own (the registry row's hostTimeout, else the host spec's default).
 */
export function defaultTimeoutSec(dialect: Dialect, event: CanonicalEvent): number {
  // stopline's own hooks: a slow hook stalls every tool call, so a minute, not ten.
  if (dialect === 'native') return 60;
  return rowFor(dialect, event)?.hostTimeout?.defaultSec ?? HOST_DEFAULT_TIMEOUT_SEC[dialect];
}

/** A host's timeout for an event it has no row for (every dialect event has one today). */
const HOST_DEFAULT_TIMEOUT_SEC: Readonly<Record<HookDialect, number>> = byDialect((h) => h.defaultTimeoutSec);

/** Host-imposed bounds on a configured timeout (seconds), or null when none. */
export function timeoutBoundsSec(dialect: Dialect, event: CanonicalEvent): { min: number; max: number } | null {
  if (dialect === 'native') return null;
  const t = rowFor(dialect, event)?.hostTimeout;
  return t && t.minSec !== undefined && t.maxSec !== undefined ? { min: t.minSec, max: t.maxSec } : null;
}
