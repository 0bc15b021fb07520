/**
 * The hook files and settings files of the `groups` form (ShippedHookFile's `groups`) share one shape:
 *   {"hooks": {"<Event>": [ {"matcher"?: "...", "hooks": [ {"type":"command","command":"...", ...} ]} ]}}
 * A file may be the event map itself (`base` []: the events at the top).
 * stopline owns whole groups whose every handler runs its installed script; nothing else
 * in the file is touched. New groups go at the end of an event's list so the position
 * (and a trust key a host derives from it) of every existing group stays where it was.
 */
import {
  JsonEditError,
  appendArrayItem,
  nodeAt,
  nodeValue,
  parseJsonDocument,
  removeArrayItem,
  removeProperty,
  replaceArrayItem,
  type JsonNode,
} from './json-edit';

export interface HookHandler {
  /** for a host that dedupes and disables hooks by name (the `named-groups` form) */
  name?: string;
  type: 'command';
  command: string;
  timeout?: number;
  onFailure?: 'block';
}

export interface HookGroup {
  matcher?: string;
  hooks: HookHandler[];
}

export interface EventGroup {
  event: string;
  group: HookGroup;
}

/** A group belongs to stopline when every one of its handlers runs the installed script. */
type OwnershipTest = (command: string) => boolean;

function isOurGroup(value: unknown, ours: OwnershipTest): boolean {
  if (!value || typeof value !== 'object') return false;
  const hooks = (value as { hooks?: unknown }).hooks;
  if (!Array.isArray(hooks) || hooks.length === 0) return false;
  return hooks.every((h) => h && typeof h === 'object' && typeof (h as { command?: unknown }).command === 'string' && ours((h as { command: string }).command));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** Where the event map sits in the file: under `hooks`, or at the top (a bare event map). */
export type EventMapPath = readonly string[];
const UNDER_HOOKS: EventMapPath = ['hooks'];

function eventList(root: JsonNode, event: string, file: string, base: EventMapPath): JsonNode | undefined {
  const hooks = nodeAt(root, base);
  if (hooks && hooks.type !== 'object') throw new JsonEditError(`${file}: ${base.length ? `"${base.join('.')}"` : 'the file'} is not an object; fix it by hand, then run the install again`);
  const list = nodeAt(root, [...base, event]);
  if (list && list.type !== 'array') throw new JsonEditError(`${file}: "${[...base, event].join('.')}" is not a list; fix it by hand, then run the install again`);
  return list;
}

/**
 * Makes each event hold exactly one stopline group equal to the wanted one: an existing
 * group of ours is updated in place, duplicates are dropped, a missing one is appended.
 */
export function mergeHookGroups(text: string, wanted: readonly EventGroup[], ours: OwnershipTest, file: string, base: EventMapPath = UNDER_HOOKS): string {
  for (const { event, group } of wanted) {
    const list = eventList(parseJsonDocument(text), event, file, base);
    const items = list?.type === 'array' ? list.items.map(nodeValue) : [];
    const mine = items.flatMap((v, i) => (isOurGroup(v, ours) ? [i] : []));
    const first = mine[0];
    if (first === undefined) {
      text = appendArrayItem(text, [...base, event], group);
      continue;
    }
    // drop duplicates from the back so earlier indices stay valid
    for (const i of mine.slice(1).reverse()) text = removeArrayItem(text, [...base, event], i);
    if (!sameValue(items[first], group)) text = replaceArrayItem(text, [...base, event], first, group);
  }
  return text;
}

/** Where our groups sit: event -> group indices, in document order. */
export function findOurGroups(text: string, ours: OwnershipTest, base: EventMapPath = UNDER_HOOKS): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const hooks = nodeAt(parseJsonDocument(text), base);
  if (!hooks || hooks.type !== 'object') return found;
  for (const prop of hooks.props) {
    if (prop.value.type !== 'array') continue;
    const idx = prop.value.items.flatMap((item, i) => (isOurGroup(nodeValue(item), ours) ? [i] : []));
    if (idx.length) found.set(prop.key, idx);
  }
  return found;
}

interface RemovalResult {
  text: string;
  /** event -> (old group index -> new group index) for the groups that stayed */
  moved: Map<string, Map<number, number>>;
  removedCount: number;
}

/**
 * Removes every stopline group (of the events `only` accepts, when given). An event list left
 * empty is removed, and so is a `hooks` object left empty. Reports how the remaining groups
 * moved (a host may key its trust entries by group index).
 */
export function removeHookGroups(text: string, ours: OwnershipTest, base: EventMapPath = UNDER_HOOKS, only?: (event: string) => boolean): RemovalResult {
  const found = new Map([...findOurGroups(text, ours, base)].filter(([event]) => !only || only(event)));
  const moved = new Map<string, Map<number, number>>();
  let removedCount = 0;
  for (const [event, indices] of found) {
    const total = (nodeAt(parseJsonDocument(text), [...base, event]) as { items: unknown[] }).items.length;
    for (const i of [...indices].reverse()) text = removeArrayItem(text, [...base, event], i);
    removedCount += indices.length;
    const remap = new Map<number, number>();
    let next = 0;
    for (let old = 0; old < total; old++) {
      if (indices.includes(old)) continue;
      if (old !== next) remap.set(old, next);
      next++;
    }
    if (remap.size) moved.set(event, remap);
    if (next === 0) text = removeProperty(text, [...base, event]);
  }
  // an empty `hooks` object goes too (the top of a file stays)
  const hooks = nodeAt(parseJsonDocument(text), base);
  if (base.length > 0 && removedCount > 0 && hooks?.type === 'object' && hooks.props.length === 0) text = removeProperty(text, [...base]);
  return { text, moved, removedCount };
}
