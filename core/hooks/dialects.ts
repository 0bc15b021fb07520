/**
 * Per-dialect facts the engine needs: which event spellings map to which canonical event,
 * which spellings are known but have no canonical counterpart, default timeouts and the
 * shell a command runs in. The event tables are the host registries' (core/registry): a
 * row with a canonical event is that event's spelling, a row without one is a host-only
 * event. Hermes shell hooks use the same names as its plugin hooks.
 */
import { CANONICAL_EVENTS, isCanonicalEvent, type CanonicalEvent } from '../canonical';
// the event rows only (core/registry/<host>-events.ts): an artifact that runs the person's hooks
// carries no other host's tool table
import { claudeEvents } from '../registry/claude-events';
import { codexEvents } from '../registry/codex-events';
import { geminiEvents } from '../registry/gemini-events';
import { hermesEvents } from '../registry/hermes-events';
import { qwenEvents } from '../registry/qwen-events';
import { COPILOT_CLAUDE_SPELLINGS, copilotEvents } from '../registry/copilot-events';
import { droidEvents } from '../registry/droid-events';
import { kimiEvents } from '../registry/kimi-events';
import { vibeEvents } from '../registry/vibe-events';
import { openhandsEvents } from '../registry/openhands-events';
import type { EventEntry } from '../registry/types';
import { HOOK_DIALECTS, HOST_SPECS, type HookDialect } from '../registry/host-specs';
import type { Dialect } from './types';

type EventTable = Readonly<Record<string, CanonicalEvent>>;

/** The registry event rows each host dialect takes its names from (one per hook dialect of core/registry/host-specs.ts). */
const DIALECT_EVENTS: Readonly<Record<HookDialect, readonly EventEntry[]>> = {
  claude: claudeEvents,
  codex: codexEvents,
  hermes: hermesEvents,
  gemini: geminiEvents,
  qwen: qwenEvents,
  copilot: copilotEvents,
  droid: droidEvents,
  kimi: kimiEvents,
  openhands: openhandsEvents,
  vibe: vibeEvents,
};

/**
 * Hook files that are a list of one-hook tables, each naming its own event (TOML `[[hooks]]`):
 * the keys each host reads in one table. Every other dialect keys its hooks by event name.
 */
interface ListDialect {
  /** the key that names the table's event */
  eventKey: string;
  /** the key of its matcher */
  matcherKey: string;
  /** the key that makes a failed hook (crash, timeout, unreadable answer) deny, when the host has one */
  failClosedKey?: string;
  /**
   * events whose matcher the host compares with the prompt text, where stopline's canonical
   * event has no matcher subject (Kimi's UserPromptSubmit)
   */
  promptMatcher?: readonly CanonicalEvent[];
  /** keys a table may carry that stopline does not need (Vibe's `name`, which only ranks project over user tables) */
  ignoredKeys?: readonly string[];
}

const LIST_DIALECTS: Readonly<Partial<Record<HookDialect, ListDialect>>> = {
  // Kimi Code: `event`, `command`, `matcher`, `timeout` (docs/hosts/kimi.md)
  kimi: { eventKey: 'event', matcherKey: 'matcher', promptMatcher: ['prompt:submit'] },
  // Mistral Vibe: `name`, `type`, `command`, `match`, `timeout`, `strict` (docs/hosts/vibe.md)
  vibe: { eventKey: 'type', matcherKey: 'match', failClosedKey: 'strict', ignoredKeys: ['name'] },
};

/** The list-of-tables rules of a dialect, or undefined when its hooks are keyed by event. */
export function listDialect(dialect: Dialect): ListDialect | undefined {
  return dialect === 'native' ? undefined : LIST_DIALECTS[dialect];
}

/**
 * Copilot reads Claude's PascalCase keys too (core/registry/copilot.ts): each is the spelling of
 * the camelCase row it stands for.
 */
const copilotAliasRows: readonly EventEntry[] = Object.entries(COPILOT_CLAUDE_SPELLINGS).flatMap(([alias, native]) => {
  const row = copilotEvents.find((e) => e.native === native);
  return row ? [{ ...row, native: alias }] : [];
});

/** OpenHands reads each PascalCase event key in snake_case too (`pre_tool_use`), as the same event. */
export function openhandsSnakeName(name: string): string {
  return name.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase();
}
const openhandsSnakeRows: readonly EventEntry[] = openhandsEvents.map((e) => ({ ...e, native: openhandsSnakeName(e.native) }));

/** The spellings a dialect's files may use: its registry rows, plus Copilot's PascalCase keys and OpenHands' snake_case ones. */
const SPELLING_ROWS: Readonly<Record<HookDialect, readonly EventEntry[]>> = {
  ...DIALECT_EVENTS,
  copilot: [...copilotEvents, ...copilotAliasRows],
  openhands: [...openhandsEvents, ...openhandsSnakeRows],
};

/**
 * Dialects whose host compares a matcher only with a tool name: on any other event a matcher
 * other than `*` never matches there (OpenHands hands such events no tool name), so the group
 * never runs here either.
 */
export const TOOL_ONLY_MATCHERS: ReadonlySet<Dialect> = new Set<Dialect>(['openhands']);

/** Whether a Copilot event key is one of Claude's PascalCase spellings (nested groups, snake_case payload). */
export function isCopilotClaudeSpelling(spelling: string): boolean {
  return Object.prototype.hasOwnProperty.call(COPILOT_CLAUDE_SPELLINGS, spelling);
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
function byDialect<T>(pick: (hooks: { label: string; defaultTimeoutSec: number }) => T): Record<HookDialect, T> {
  return Object.fromEntries(HOST_SPECS.flatMap((s) => ('hooks' in s ? [[s.name, pick(s.hooks)]] : []))) as Record<HookDialect, T>;
}

export const DIALECT_LABEL: Readonly<Record<Dialect, string>> = { native: 'stopline', ...byDialect((h) => h.label) };

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

/** The spellings a dialect uses for a canonical event (Claude tool:after has two). */
export function spellingsOf(dialect: Dialect, event: CanonicalEvent): string[] {
  const table = TABLES[dialect];
  return Object.keys(table).filter((k) => table[k] === event);
}

/**
 * Resolve an event name as any host or dialect spells it. `preferDialect` breaks ties
 * (none exist today, but Hermes names are looked up first for host `hermes`).
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
function rowFor(dialect: Exclude<Dialect, 'native'>, event: CanonicalEvent): EventEntry | undefined {
  const name = spellingsOf(dialect, event)[0];
  return SPELLING_ROWS[dialect].find((e) => e.native === name);
}

/**
 * Default handler timeout in seconds when the hook sets none, per dialect and event: the host's
 * own (the registry's hostTimeout: Claude 600 s, SessionEnd about 1.5 s; Codex 600 s, SessionEnd
 * 1 s; Hermes shell hooks 60 s; Gemini, Qwen, Droid and Vibe 60 s; Copilot and Kimi 30 s).
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
