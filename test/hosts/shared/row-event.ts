/** A native event with its registry row, as the runner hands it to a renderer. */
import type { HostRegistry } from '../../../core/registry/types';
import type { RowEvent } from '../../../hosts/shared/adapter';
import { eventEntry } from '../../../hosts/shared/adapter';

export function rowEvent(registry: HostRegistry, name: string): RowEvent {
  const row = eventEntry(registry, name);
  if (!row) throw new Error(`${registry.displayName} has no event row "${name}"`);
  return { name, row };
}
