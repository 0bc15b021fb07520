/**
 * The task contract: what the person said the agent may do in this session.
 * Plain data so it can be stored, compared and passed to the pure decide().
 */

/** Task modes a person can name. `unconfirmed` is the fresh-session mode (nothing named yet). */
export const MODES = ['answer', 'review', 'monitor', 'change', 'open'] as const;
export type NamedMode = (typeof MODES)[number];
export type Mode = NamedMode | 'unconfirmed';

/** Modes whose task does not include changing the repository. */
export const NON_MUTATING_MODES: readonly Mode[] = ['answer', 'review', 'monitor'];

export const LEVELS = ['watch', 'guard', 'off'] as const;
export type Level = (typeof LEVELS)[number];

export const POLICIES = ['deny', 'ask', 'allow'] as const;
export type Policy = (typeof POLICIES)[number];

/** `allow` = no budget; a number = subagent launches this contract may still reserve in total. */
export type AgentBudget = number | 'allow';

/** The largest agents=N a directive accepts (bigger numbers are a typo more often than a plan). */
export const MAX_AGENT_BUDGET = 64;

/**
 * Where the current contract came from (shown in status; never used to decide). `host`: the
 * person's explicit mode switch in the host itself (OpenCode agent switch, core/answer/host-mode.ts).
 */
export const CONTRACT_SOURCES = ['default', 'config', 'directive', 'correction', 'host'] as const;
type ContractSource = (typeof CONTRACT_SOURCES)[number];

/** deps=, hash= and agents= are the PolicyDefaults' fields. */
export interface Contract extends PolicyDefaults {
  mode: Mode;
  level: Level;
  /** files= allow-list, case preserved; null = no files= boundary; [] = no writes allowed */
  files: string[] | null;
  /** subagent launches reserved since the last directive */
  agentsUsed: number;
  source: ContractSource;
  /** bumps on every contract change; lets messages and evidence say "which contract" */
  revision: number;
  /**
   * `false` when the person said `confine=off`: a command the analysis cannot prove is asked (or
   * denied) as before, never run confined. Absent means on (core/confine).
   */
  confine?: false;
}

export type ControlState = 'OFF' | 'OBSERVING' | 'ARMED';

/**
 * OFF: level off. OBSERVING: watch level, or no confirmed mode yet (checks are recorded,
 * nothing is denied). ARMED: guard level with a confirmed mode.
 */
export function controlState(c: Pick<Contract, 'mode' | 'level'>): ControlState {
  if (c.level === 'off') return 'OFF';
  if (c.mode === 'unconfirmed' || c.level === 'watch') return 'OBSERVING';
  return 'ARMED';
}

/** Policy defaults a mode brings when a directive does not name them. */
export interface PolicyDefaults {
  deps: Policy;
  hash: Policy;
  agents: AgentBudget;
}

export const BUILTIN_DEFAULTS: PolicyDefaults = { deps: 'ask', hash: 'deny', agents: 'allow' };

/**
 * `open` means the person deliberately left the task open-ended: dependencies and
 * subagents are allowed unless named, hashing needs approval. Every other mode uses the
 * configured defaults. files= and self-protection apply in every mode.
 */
const OPEN_MODE_DEFAULTS: PolicyDefaults = { deps: 'allow', hash: 'ask', agents: 'allow' };

export function defaultsForMode(mode: Mode, configured: PolicyDefaults): PolicyDefaults {
  return mode === 'open' ? OPEN_MODE_DEFAULTS : configured;
}

export function freshContract(init: { mode?: Mode; level?: Level; defaults?: PolicyDefaults } = {}): Contract {
  const mode = init.mode ?? 'unconfirmed';
  const d = defaultsForMode(mode, init.defaults ?? BUILTIN_DEFAULTS);
  return {
    mode,
    level: init.level ?? 'watch',
    files: null,
    deps: d.deps,
    hash: d.hash,
    agents: d.agents,
    agentsUsed: 0,
    source: mode === 'unconfirmed' ? 'default' : 'config',
    revision: 0,
  };
}
