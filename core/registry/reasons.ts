/**
 * Every reason code stopline can answer with, its family, and one line each for the docs
 * and the STOP stamp. Codes are stable: evidence, labels and user scripts key on them.
 * docs/reason-codes.md is checked against this table by a test.
 */

/** I intent, H hash, S scope, C control (the guard itself, directives, fail mode), F the floor (safety net). */
export type Family = 'I' | 'H' | 'S' | 'C' | 'F';

/** The word on the first line of a STOP / WATCH stamp. */
export const FAMILY_WORDS: Readonly<Record<Family, string>> = {
  I: 'INTENT',
  H: 'HASH',
  S: 'SCOPE',
  C: 'CONTROL',
  F: 'SAFETY',
};

/**
 * Who answered and how the person should read a notice carrying the code:
 * - decision: decide() judged an action;
 * - directive: the person's directive, correction or query was applied or answered (an info notice);
 * - refusal: the person's directive or query could not be applied as written (a warning notice);
 * - guard: stopline itself could not decide (a warning);
 * - hook: the person's own hooks answered (core/hooks), not the guard.
 */
type ReasonKind = 'decision' | 'directive' | 'refusal' | 'guard' | 'hook';

/** How loud a notice with this reason is when the host has levels (Pi's `ui.notify`). */
export type NoticeLevel = 'info' | 'warning';

const NOTICE_LEVEL: Readonly<Record<ReasonKind, NoticeLevel>> = {
  decision: 'warning',
  directive: 'info',
  refusal: 'warning',
  guard: 'warning',
  hook: 'warning',
};

interface ReasonInfo<C extends string = string> {
  code: C;
  family: Family | null;
  kind: ReasonKind;
  /** one line: when this code is returned */
  summary: string;
}

function r<C extends string>(code: C, family: Family | null, kind: ReasonKind, summary: string): ReasonInfo<C> {
  return { code, family, kind, summary };
}

/**
 * The floor's rules (core/floor/): judged in every session and mode, before anything the contract
 * says; self-protection leads them.
 */
export const FLOOR_RULES = [
  'FLOOR_GIT_DISCARD',
  'FLOOR_WHOLESALE_DELETE',
  'FLOOR_DEVICE_WRITE',
  'FLOOR_SECRET_READ',
  'FLOOR_DOWNLOAD_EXEC',
  'FLOOR_DELETE_UNPROVEN',
  'FLOOR_UNSEEN_CODE',
] as const;
export type FloorReason = (typeof FLOOR_RULES)[number];

/**
 * decide() rules, in precedence order (the first that matches wins).
 * @keep DECISION_PRECEDENCE the order reason codes win in: the decision tests reach every code in it
 */
export const DECISION_PRECEDENCE = [
  'GUARD_SELF_PROTECTION',
  ...FLOOR_RULES,
  'GUARD_SELF_UNPROVEN',
  'CONTROL_INACTIVE',
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

const GUARD_ROWS = [
    r('GUARD_SELF_PROTECTION', 'C', 'decision', "a write would touch stopline's own config, data or installed hooks: denied in every session and mode, contract or not"),
    r('FLOOR_GIT_DISCARD', 'F', 'decision', 'a git command would discard uncommitted or unpushed work (reset --hard, clean -f, push --force, stash drop, branch -D, ...): denied in every session (asked when its words come from its input)'),
    r('FLOOR_WHOLESALE_DELETE', 'F', 'decision', 'a recursive or wholesale delete, truncation or permission change would reach /, HOME, the project root, its history, or a place outside the project (temp folders excepted): denied in every session'),
    r('FLOOR_DEVICE_WRITE', 'F', 'decision', 'the command writes a disk or file system directly, or shreds files (dd of=/dev/..., mkfs, wipefs, shred): denied in every session'),
    r('FLOOR_SECRET_READ', 'F', 'decision', 'the action reads, edits or replaces a secret (private keys, .env files, cloud, registry and coding-agent credentials, keychains, packet captures, and their backups), through the shell or a read or search tool: denied in every session'),
    r('FLOOR_DOWNLOAD_EXEC', 'F', 'decision', 'a download is run as code (curl ... | sh, bash <(curl ...), eval "$(curl ...)"): denied in every session'),
    r('FLOOR_DELETE_UNPROVEN', 'F', 'decision', 'a recursive delete, truncation or permission change whose target is only known at run time: needs approval in every session'),
    r('FLOOR_UNSEEN_CODE', 'F', 'decision', 'the command runs code that only exists at run time (from its input, a variable or a command substitution): needs approval in every session'),
    r('GUARD_SELF_UNPROVEN', 'C', 'decision', "no contract is armed, a shell command's writes cannot be placed and no sandbox can hold it here: needs approval under preset strict (runs as it is otherwise)"),
    r('CONTROL_INACTIVE', null, 'decision', 'the guard is off or no task mode is confirmed yet, and the floor found nothing: allowed and recorded'),
    r('MODE_FORBIDS_MUTATION', 'I', 'decision', 'the mode (answer, review, monitor) does not include changing files, and this action writes'),
    r('MUTABILITY_UNPROVEN', 'I', 'decision', 'a non-mutating mode meets an action that cannot be proven read-only: needs approval'),
    r('HASH_NOT_AUTHORIZED', 'H', 'decision', 'the action computes or adds hashing and the contract says hash=deny (or ask)'),
    r('WRITE_PATH_UNPROVEN', 'S', 'decision', 'files= is set and the write target cannot be proven: needs approval'),
    r('PATH_OUTSIDE_CONTRACT', 'S', 'decision', 'a write target is outside files= (an escape above the working folder counts as outside)'),
    r('DEPENDENCY_NOT_AUTHORIZED', 'S', 'decision', 'the action adds or installs a dependency and the contract says deps=ask (default) or deps=deny'),
    r('UNBOUNDED_DELEGATION', 'S', 'decision', 'a fan-out whose subagent count cannot be known meets an agents=N budget'),
    r('AGENT_BUDGET_EXHAUSTED', 'S', 'decision', 'launching these subagents would exceed agents=N (a batch reserves its whole count or nothing)'),
    r('WITHIN_CONTRACT', null, 'decision', 'no rule matched: allowed and recorded'),
    r('CONFINED', null, 'decision', 'a shell command whose writes cannot be proven runs inside an OS sandbox built from the contract (only what the contract allows is writable) instead of being asked or denied'),
    r('GUARD_UNAVAILABLE', 'C', 'guard', 'stopline could not decide (bad event, unreadable state, lock timeout) and the fail mode is closed'),
    r('CALLS_UNSEEN', 'C', 'guard', "at a turn end: the host's own record holds tool calls that ran and that stopline never checked (its hook did not run for them)"),
    r('STATE_DAMAGED', 'C', 'guard', "the session state file was damaged or replaced by a link and moved aside, and the fail mode is closed: every tool call is stopped until the person sets the contract again"),
    r('DIRECTIVE_NOT_RECORDED', 'C', 'guard', 'a $stopline directive could not be recorded (state not writable): the contract did not change; told to the person as a notice under either fail mode'),
    r('DIRECTIVE_APPLIED', 'C', 'directive', 'a $stopline directive from the person set a new contract'),
    r('CORRECTION_APPLIED', 'C', 'directive', 'a plain-language correction from the person (e.g. "review only", 只看不改) changed the mode'),
    r('CONTRACT_CONTEXT', 'C', 'directive', 'the contract context line was injected (session start, subagent start, or it changed)'),
    r('QUERY_ANSWERED', 'C', 'directive', 'a status, runtime, explain or label query was answered; the contract did not change'),
    r('FLOOR_ALLOW_APPLIED', 'C', 'directive', 'the person let one command the floor stopped through for the rest of the session (`$stopline allow`)'),
    r('INVALID_DIRECTIVE', 'C', 'refusal', 'a $stopline directive could not be applied as written (e.g. a level with no mode); contract unchanged'),
    r('INVALID_DIRECTIVE_TOKEN', 'C', 'refusal', 'a $stopline directive has a word it does not know; contract unchanged'),
    r('CONFLICTING_DIRECTIVE', 'C', 'refusal', 'a $stopline directive names two different values for one setting (e.g. review change); contract unchanged'),
    r('INVALID_AGENT_LIMIT', 'C', 'refusal', 'agents= is not a whole number from 0 to 64 or allow; contract unchanged'),
    r('INVALID_POLICY_VALUE', 'C', 'refusal', 'deps= or hash= is not deny, ask or allow (or confine= not off or on); contract unchanged'),
    r('INVALID_QUERY', 'C', 'refusal', 'a status, runtime, explain or label query is malformed (bad event id or label)'),
] as const;

/**
 * The person's own hooks answered (core/hooks fold): they carry no stamp family, and the stamp
 * is the hook's own reason. Kept apart from REASONS, whose codes are the guard's (the docs
 * table lists those; docs/universal-hooks.md these three).
 */
const HOOK_ROWS = [
  r('hook-deny', null, 'hook', "a hook configured by the person denied (the guard had no objection)"),
  r('hook-ask', null, 'hook', 'a hook configured by the person asked for approval (the guard had no objection)'),
  r('hook-rewrite', null, 'hook', 'a hook configured by the person put another command in place of the model\'s, and the guard had no objection to it'),
] as const;

/** A code the guard answers with. */
type GuardReasonCode = (typeof GUARD_ROWS)[number]['code'];
/** A code the person's hooks answer with. */
type HookReasonCode = (typeof HOOK_ROWS)[number]['code'];
/** Every reason code an Outcome can carry. */
export type ReasonCode = GuardReasonCode | HookReasonCode;

/** The guard's codes (docs/reason-codes.md is checked against exactly these). */
export const REASONS: Readonly<Record<GuardReasonCode, ReasonInfo<GuardReasonCode>>> = Object.fromEntries(GUARD_ROWS.map((x) => [x.code, x])) as Record<
  GuardReasonCode,
  ReasonInfo<GuardReasonCode>
>;

/** The person's hooks' codes. */
const HOOK_REASONS: Readonly<Record<HookReasonCode, ReasonInfo<HookReasonCode>>> = Object.fromEntries(HOOK_ROWS.map((x) => [x.code, x])) as Record<
  HookReasonCode,
  ReasonInfo<HookReasonCode>
>;

function reasonInfo(code: string): ReasonInfo<ReasonCode> | undefined {
  return (REASONS as Record<string, ReasonInfo<ReasonCode>>)[code] ?? (HOOK_REASONS as Record<string, ReasonInfo<ReasonCode>>)[code];
}

/** Whether a code came from the person's hooks rather than the guard. */
export function isHookReason(code: string | undefined): code is HookReasonCode {
  return code !== undefined && code in HOOK_REASONS;
}

/** The notice level of an answer with this code (an unknown or absent code: warning). */
export function noticeLevel(code: string | undefined): NoticeLevel {
  const info = code === undefined ? undefined : reasonInfo(code);
  return info ? NOTICE_LEVEL[info.kind] : 'warning';
}
