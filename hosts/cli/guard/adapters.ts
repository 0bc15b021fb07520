/**
 * The dialects `stopline guard` accepts, each as a CommandHookAdapter so one runner
 * (hosts/shared/runner.ts: fail mode, one answer, the person's hooks) serves them all:
 *
 * - native (default): stopline's own canonical form, the payload universal hooks receive:
 *   `{"hook_event_name":"tool:before","session_id","cwd","tool_name":"Bash","tool_input":{…}}`,
 *   with canonical tool names and Claude's field names (file_path, command, …);
 * - every host whose door is a command hook: its adapter, unchanged (command-hook-adapters.ts);
 * - every other host: the door its folder exports (folder-doors.ts), which reads the host's hook
 *   arguments as one JSON object with the host adapter's own functions.
 *
 * Nothing here decides: the mapping is the adapters', the decision the core's.
 */
import { CANONICAL, CANONICAL_EVENTS } from '../../../core/canonical';
import { REGISTRIES } from '../../../core/registry/index';
import { eventRow, rowsFor } from '../../../core/registry/rows';
import type { EventEntry, HostRegistry } from '../../../core/registry/types';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent } from '../../shared/adapter';
import { COMMAND_HOOK_ADAPTERS } from './command-hook-adapters';
import { FOLDER_DOORS } from './folder-doors';
import { bridgeAdapter, commandHookDoor } from './bridge';
import type { GuardDoor, GuardRow, HookShape } from './bridge';
import { CANONICAL_HOST, HOST_NAMES, type HostName } from '../../../core/registry/host-specs';
import { commonHostInfo, eventSkeleton, mappedEvent, promptText, mapToolEvent } from '../../shared/command-hook';
import { nonEmptyString, optionalString } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { isRecord } from '../../../core/check';

/** the payload dialects the bridge reads: stopline's own form, and every host's (core/registry/host-specs.ts) */
export const DIALECTS: readonly GuardDialect[] = ['native', ...HOST_NAMES];
export type GuardDialect = 'native' | HostName;

export function isGuardDialect(name: string): name is GuardDialect {
  return (DIALECTS as readonly string[]).includes(name);
}

/** stopline's own form has Claude's field names already; its tool input is canonical. */
const nativeHookShape: HookShape = (p) => ({ ...p, ...(isRecord(p.tool_input) ? { canonical_input: p.tool_input } : {}) });

/**
 * The native event table: every canonical event under its own name. Tool names are the
 * canonical ones (Bash, Write, Edit, MultiEdit, Read, …) with Claude's input fields, which is
 * the tool table of the host whose fields are canonical (CANONICAL_HOST); an unlisted tool name
 * is unknown (never a silent read).
 * @keep nativeRegistry the guard's own event rows: the parity suite drives the guard with them
 */
export const nativeRegistry: HostRegistry = {
  family: 'guard',
  displayName: 'stopline guard (native)',
  verifiedVersion: '1',
  events: CANONICAL_EVENTS.map(
    (name): EventEntry => eventRow(name, name, CANONICAL[name].controlKind, CANONICAL[name].blockable, { plugin: true }),
  ),
  tools: REGISTRIES[CANONICAL_HOST].tools,
  toolPatterns: REGISTRIES[CANONICAL_HOST].toolPatterns,
  deny: 'guard-exit2',
  ask: 'deny',
  context: 'the "context" field of the one JSON line on stdout',
  unsupported: [],
  blindSpots: [],
  callRecord: { status: 'none', why: 'the calling harness keeps its own record; the bridge is handed one event at a time' },
};

function nativeToControlEvent(entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv): MappedEvent {
  const host = commonHostInfo('guard', payload);
  // a bridge has nobody to ask: an ask is rendered as a deny
  host.hasHuman = false;
  const event = eventSkeleton({ kind: entry.control, payload, host, turnId: nonEmptyString(payload, 'turn_id') });
  if (entry.control === 'prompt.submit') {
    event.prompt = { text: promptText(payload), source: host.agentId ? 'subagent' : 'user' };
  } else if (entry.control === 'action.before' || entry.control === 'action.after') {
    return mapToolEvent(nativeRegistry, native, entry, event, payload, optionalString(payload, 'cwd'), env);
  }
  return mappedEvent(native, entry, event);
}

/** @keep nativeAdapter the guard's native dialect: the property and stress suites drive it */
export const nativeAdapter = bridgeAdapter(nativeRegistry, 'stopline guard', 'guard_exit2_returned', nativeHookShape, nativeToControlEvent);

/** A command-hook door for each adapter of a keyed table. */
function commandHookDoors<K extends string>(adapters: Readonly<Record<K, CommandHookAdapter>>): Record<K, GuardDoor> {
  return Object.fromEntries(Object.entries<CommandHookAdapter>(adapters).map(([host, adapter]) => [host, commandHookDoor(adapter)])) as Record<K, GuardDoor>;
}

/** The bridge's dialect of each host, keyed by the spec's names, and stopline's own. */
export const GUARD_DOORS: Readonly<Record<GuardDialect, GuardDoor>> = {
  native: { ...commandHookDoor(nativeAdapter), hostOutput: () => undefined },
  ...FOLDER_DOORS,
  // every command-hook host reads its payloads with its own adapter, unchanged
  ...commandHookDoors(COMMAND_HOOK_ADAPTERS),
};

/** The event names a dialect accepts (its registry rows with the bridge door), for input checking and the error message. */
export function acceptedEvents(dialect: GuardDialect): readonly string[] {
  return rowsFor(GUARD_DOORS[dialect].adapter.registry.events, 'bridge').map((e) => e.native);
}
