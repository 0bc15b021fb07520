/**
 * Every reason code stopline can answer with, its family, and one line each for the docs
 * and the STOP stamp. Codes are stable: evidence, labels and user scripts key on them.
 * docs/reason-codes.md is checked against this table by a test.
 */

/** I intent, H hash, S scope, C control (the guard itself, directives, fail mode). */
export type Family = 'I' | 'H' | 'S' | 'C';

/** The word on the first line of a STOP / WATCH stamp. */
export const FAMILY_WORDS: Readonly<Record<Family, string>> = {
  I: 'INTENT',
  H: 'HASH',
  S: 'SCOPE',
  C: 'CONTROL',
};

export type ReasonKind = 'decision' | 'directive' | 'guard';

export interface ReasonInfo {
  code: string;
  family: Family | null;
  kind: ReasonKind;
  /** one line: when this code is returned */
  summary: string;
}

function r(code: string, family: Family | null, kind: ReasonKind, summary: string): ReasonInfo {
  return { code, family, kind, summary };
}

/** decide() rules, in precedence order (the first that matches wins). */
export const DECISION_PRECEDENCE = [
  'CONTROL_INACTIVE',
  'GUARD_SELF_PROTECTION',
  'MODE_FORBIDS_MUTATION',
  'MUTABILITY_UNPROVEN',
  'HASH_NOT_AUTHORIZED',
  'WRITE_PATH_UNPROVEN',
  'PATH_OUTSIDE_CONTRACT',
  'DEPENDENCY_NOT_AUTHORIZED',
  'UNBOUNDED_DELEGATION',
  'AGENT_BUDGET_EXHAUSTED',
  'WITHIN_CONTRACT',
] as const;
export type DecisionReason = (typeof DECISION_PRECEDENCE)[number];

export const REASONS: Readonly<Record<string, ReasonInfo>> = Object.fromEntries(
  [
    r('CONTROL_INACTIVE', null, 'decision', 'the guard is off or no task mode is confirmed yet: allowed and recorded'),
    r('GUARD_SELF_PROTECTION', 'C', 'decision', "a write would touch stopline's own config, data or installed hooks: denied in every mode"),
    r('MODE_FORBIDS_MUTATION', 'I', 'decision', 'the mode (answer, review, monitor) does not include changing files, and this action writes'),
    r('MUTABILITY_UNPROVEN', 'I', 'decision', 'a non-mutating mode meets an action that cannot be proven read-only: needs approval'),
    r('HASH_NOT_AUTHORIZED', 'H', 'decision', 'the action computes or adds hashing and the contract says hash=deny (or ask)'),
    r('WRITE_PATH_UNPROVEN', 'S', 'decision', 'files= is set and the write target cannot be proven: needs approval'),
    r('PATH_OUTSIDE_CONTRACT', 'S', 'decision', 'a write target is outside files= (an escape above the working folder counts as outside)'),
    r('DEPENDENCY_NOT_AUTHORIZED', 'S', 'decision', 'the action adds or installs a dependency and the contract says deps=ask (default) or deps=deny'),
    r('UNBOUNDED_DELEGATION', 'S', 'decision', 'a fan-out whose subagent count cannot be known meets an agents=N budget'),
    r('AGENT_BUDGET_EXHAUSTED', 'S', 'decision', 'launching these subagents would exceed agents=N (a batch reserves its whole count or nothing)'),
    r('WITHIN_CONTRACT', null, 'decision', 'no rule matched: allowed and recorded'),
    r('GUARD_UNAVAILABLE', 'C', 'guard', 'stopline could not decide (bad event, unreadable state, lock timeout) and the fail mode is closed'),
    r('DIRECTIVE_APPLIED', 'C', 'directive', 'a $stopline directive from the person set a new contract'),
    r('CORRECTION_APPLIED', 'C', 'directive', 'a plain-language correction from the person (e.g. "review only", 只看不改) changed the mode'),
    r('CONTRACT_CONTEXT', 'C', 'directive', 'the contract context line was injected (session start, subagent start, or it changed)'),
    r('QUERY_ANSWERED', 'C', 'directive', 'a status, runtime, explain or label query was answered; the contract did not change'),
    r('INVALID_DIRECTIVE', 'C', 'directive', 'a $stopline directive could not be applied as written (e.g. a level with no mode); contract unchanged'),
    r('INVALID_DIRECTIVE_TOKEN', 'C', 'directive', 'a $stopline directive has a word it does not know; contract unchanged'),
    r('CONFLICTING_DIRECTIVE', 'C', 'directive', 'a $stopline directive names two different values for one setting (e.g. review change); contract unchanged'),
    r('INVALID_AGENT_LIMIT', 'C', 'directive', 'agents= is not a whole number from 0 to 64 or allow; contract unchanged'),
    r('INVALID_POLICY_VALUE', 'C', 'directive', 'deps= or hash= is not deny, ask or allow; contract unchanged'),
    r('INVALID_QUERY', 'C', 'directive', 'a status, runtime, explain or label query is malformed (bad event id or label)'),
  ].map((x) => [x.code, x]),
);

export function reasonInfo(code: string): ReasonInfo | undefined {
  return REASONS[code];
}
