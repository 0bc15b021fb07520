/**
 * A native event with its registry row, as the runner hands it to a renderer; and the check every
 * adapter suite runs on its captured payloads, that the adapter maps each one as its row says.
 */
import { expect } from 'vitest';
import { parseControlEvent } from '../../../core/protocol';
import type { HostRegistry } from '../../../core/registry/types';
import type { MappedEvent, RowEvent } from '../../../hosts/shared/adapter';
import { eventEntry } from '../../../hosts/shared/adapter';

export function rowEvent(registry: HostRegistry, name: string): RowEvent {
  const row = eventEntry(registry, name);
  if (!row) throw new Error(`${registry.displayName} has no event row "${name}"`);
  return { name, row };
}

/**
 * What the adapter made of a captured payload of event `native` agrees with the event's row:
 * the row exists; an event is of the row's control kind and the protocol accepts it; an ignored
 * payload is one whose row has no control kind, unless `ignoredAnyway` says why this one is.
 */
export function expectMappedAsRowSays(registry: HostRegistry, native: unknown, m: MappedEvent, ignoredAnyway = false): void {
  const entry = registry.events.find((e) => e.native === native);
  expect(entry, `${String(native)} is not in the ${registry.displayName} registry`).toBeDefined();
  if (m.kind === 'event') {
    expect(entry!.control).toBe(m.event.kind);
    const parsed = parseControlEvent(m.event);
    expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
  } else {
    expect(m.kind).toBe('ignored');
    if (!ignoredAnyway) expect(entry!.control).toBeNull();
  }
}
