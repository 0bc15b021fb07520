/**
 * decide(): the one pure policy function. Given the contract, one normalized action and a
 * small context (stopline's own paths, HOME, a fallback cwd) it returns what to do and why.
 * No I/O, no clock, no randomness: the same input always gives the same decision, so every
 * rule and its precedence neighbours are table-tested.
 *
 * Precedence (first match wins; docs/reason-codes.md lists the same order):
 *   0 CONTROL_INACTIVE        level off, or no task mode confirmed       allow
 *   1 GUARD_SELF_PROTECTION   write touches stopline's own files          deny
 *   2 MODE_FORBIDS_MUTATION   answer/review/monitor + write               deny
 *   3 MUTABILITY_UNPROVEN     answer/review/monitor + unknown             ask
 *   4 HASH_NOT_AUTHORIZED     hash intent, hash=deny|ask                  deny|ask
 *   5 WRITE_PATH_UNPROVEN     files= set, write/unknown, target unproven  ask
 *   6 PATH_OUTSIDE_CONTRACT   files= set, a target outside it             deny
 *   7 DEPENDENCY_NOT_AUTHORIZED dependency intent, deps=deny|ask          deny|ask
 *   8 UNBOUNDED_DELEGATION    uncountable fan-out under agents=N          deny
 *   9 AGENT_BUDGET_EXHAUSTED  used + count > agents=N                     deny
 *  10 WITHIN_CONTRACT         nothing matched                             allow
 * Under the watch level every deny/ask becomes `context` (the action runs, the model is told).
 */
import { allowListCovers, normalizeTarget } from '../paths';
import type { NormalizedPath } from '../paths';
import type { Action } from '../protocol';
import { REASONS } from '../registry/reasons';
import type { DecisionReason, Family } from '../registry/reasons';
import { NON_MUTATING_MODES, controlState } from './types';
import type { Contract, ControlState, Policy } from './types';

export interface DecideContext {
  /** stopline's own files and folders (absolute), from core/self-paths.ts */
  selfPaths: readonly string[];
  /** HOME, for `~` in targets */
  home?: string;
  /** fallback when the action carries no cwd */
  cwd?: string;
  /** the delegation in this action was already reserved (re-judging it after it ran) */
  reserved?: boolean;
}

export type Verdict = 'allow' | 'ask' | 'deny';
export type DecisionOutcome = 'allow' | 'context' | 'ask' | 'deny';

export interface Decision {
  /** what the host should do now (watch turns deny/ask into context) */
  outcome: DecisionOutcome;
  /** what the rule says for an armed contract */
  verdict: Verdict;
  reasonCode: DecisionReason;
  family: Family | null;
  state: ControlState;
  /** one sentence for the model and the person (may name a path; never stored) */
  explanation: string;
  /** what the model can do next; set on every deny, ask and context */
  nextStep?: string;
  /** number of affected paths; null when unproven */
  pathCount: number | null;
  /** subagent launches to reserve if the action goes ahead */
  reserve: number;
}

/** A delegate call with no count still starts one subagent. */
export function delegationUnits(action: Pick<Action, 'mutability' | 'delegationCount'>): number {
  if (action.mutability !== 'delegate') return 0;
  return Math.max(1, action.delegationCount);
}

function show(t: NormalizedPath): string {
  const s = t.rel;
  return s.length > 80 ? '...' + s.slice(-77) : s;
}

function policyVerdict(p: Policy): Verdict {
  return p === 'ask' ? 'ask' : 'deny';
}

export function decide(contract: Contract, action: Action, ctx: DecideContext): Decision {
  const state = controlState(contract);
  const pathCount = action.affectedPaths === null ? null : action.affectedPaths.length;
  const reserve = delegationUnits(action);
  const done = (reasonCode: DecisionReason, verdict: Verdict, explanation: string, nextStep?: string): Decision => {
    const family = REASONS[reasonCode]?.family ?? null;
    const outcome: DecisionOutcome = verdict === 'allow' ? 'allow' : state === 'OBSERVING' ? 'context' : verdict;
    const d: Decision = { outcome, verdict, reasonCode, family, state, explanation, pathCount, reserve: verdict === 'allow' ? reserve : 0 };
    if (nextStep) d.nextStep = nextStep;
    return d;
  };

  // 0: nothing is enforced without a confirmed mode or with the guard off
  if (state === 'OFF' || contract.mode === 'unconfirmed') {
    return done('CONTROL_INACTIVE', 'allow', state === 'OFF' ? 'stopline is off for this session.' : 'No task mode is confirmed yet; stopline only records.');
  }

  const mode = contract.mode;
  const cwd = action.cwd ?? ctx.cwd;
  const pathOpts = ctx.home ? { home: ctx.home } : {};
  const mutates = action.mutability === 'write' || action.mutability === 'unknown';
  const targets = action.affectedPaths?.map((p) => normalizeTarget(p, cwd, pathOpts)) ?? null;
  const nonMutating = NON_MUTATING_MODES.includes(mode);

  // 1: stopline's own config, data and installed hooks are never the task
  const selfHit = mutates && targets ? targets.find((t) => allowListCovers(ctx.selfPaths, t, cwd, pathOpts)) : undefined;
  if (action.selfTarget === true || selfHit) {
    return done(
      'GUARD_SELF_PROTECTION',
      'deny',
      `This would change stopline's own files${selfHit ? ` (${show(selfHit)})` : ''}, which no task contract covers.`,
      'Leave stopline files alone and continue the task. Only the person changes stopline, outside the agent (or after `$stopline off`).',
    );
  }

  // 2, 3: the mode says what kind of work this is
  if (nonMutating && action.mutability === 'write') {
    return done(
      'MODE_FORBIDS_MUTATION',
      'deny',
      `The task is ${mode} only; this action changes files.`,
      `Do not change files. Report the change you would make and why; the person can allow edits with \`$stopline change -- <task>\`.`,
    );
  }
  if (nonMutating && action.mutability === 'unknown') {
    return done(
      'MUTABILITY_UNPROVEN',
      'ask',
      `The task is ${mode} only and this action cannot be proven read-only.`,
      'Use a tool or command that only reads (e.g. a plain read, grep or git diff), or ask the person to approve this one.',
    );
  }

  // 4: hashing and checksums are added only when the person asked for them
  if (action.hashIntent && contract.hash !== 'allow') {
    return done(
      'HASH_NOT_AUTHORIZED',
      policyVerdict(contract.hash),
      `This action computes or adds hashing, and the contract says hash=${contract.hash}.`,
      'Do the task without adding hashing or checksum checks; if they are really required, say why and the person can allow them with `hash=allow`.',
    );
  }

  // 5, 6: the files= boundary
  if (contract.files !== null && mutates) {
    const files = contract.files;
    const everywhere = files.some((e) => e.trim() === '**');
    const unproven = targets === null || targets.length === 0;
    if (unproven && files.length === 0 && action.mutability === 'write') {
      return done(
        'PATH_OUTSIDE_CONTRACT',
        'deny',
        'The contract has an empty files= list, so no writes are allowed.',
        'Do not write files. Report what you would change; the person can name files with `$stopline change files=<paths> -- <task>`.',
      );
    }
    if (unproven && !everywhere) {
      return done(
        'WRITE_PATH_UNPROVEN',
        'ask',
        `files= is set (${files.length} entr${files.length === 1 ? 'y' : 'ies'}) and the files this action writes cannot be proven.`,
        'Use an edit or write tool that names its file, or a command whose targets are literal paths inside files=; or ask the person to approve.',
      );
    }
    const outside = targets?.find((t) => !allowListCovers(files, t, cwd, pathOpts));
    if (outside) {
      return done(
        'PATH_OUTSIDE_CONTRACT',
        'deny',
        `${show(outside)} is outside files=${files.length ? files.join('|') : ' (empty)'}.`,
        'Keep the change inside files=. If this file really must change, stop and tell the person which file and why; they can widen files=.',
      );
    }
  }

  // 7: new dependencies are a scope decision
  if (action.dependencyIntent && contract.deps !== 'allow') {
    return done(
      'DEPENDENCY_NOT_AUTHORIZED',
      policyVerdict(contract.deps),
      `This action adds or installs a dependency, and the contract says deps=${contract.deps}.`,
      'Solve it with what the project already has; if a new dependency is really needed, name it and why, and the person can allow it with `deps=allow`.',
    );
  }

  // 8, 9: the subagent budget
  if (action.mutability === 'delegate' && contract.agents !== 'allow') {
    const budget = contract.agents;
    if (action.unboundedDelegation) {
      return done(
        'UNBOUNDED_DELEGATION',
        'deny',
        `This starts a fan-out whose number of subagents cannot be known, and the contract allows agents=${budget}.`,
        'Launch a counted number of subagents (or do the work directly); the person can lift the limit with `agents=allow`.',
      );
    }
    const used = ctx.reserved ? Math.max(0, contract.agentsUsed - reserve) : contract.agentsUsed;
    if (used + reserve > budget) {
      return done(
        'AGENT_BUDGET_EXHAUSTED',
        'deny',
        `Launching ${reserve} subagent${reserve === 1 ? '' : 's'} would exceed agents=${budget} (${used} used).`,
        used < budget
          ? `Launch at most ${budget - used} more, or continue the work directly.`
          : 'Continue the work directly without new subagents; the person can raise the budget with a new directive.',
      );
    }
  }

  return done('WITHIN_CONTRACT', 'allow', 'Within the contract.');
}
