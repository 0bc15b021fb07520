/**
 * Which events an installed hook file registers, and why. A registered event costs a
 * process start every time it fires, and PostToolUse fires after every tool call, so the rows
 * the registry marks `observeOnly` (the guard takes nothing from them: PostToolUse, SubagentStop)
 * are registered only where something needs them:
 *
 * - the person's own hooks for the row's canonical event, in a dialect stopline runs on this host
 *   (a host runs the hooks of its own dialect itself), found by loading their config the
 *   way the hook process does;
 * - after-tool evidence the person asked for (`stopline install <host> --after-evidence`): an
 *   `after` record of what became of every tool call.
 *
 * Every other row with an install column is the guard's own and always registered. The
 * installer, the plugin files (which cannot know a person's config, so register no observe-only
 * row) and doctor all ask this module.
 */
import type { CanonicalEvent } from '../../../core/canonical';
import { CANONICAL_EVENTS } from '../../../core/canonical';
import { hasHooks, loadHooksConfigFromSystem } from '../../../core/hooks';
import type { Dialect } from '../../../core/hooks';
import { installRows } from '../../../core/registry/rows';
import type { EventEntry, HostRegistry, InstallSpec } from '../../../core/registry/types';

export type InstallRow = EventEntry & { install: InstallSpec };

/** What the person's setup asks of the observe-only events. */
export interface ObserveNeeds {
  /** canonical events the person has hooks for that stopline runs on this host */
  hookEvents: ReadonlySet<CanonicalEvent>;
  /** `--after-evidence`: record every after-tool event */
  afterEvidence: boolean;
}

export const NO_NEEDS: ObserveNeeds = { hookEvents: new Set(), afterEvidence: false };

type Registration =
  | { row: InstallRow; registered: true; why: string }
  | { row: InstallRow; registered: false; why: string };

/** Every row with an install column, each with whether it is registered and why. */
export function registrations(registry: HostRegistry, needs: ObserveNeeds): Registration[] {
  return installRows(registry).map((row): Registration => {
    if (!row.install.observeOnly) return { row, registered: true, why: 'the guard' };
    const reasons: string[] = [];
    if (row.canonical && needs.hookEvents.has(row.canonical)) reasons.push(`your ${row.canonical} hooks`);
    if (needs.afterEvidence && row.control === 'action.after') reasons.push('after-tool evidence (--after-evidence)');
    if (reasons.length) return { row, registered: true, why: reasons.join(' and ') };
    return { row, registered: false, why: `nothing needs it (no ${row.canonical ?? row.native} hooks${row.control === 'action.after' ? ', no --after-evidence' : ''})` };
  });
}

/** The rows to register, in table order. */
export function rowsToRegister(registry: HostRegistry, needs: ObserveNeeds): InstallRow[] {
  return registrations(registry, needs).flatMap((r) => (r.registered ? [r.row] : []));
}

/**
 * The canonical events the person has hooks for, loaded as the hook process on this host loads
 * them (`folder` is the project folder; a user-wide install passes the home folder, so only
 * user-level hooks count). A config that cannot be read needs nothing: doctor reports it.
 */
export function personHookEvents(dialect: Exclude<Dialect, 'native'>, env: Readonly<Record<string, string | undefined>>, folder: string): Set<CanonicalEvent> {
  const out = new Set<CanonicalEvent>();
  try {
    const config = loadHooksConfigFromSystem(folder, { env, skipDialects: [dialect] });
    for (const e of CANONICAL_EVENTS) if (hasHooks(config, e)) out.add(e);
  } catch {
    // unreadable: the hooks would not run either way, and doctor says why
  }
  return out;
}

/** One line for the install notes and doctor: what is registered for what, and what is left out. */
export function registrationSummary(regs: readonly Registration[]): string {
  const on = regs.filter((r) => r.registered);
  const extra = on.filter((r) => r.row.install.observeOnly).map((r) => `${r.row.native} for ${r.why}`);
  const off = regs.filter((r) => !r.registered).map((r) => r.row.native);
  return [
    `${on.length} events`,
    extra.length ? `; ${extra.join(', ')}` : '',
    off.length ? `; not registered (nothing needs them): ${off.join(', ')}` : '',
  ].join('');
}
