/**
 * Applying a parsed directive or correction to the current contract. Pure: returns the
 * new contract (or an error that leaves the old one exactly as it was).
 */
import type { Correction } from './corrections';
import type { DirectiveSpec } from './grammar';
import { defaultsForMode } from './types';
import type { Contract, Level, PolicyDefaults } from './types';

export interface ContractSettings {
  /** policy defaults for modes other than `open` (from config) */
  defaults: PolicyDefaults;
  /** level a mode gets when it is named without one */
  armLevel: Exclude<Level, 'off'>;
}

export type ApplyResult = { ok: true; contract: Contract } | { ok: false; code: 'INVALID_DIRECTIVE'; message: string };

/**
 * A directive that names a mode starts a new contract: settings it does not name take the
 * mode's defaults, and a mode without a level arms (the anchor guard kept `off` after
 * `$stop-that-shit off` + `review`, leaving the person unprotected without saying so).
 * A directive without a mode amends the current contract: only the named settings change.
 * Every directive resets the agents used count.
 */
export function applyDirective(current: Contract, d: DirectiveSpec, s: ContractSettings): ApplyResult {
  const level = d.level ?? (d.mode ? s.armLevel : current.level);
  if (!d.mode && current.mode === 'unconfirmed' && level === 'guard') {
    return {
      ok: false,
      code: 'INVALID_DIRECTIVE',
      message: '`guard` needs a task mode, e.g. `$stopline review guard -- task` or `$stopline change files=src/** -- task`.',
    };
  }
  const def = d.mode ? defaultsForMode(d.mode, s.defaults) : null;
  // what the directive does not name: a new mode's defaults (every file), else the contract in force
  const from = d.mode && def ? { mode: d.mode, level, files: null, deps: def.deps, hash: def.hash, agents: def.agents } : current;
  const contract = { ...from, level, files: d.files ?? from.files, deps: d.deps ?? from.deps, hash: d.hash ?? from.hash, agents: d.agents ?? from.agents, agentsUsed: 0, source: 'directive' as const, revision: current.revision + 1 };
  return { ok: true, contract: withConfine(contract, d.confine ?? (d.mode ? true : current.confine !== false)) };
}

/** A contract with confinement on (the field absent) or off (`confine: false`). */
function withConfine(c: Contract, on: boolean): Contract {
  const { confine: _, ...rest } = c;
  return on ? rest : { ...rest, confine: false };
}

/**
 * A correction changes the mode and keeps every other setting. It arms the guard only when
 * no mode was confirmed yet; a level the person chose (watch, off) is kept. Returns null when
 * the correction names the mode already in force.
 */
export function applyCorrection(current: Contract, c: Correction, s: ContractSettings): Contract | null {
  if (current.mode === c.mode) return null;
  const fromFresh = current.mode === 'unconfirmed';
  // a level the person set with a directive (e.g. `$stopline watch`) survives a correction
  const keepLevel = current.level === 'off' || !fromFresh || current.source === 'directive';
  const def = defaultsForMode(c.mode, s.defaults);
  return {
    ...current,
    mode: c.mode,
    level: keepLevel ? current.level : s.armLevel,
    deps: fromFresh ? def.deps : current.deps,
    hash: fromFresh ? def.hash : current.hash,
    agents: fromFresh ? def.agents : current.agents,
    source: 'correction',
    revision: current.revision + 1,
  };
}
