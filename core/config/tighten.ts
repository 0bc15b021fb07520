/**
 * The project file may only tighten. A `.stopline/stopline.json` arrives with whatever
 * repository was cloned, so it must never weaken the guard the person set up in their own
 * user file. Every key the config knows has a row here that says which way is "tighter";
 * a project value is taken only when it is at least as tight as the value already in force
 * (built-in default, then the user file). Everything else in a project file is ignored with
 * one stderr line per key naming the key and never the value (the value is whatever a
 * stranger wrote; it is not echoed and not stored).
 *
 * Tighter means: no decision a person can notice gets weaker, now or after they speak. That
 * is why two orders here are partial, not the straight lines one would first write down:
 * - level: `off` starts sessions off but arms a named mode at guard, `watch` starts them
 *   observing but arms at watch, so neither is tighter than the other; only `guard` is.
 * - mode: a mode further along unconfirmed < open < change < answer = review = monitor is
 *   tighter only if its policy defaults (deps, hash, agents) are not looser too: `open` brings
 *   its own (deps allow, hash ask, agents allow), and corrections keep a contract's policies.
 */
import { MAX_AGENT_BUDGET, defaultsForMode } from '../contract/types';
import type { AgentBudget, Level, Mode, Policy, PolicyDefaults } from '../contract/types';
import { presetAtLeastAsTight } from './floor';
import type { FailMode, ParsedFile, StoplineConfig } from './types';

const LEVEL_RANK: Record<Level, number> = { off: 0, watch: 0, guard: 1 };
const MODE_RANK: Record<Mode, number> = { unconfirmed: 0, open: 1, change: 2, monitor: 3, review: 3, answer: 3 };
const POLICY_RANK: Record<Policy, number> = { allow: 0, ask: 1, deny: 2 };
const FAIL_RANK: Record<FailMode, number> = { open: 0, closed: 1 };

/** @keep levelAtLeastAsTight one comparison of TIGHTER_ORDER, tested on each pair of levels */
export function levelAtLeastAsTight(candidate: Level, current: Level): boolean {
  return candidate === current || LEVEL_RANK[candidate] > LEVEL_RANK[current];
}

/** @keep policyAtLeastAsTight one comparison of TIGHTER_ORDER, on the deps and hash policies */
export function policyAtLeastAsTight(candidate: Policy, current: Policy): boolean {
  return POLICY_RANK[candidate] >= POLICY_RANK[current];
}

/**
 * `allow` is no budget at all; a smaller number of subagents is tighter.
 * @keep agentsAtLeastAsTight one comparison of TIGHTER_ORDER, on the agents limit
 */
export function agentsAtLeastAsTight(candidate: AgentBudget, current: AgentBudget): boolean {
  const rank = (a: AgentBudget): number => (a === 'allow' ? -1 : MAX_AGENT_BUDGET - a);
  return rank(candidate) >= rank(current);
}

function failModeAtLeastAsTight(candidate: FailMode, current: FailMode): boolean {
  return FAIL_RANK[candidate] >= FAIL_RANK[current];
}

function defaultsAtLeastAsTight(candidate: PolicyDefaults, current: PolicyDefaults): boolean {
  return policyAtLeastAsTight(candidate.deps, current.deps) && policyAtLeastAsTight(candidate.hash, current.hash) && agentsAtLeastAsTight(candidate.agents, current.agents);
}

/**
 * `defaults` are the configured policy defaults in force (after the project's own tightening).
 * @keep modeAtLeastAsTight one comparison of TIGHTER_ORDER: a mode may not bring looser defaults
 */
export function modeAtLeastAsTight(candidate: Mode, current: Mode, defaults: PolicyDefaults): boolean {
  if (candidate === current) return true;
  return MODE_RANK[candidate] >= MODE_RANK[current] && defaultsAtLeastAsTight(defaultsForMode(candidate, defaults), defaultsForMode(current, defaults));
}

/**
 * The order of every key, as docs/contract.md states it (tests check the table covers every key).
 * @keep TIGHTER_ORDER the order a project file may only tighten along: the test holds it to name every key
 *   the config reads
 */
export const TIGHTER_ORDER: Readonly<Record<string, string>> = {
  defaultLevel: 'off, watch < guard (off and watch are not comparable)',
  defaultMode: 'unconfirmed < open < change < answer = review = monitor, and the mode\'s policy defaults may not get looser',
  failMode: 'open < closed',
  'defaults.deps': 'allow < ask < deny',
  'defaults.hash': 'allow < ask < deny',
  'defaults.agents': '"allow" < 64 < ... < 1 < 0',
  'floor.preset': 'off < standard < strict',
  'floor.secrets': 'a project adds paths to the person\'s, never removes one',
  'floor.exceptions': 'user file only (an exception lifts a floor rule)',
  dataDir: 'user file only (where evidence goes)',
  retentionDays: 'user file only (how long evidence is kept)',
  confine: 'user file only (a cloned project cannot turn confinement off, nor back on against the person)',
  projectHooks: 'user file only (lets project hooks run)',
  dashboard: 'user file only (starts a program)',
  hooks: 'runs only when the user file says "projectHooks": true',
  import: 'runs only when the user file says "projectHooks": true',
};

/** Keys a project file can never set: they run code, move or drop the person's evidence, or turn confinement off. */
const USER_ONLY_KEYS = ['dataDir', 'retentionDays', 'projectHooks', 'dashboard', 'confine'] as const;

/** Keys that make commands run; the user file's `"projectHooks": true` lets the project's through. */
const HOOK_KEYS = ['hooks', 'import'] as const;

/** A key name from a file, made safe to print on one line (a cloned file may hold anything). */
function printableKey(key: string): string {
  return /^[A-Za-z0-9_.$-]{1,40}$/.test(key) ? key : 'a key with an unusual name';
}

/**
 * Lay the parsed project file over `config` (already holding the user file), moving each key
 * only towards tighter. Returns the names of the keys that were ignored, each with why; the
 * caller prints one line for each. `userExtras` are the user file's unknown keys
 * (`projectHooks` lives there).
 */
export function applyProjectFile(config: StoplineConfig, project: ParsedFile, userExtras: Record<string, unknown>): { key: string; why: string }[] {
  const ignored: { key: string; why: string }[] = [];
  const looser = (key: string) => ignored.push({ key, why: 'looser than the user config, and a project file may only tighten' });

  // defaults first: whether a mode move is tighter depends on the defaults it brings
  for (const key of ['deps', 'hash'] as const) {
    const v = project.defaults[key];
    if (v === undefined) continue;
    if (policyAtLeastAsTight(v, config.defaults[key])) config.defaults[key] = v;
    else looser(`defaults.${key}`);
  }
  const agents = project.defaults.agents;
  if (agents !== undefined) {
    if (agentsAtLeastAsTight(agents, config.defaults.agents)) config.defaults.agents = agents;
    else looser('defaults.agents');
  }
  if (project.defaultLevel !== undefined) {
    if (levelAtLeastAsTight(project.defaultLevel, config.defaultLevel)) config.defaultLevel = project.defaultLevel;
    else looser('defaultLevel');
  }
  if (project.defaultMode !== undefined) {
    if (modeAtLeastAsTight(project.defaultMode, config.defaultMode, config.defaults)) config.defaultMode = project.defaultMode;
    else looser('defaultMode');
  }
  if (project.failMode !== undefined) {
    if (failModeAtLeastAsTight(project.failMode, config.failMode)) config.failMode = project.failMode;
    else looser('failMode');
  }

  // the floor: a project may raise the preset and add secret paths, never lift a rule
  if (project.floor.preset !== undefined) {
    if (presetAtLeastAsTight(project.floor.preset, config.floor.preset)) config.floor = { ...config.floor, preset: project.floor.preset };
    else looser('floor.preset');
  }
  if (project.floor.secrets?.length) config.floor = { ...config.floor, secrets: [...config.floor.secrets, ...project.floor.secrets] };
  if (project.floor.exceptions !== undefined) ignored.push({ key: 'floor.exceptions', why: 'only the user config may lift a floor rule' });

  // parseFile keeps dataDir and retentionDays apart; the rest of the user-only keys are extras
  if (project.dataDir !== undefined) ignored.push({ key: 'dataDir', why: 'only the user config may set it' });
  if (project.retentionDays !== undefined) ignored.push({ key: 'retentionDays', why: 'only the user config may set it' });
  const passed: Record<string, unknown> = {};
  const projectHooksOn = userExtras.projectHooks === true;
  for (const [key, value] of Object.entries(project.extras)) {
    if ((USER_ONLY_KEYS as readonly string[]).includes(key)) ignored.push({ key, why: 'only the user config may set it' });
    else if ((HOOK_KEYS as readonly string[]).includes(key)) {
      if (projectHooksOn) passed[key] = value;
      else ignored.push({ key, why: 'project hooks run only when the user config sets "projectHooks"' });
    } else ignored.push({ key: printableKey(key), why: 'not a setting a project file can make' });
  }
  config.extras.project = passed;
  return ignored;
}
