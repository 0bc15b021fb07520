/**
 * Row builders for the per-host registry tables, so each host file reads as a table.
 */
import type { EventEntry, ToolEntry } from './types';

/** one tool row: name, kind, and the optional input fields */
export const toolRow = (name: string, kind: ToolEntry['kind'], rest: Omit<ToolEntry, 'name' | 'kind'> = {}): ToolEntry => ({ name, kind, ...rest });

/** one event row; `note` is left out when empty */
export const eventRow = (native: string, canonical: EventEntry['canonical'], control: EventEntry['control'], blockable: boolean, registered: boolean, note?: string): EventEntry => ({
  native,
  canonical,
  control,
  blockable,
  registered,
  ...(note ? { note } : {}),
});
