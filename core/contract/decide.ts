/**
 * decide(): the one pure policy function. Given the contract, one normalized action and a
 * small context (stopline's own paths, HOME, a fallback cwd) it returns what to do and why.
 * No I/O, no clock, no randomness: the same input always gives the same decision, so every
 * rule and its precedence neighbours are table-tested.
 *
 * Precedence (first match wins; docs/reason-codes.md lists the same order). The floor comes
 * first and holds in every state, armed or not, under every level (core/floor/):
 *   F GUARD_SELF_PROTECTION   write touches stopline's own files          deny
 *   F FLOOR_*                 what no task needs (floor.ts FLOOR_ORDER)   deny | ask
 *   0 CONTROL_INACTIVE        level off, or no task mode confirmed       allow
 *   2 MODE_FORBIDS_MUTATION   answer/review/monitor + write               deny
 *   3 MUTABILITY_UNPROVEN     answer/review/monitor + unknown             ask
 *   4 HASH_NOT_AUTHORIZED     hash intent, hash=deny|ask                  deny|ask
 *   5 WRITE_PATH_UNPROVEN     files= set, write/unknown, target unproven  ask
 *   6 PATH_OUTSIDE_CONTRACT   files= set, a target outside it             deny
 *   7 DEPENDENCY_NOT_AUTHORIZED dependency intent, deps=deny|ask          deny|ask
 *   8 UNBOUNDED_DELEGATION    uncountable fan-out under agents=N          deny
 *   9 AGENT_BUDGET_EXHAUSTED  used + count > agents=N                     deny
 *  10 WITHIN_CONTRACT         nothing matched                             allow
 * Under the watch level every deny/ask of the contract becomes `context` (the action runs, the
 * model is told); the floor's answers stand under every level. Rules 2, 3, 5 and 6 do not count a
 * write proven to land only in a temp folder (scratch.ts); the floor and self-protection do.
 *
 * One action can break several rules (`npm install x` under `files=src/** deps=deny` writes
 * where nobody can prove and adds a dependency). The reason code is the first by precedence;
 * `also` names the first broken rule of every other concern (writes, hashing, dependencies,
 * subagents), so the model is told every intent that is refused and does not retry the same
 * one in another form. The verdict is the strictest of them: approving an ask must not let
 * through something another rule denies.
 *
 * `confinable` says when the operating system can hold a shell command to the contract instead
 * (core/confine): under an armed contract, every rule it breaks only says "cannot be proven"
 * (MUTABILITY_UNPROVEN, WRITE_PATH_UNPROVEN), or it breaks none but writes where nobody can
 * place, so stopline's own paths are not proven safe from it. With no contract armed (a fresh
 * session, watch, off) the floor is the only rule, and a command that writes where nobody can
 * place is confinable as well, held only away from what stopline protects: otherwise one line of
 * code nobody can read would rewrite a host's settings and switch the guard off. decide() only
 * says so; whether a sandbox runs it is the controller's call. Where none can (`unconfined`), such
 * a command runs as it is, or under the strict floor is asked (GUARD_SELF_UNPROVEN).
 */
import { inFrame, landingOf } from '../paths/path-links';
import type { PathProbe } from '../paths/path-links';
import { allowListCovers, entryInsideTarget, expandFilesEntries, normalizeTarget } from '../paths/paths';
import type { NormalizedPath } from '../paths/paths';
import type { Action } from '../protocol';
import { judgeFloor } from '../floor/floor';
import type { FloorSettings } from '../floor/floor';
import { REASONS } from '../registry/reasons';
import type { DecisionReason, Family } from '../registry/reasons';
import { withoutScratch } from './scratch';
import type { ScratchPlace } from './scratch';
import { NON_MUTATING_MODES, controlState } from './types';
import type { Contract, ControlState, Policy } from './types';

/** @keep DecideContext the context decide() takes: the decision tests build it */
export interface DecideContext {
  /** stopline's own files and folders (absolute), from core/paths/self-paths.ts */
  selfPaths: readonly string[];
  /** HOME, for `~` in targets */
  home?: string;
  /** fallback when the action carries no cwd */
  cwd?: string;
  /** the delegation in this action was already reserved (re-judging it after it ran) */
  reserved?: boolean;
  /**
   * What the file system holds now (core/paths/path-links.ts), read by the caller at decision time.
   * With it a write is also judged where its symbolic links lead, and a folder counts as holding
   * stopline's files only when one of them is (or may be) there. Without it paths are judged as
   * written and a folder holds every protected path below it, existing or not.
   */
  probe?: PathProbe;
  /**
   * The floor's settings and where the session works (core/floor/). Absent: the standard floor,
   * with the cwd as the project root and no exceptions.
   */
  floor?: FloorContext;
  /**
   * No sandbox can hold a shell command here (confinement off, none on this machine, or the host
   * runs no rewritten command): set by the caller that tried and could not, deciding once more.
   */
  unconfined?: boolean;
}

export interface FloorContext {
  settings: FloorSettings;
  /** the project root (config), else the cwd */
  projectRoot?: string;
  /** temp folders beyond the system's (the hook's $TMPDIR) */
  tempRoots?: readonly string[];
  /** the person let this action through once for this rule (`$stopline allow`) */
  allowed?: (rule: DecisionReason) => boolean;
}

const STANDARD_FLOOR: FloorSettings = { preset: 'standard', exceptions: [], secrets: [] };

type Verdict = 'allow' | 'ask' | 'deny';
/** @keep DecisionOutcome the outcome decide() returns: the decision table rows are typed with it */
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
  /** the other rules this action breaks, one per concern, in precedence order (absent when none) */
  also?: BrokenRule[];
  /** the action may run confined to the contract instead (see the note at the top); absent when not */
  confinable?: Confinable;
}

/** Why a shell command may run confined: the unproven rules it breaks (empty: none, its writes are unplaced). */
interface Confinable {
  rules: ConfinableRule[];
}

/** The rules that only say "cannot be proven": a sandbox built from the contract settles them. */
const CONFINABLE_RULES = ['MUTABILITY_UNPROVEN', 'WRITE_PATH_UNPROVEN'] as const;
type ConfinableRule = (typeof CONFINABLE_RULES)[number];

function isConfinableRule(code: DecisionReason): code is ConfinableRule {
  return (CONFINABLE_RULES as readonly string[]).includes(code);
}

/** One broken rule: its code, what it alone would say, and why. */
interface BrokenRule {
  reasonCode: DecisionReason;
  family: Family | null;
  verdict: 'ask' | 'deny';
  explanation: string;
  nextStep: string;
}

/**
 * A delegate call with no count still starts one subagent; a call whose effects are unknown
 * counts the subagents it names (one whose own calls no hook sees).
 */
export function delegationUnits(action: Pick<Action, 'mutability' | 'delegationCount'>): number {
  if (action.mutability !== 'delegate') return action.mutability === 'unknown' ? Math.max(0, action.delegationCount) : 0;
  return Math.max(1, action.delegationCount);
}

function show(t: NormalizedPath): string {
  return shorten(t.rel);
}

function shorten(s: string): string {
  return s.length > 80 ? '...' + s.slice(-77) : s;
}

function policyVerdict(p: Policy): 'ask' | 'deny' {
  return p === 'ask' ? 'ask' : 'deny';
}

/** What the action would do, placed once for every rule. */
interface Facts {
  contract: Contract;
  action: Action;
  ctx: DecideContext;
  cwd: string | undefined;
  pathOpts: { home?: string };
  mutates: boolean;
  targets: NormalizedPath[] | null;
  /** where targets land through symbolic links, when that differs from the path as written */
  landed: Landed[];
  /** a target's landing could not be read (the probe failed on a step, or links loop) */
  landingUnknown: boolean;
  nonMutating: boolean;
}

/** A write's landing place and the path, as written, that leads there. */
interface Landed {
  at: NormalizedPath;
  via: NormalizedPath;
}

/**
 * The landing of every target that a symbolic link sends elsewhere, in the contract's folder
 * names (a working folder reached through a link keeps its own name).
 */
function landings(targets: NormalizedPath[] | null, cwd: string | undefined, pathOpts: { home?: string }, probe: PathProbe | undefined): { landed: Landed[]; unknown: boolean } {
  const landed: Landed[] = [];
  if (!probe || !targets) return { landed, unknown: false };
  let unknown = false;
  // the working folder's own real place, read only once a landing differs from its text
  let frames: { text: string; real: string }[] | undefined;
  const cwdFrames = () => {
    const text = cwd ? normalizeTarget(cwd, undefined).abs : null;
    const real = text ? landingOf(text, probe) : null;
    return text && real ? [{ text, real }] : [];
  };
  for (const t of targets) {
    if (t.abs === null) continue;
    const real = landingOf(t.abs, probe);
    if (real === null) {
      unknown = true;
      continue;
    }
    if (real === t.abs) continue;
    const at = inFrame(real, (frames ??= cwdFrames()), t.style === 'win32');
    if (at === t.abs) continue;
    landed.push({ at: normalizeTarget(at, cwd, pathOpts), via: t });
  }
  return { landed, unknown };
}

type Concern = 'writes' | 'hash' | 'deps' | 'agents';
type RuleCheck = (f: Facts) => Omit<BrokenRule, 'family'> | null;

function broken(reasonCode: DecisionReason, verdict: 'ask' | 'deny', explanation: string, nextStep: string): Omit<BrokenRule, 'family'> {
  return { reasonCode, verdict, explanation, nextStep };
}

// the floor's first rule: stopline's own config, data and installed hooks are never the task; neither is a folder
// holding them (moving, removing or overwriting ~/.claude takes its settings.json with it), nor a
// place a symbolic link leads to
const selfProtection: RuleCheck = ({ action, ctx, cwd, pathOpts, mutates, targets, landed }) => {
  let hit: NormalizedPath | undefined;
  let via: NormalizedPath | undefined;
  let holds: string | undefined;
  if (mutates && targets) {
    const own = protectedPaths(ctx, landed.length > 0);
    // a folder holds a protected path only when one may be there (a probe proves absence); the
    // disk is asked only about the protected paths inside the target
    const held = (t: NormalizedPath) => {
      const inside = own.filter((p) => entryInsideTarget(t, [p], cwd, pathOpts) !== undefined);
      return ctx.probe ? inside.find((p) => ctx.probe!(p) !== 'missing') : inside[0];
    };
    const candidates: { t: NormalizedPath; via?: NormalizedPath }[] = [...targets.map((t) => ({ t })), ...landed.map((l) => ({ t: l.at, via: l.via }))];
    for (const c of candidates) {
      if (allowListCovers(own, c.t, cwd, pathOpts)) {
        hit = c.t;
        via = c.via;
        break;
      }
      const inner = held(c.t);
      if (inner !== undefined) {
        hit = c.t;
        via = c.via;
        holds = inner;
        break;
      }
    }
  }
  // running one of stopline's own files (its hook script, fed a made-up event) drives its state as the host would
  const ran = !hit && action.runs?.length ? firstProtected(ctx, action.runs, cwd, pathOpts, true) : undefined;
  if (ran) {
    return broken(
      'GUARD_SELF_PROTECTION',
      'deny',
      `This would run stopline's own file ${shorten(ran)}, which only the host runs; no task contract covers it.`,
      'Leave stopline files alone and continue the task. Only the person runs stopline by hand, outside the agent (or lets this one command through with `$stopline allow`).',
    );
  }
  // a one-liner whose code spells one of stopline's own paths may be what changes it: the code is
  // not read, so naming the file is the one fact there is (a proven read stays free)
  const named = !hit && action.mutability !== 'read' && action.codeNames?.length ? firstProtected(ctx, action.codeNames, cwd, pathOpts, false) : undefined;
  if (named) {
    return broken(
      'GUARD_SELF_PROTECTION',
      'deny',
      `This runs code that names stopline's own file ${shorten(named)}, which no task contract covers.`,
      'Leave stopline files alone and continue the task; to read one, use a plain reader such as `cat` or `jq`. Only the person changes stopline, outside the agent (or lets this one command through with `$stopline allow`).',
    );
  }
  if (action.selfTarget !== true && !hit) return null;
  const through = via ? ` through the link ${show(via)}` : '';
  if (hit && holds !== undefined) {
    return broken(
      'GUARD_SELF_PROTECTION',
      'deny',
      `This would change ${show(hit)}${through}, a folder that holds stopline's own files (${shorten(holds)}), which no task contract covers.`,
      'Leave that folder alone and name the files inside it the task needs (e.g. `git checkout -- src` rather than `git checkout .`). Only the person changes stopline, outside the agent (or lets this one command through with `$stopline allow`).',
    );
  }
  return broken(
    'GUARD_SELF_PROTECTION',
    'deny',
    `This would change stopline's own files${hit ? ` (${show(hit)}${through})` : ''}, which no task contract covers.`,
    'Leave stopline files alone and continue the task. Only the person changes stopline, outside the agent (or lets this one command through with `$stopline allow`).',
  );
};

/**
 * The first of these paths that is one of stopline's protected paths (or inside one): a path
 * spelled in the action's code, or (`throughLinks`) a program file it runs, also where it lands.
 */
function firstProtected(ctx: DecideContext, paths: readonly string[], cwd: string | undefined, pathOpts: { home?: string }, throughLinks: boolean): string | undefined {
  const own = protectedPaths(ctx, !!ctx.probe);
  for (const p of paths) {
    const t = normalizeTarget(p, cwd, pathOpts);
    if (allowListCovers(own, t, cwd, pathOpts)) return t.rel;
    const real = throughLinks && ctx.probe && t.abs ? landingOf(t.abs, ctx.probe) : null;
    if (real && real !== t.abs && allowListCovers(own, normalizeTarget(real, cwd, pathOpts), cwd, pathOpts)) return t.rel;
  }
  return undefined;
}

/**
 * stopline's own paths; once a link is involved, also their real places (a home folder reached
 * through a link holds its config under the real name too).
 */
function protectedPaths(ctx: DecideContext, withReal: boolean): readonly string[] {
  if (!withReal || !ctx.probe) return ctx.selfPaths;
  const out = [...ctx.selfPaths];
  for (const p of ctx.selfPaths) {
    const abs = normalizeTarget(p, undefined).abs;
    const real = abs ? landingOf(abs, ctx.probe) : null;
    if (real && real !== abs && !out.includes(real)) out.push(real);
  }
  return out;
}

// 2, 3: the mode says what kind of work this is
const modeForbids: RuleCheck = ({ contract, action, nonMutating }) => {
  if (!nonMutating) return null;
  if (action.mutability === 'write') {
    return broken(
      'MODE_FORBIDS_MUTATION',
      'deny',
      `The task is ${contract.mode} only; this action changes files.`,
      `Do not change files. Report the change you would make and why; the person can allow edits with \`$stopline change -- <task>\`.`,
    );
  }
  if (action.mutability === 'unknown') {
    return broken(
      'MUTABILITY_UNPROVEN',
      'ask',
      `The task is ${contract.mode} only and this action cannot be proven read-only.`,
      'Use a tool or command that only reads (e.g. a plain read, grep or git diff), or ask the person to approve this one.',
    );
  }
  return null;
};

// 4: hashing and checksums are added only when the person asked for them
const hashRule: RuleCheck = ({ contract, action }) => {
  if (!action.hashIntent || contract.hash === 'allow') return null;
  return broken(
    'HASH_NOT_AUTHORIZED',
    policyVerdict(contract.hash),
    `This action computes or adds hashing, and the contract says hash=${contract.hash}.`,
    'Do the task without adding hashing or checksum checks; if they are really required, say why and the person can allow them with `hash=allow`.',
  );
};

// 5, 6: the files= boundary. A target nobody can place (an unknown prefix or scheme, a
// run-time value, a link that cannot be read) is never inside it, `files=**` included: `**` is
// everything in the project, and an unplaced write cannot be shown to be in the project.
const filesRule: RuleCheck = ({ contract, action, cwd, pathOpts, mutates, targets, landed, landingUnknown }) => {
  if (contract.files === null || !mutates) return null;
  const files = contract.files;
  const unproven = targets === null || targets.length === 0 || landingUnknown;
  if (unproven && files.length === 0 && action.mutability === 'write') {
    return broken(
      'PATH_OUTSIDE_CONTRACT',
      'deny',
      'The contract has an empty files= list, so no writes are allowed.',
      'Do not write files. Report what you would change; the person can name files with `$stopline change files=<paths> -- <task>`.',
    );
  }
  // `{a,b}` braces are alternatives: each expanded entry is a glob of its own
  const patterns = expandFilesEntries(files);
  // a proven target outside is the stronger answer (deny) whatever else is unproven
  const outside = targets?.find((t) => !allowListCovers(patterns, t, cwd, pathOpts));
  const outsideLanding = outside ? undefined : landed.find((l) => !allowListCovers(patterns, l.at, cwd, pathOpts));
  if (!outside && !outsideLanding && unproven) {
    return broken(
      'WRITE_PATH_UNPROVEN',
      'ask',
      `files= is set (${files.length} entr${files.length === 1 ? 'y' : 'ies'}) and the files this action writes cannot be proven${landingUnknown && targets?.length ? ' (a link on the way cannot be read)' : ''}.`,
      'Use an edit or write tool that names its file, or a command whose targets are literal paths inside files=; or ask the person to approve.',
    );
  }
  if (!outside && !outsideLanding) return null;
  const where = outside ? show(outside) : `${show(outsideLanding!.via)} leads through a symbolic link to ${show(outsideLanding!.at)}, which`;
  return broken(
    'PATH_OUTSIDE_CONTRACT',
    'deny',
    `${where} is outside files=${files.length ? files.join('|') : ' (empty)'}.`,
    'Keep the change inside files=. If this file really must change, stop and tell the person which file and why; they can widen files=.',
  );
};

// 7: new dependencies are a scope decision
const depsRule: RuleCheck = ({ contract, action }) => {
  if (!action.dependencyIntent || contract.deps === 'allow') return null;
  return broken(
    'DEPENDENCY_NOT_AUTHORIZED',
    policyVerdict(contract.deps),
    `This action adds or installs a dependency, and the contract says deps=${contract.deps}.`,
    'Solve it with what the project already has; if a new dependency is really needed, name it and why, and the person can allow it with `deps=allow`.',
  );
};

// 8, 9: the subagent budget
const agentsRule: RuleCheck = ({ contract, action, ctx }) => {
  if (delegationUnits(action) === 0 || contract.agents === 'allow') return null;
  const budget = contract.agents;
  if (action.unboundedDelegation) {
    return broken(
      'UNBOUNDED_DELEGATION',
      'deny',
      `This starts a fan-out whose number of subagents cannot be known, and the contract allows agents=${budget}.`,
      'Launch a counted number of subagents (or do the work directly); the person can lift the limit with `agents=allow`.',
    );
  }
  const reserve = delegationUnits(action);
  const used = ctx.reserved ? Math.max(0, contract.agentsUsed - reserve) : contract.agentsUsed;
  if (used + reserve <= budget) return null;
  return broken(
    'AGENT_BUDGET_EXHAUSTED',
    'deny',
    `Launching ${reserve} subagent${reserve === 1 ? '' : 's'} would exceed agents=${budget} (${used} used).`,
    used < budget
      ? `Launch at most ${budget - used} more, or continue the work directly.`
      : 'Continue the work directly without new subagents; the person can raise the budget with a new directive.',
  );
};

/**
 * The rules in precedence order, each tagged with the concern it guards. Within one concern the
 * first broken rule says everything (a review-only task refuses a write whatever its path), so
 * only the first of each concern is reported.
 */
const RULES: readonly (readonly [Concern, RuleCheck])[] = [
  ['writes', modeForbids],
  ['hash', hashRule],
  ['writes', filesRule],
  ['deps', depsRule],
  ['agents', agentsRule],
];

export function decide(contract: Contract, given: Action, ctx: DecideContext): Decision {
  const state = controlState(contract);
  const action = settleOpens(given, ctx);
  const pathCount = action.affectedPaths === null ? null : action.affectedPaths.length;
  const reserve = delegationUnits(action);
  const outcomeOf = (verdict: Verdict): DecisionOutcome => (verdict === 'allow' ? 'allow' : state === 'OBSERVING' ? 'context' : verdict);

  const facts = factsOf(contract, action, ctx);

  // the floor: what no task needs, whatever the contract says (and with no contract at all)
  const floor = floorBreaks(facts);
  if (floor.length === 0 && state !== 'ARMED') {
    const unheld = unheldWrite(facts);
    if (unheld) floor.push({ ...unheld, family: REASONS[unheld.reasonCode]?.family ?? null });
  }

  // 0: nothing of the contract is enforced without a confirmed mode or with the guard off
  if (state === 'OFF' || contract.mode === 'unconfirmed') {
    if (floor.length) return floorDecision(floor, [], state, pathCount);
    const explanation = state === 'OFF' ? 'stopline is off for this session.' : 'No task mode is confirmed yet; stopline only records.';
    const d: Decision = { outcome: 'allow', verdict: 'allow', reasonCode: 'CONTROL_INACTIVE', family: REASONS.CONTROL_INACTIVE?.family ?? null, state, explanation, pathCount, reserve };
    const confinable = confinableBy(facts, [], state);
    if (confinable) d.confinable = confinable;
    return d;
  }

  // the mode and files= see past writes that only leave scratch files in a temp folder (scratch.ts);
  // the floor above judged the action as it is
  const set = withoutScratch(action, scratchPlace(facts));
  const judged = set.scratch ? factsOf(contract, set.action, ctx) : facts;
  const found: BrokenRule[] = [];
  const concerns = new Set<Concern>();
  for (const [concern, check] of RULES) {
    if (concerns.has(concern)) continue;
    const b = check(judged);
    if (!b) continue;
    concerns.add(concern);
    found.push({ ...b, family: REASONS[b.reasonCode]?.family ?? null });
  }

  // the contract's denials count towards the verdict only when they are enforced (not watched)
  if (floor.length) return floorDecision(floor, found, state, pathCount);

  const first = found[0];
  const confinable = confinableBy(judged, found, state);
  if (!first) {
    const explanation = set.scratch && set.action.mutability === 'read' ? 'Within the contract: the files it writes are scratch in a temp folder.' : 'Within the contract.';
    const d: Decision = { outcome: 'allow', verdict: 'allow', reasonCode: 'WITHIN_CONTRACT', family: null, state, explanation, pathCount, reserve };
    if (confinable) d.confinable = confinable;
    return d;
  }
  const verdict = strictest(found);
  const d = refusal(outcomeOf(verdict), verdict, first, found.slice(1), state, pathCount);
  if (confinable) d.confinable = confinable;
  return d;
}

/** The facts of one action: its targets placed against the cwd and HOME, and where links lead them. */
function factsOf(contract: Contract, action: Action, ctx: DecideContext): Facts {
  const cwd = action.cwd ?? ctx.cwd;
  const pathOpts = ctx.home ? { home: ctx.home } : {};
  const mutates = action.mutability === 'write' || action.mutability === 'unknown';
  const targets = action.affectedPaths?.map((p) => normalizeTarget(p, cwd, pathOpts)) ?? null;
  const links = mutates ? landings(targets, cwd, pathOpts, ctx.probe) : { landed: [], unknown: false };
  return {
    contract,
    action,
    ctx,
    cwd,
    pathOpts,
    mutates,
    targets,
    landed: links.landed,
    landingUnknown: links.unknown,
    nonMutating: NON_MUTATING_MODES.includes(contract.mode),
  };
}

/** Where the session stands, for telling scratch from the project: the same place the floor is given. */
function scratchPlace(f: Facts): ScratchPlace {
  const fc = f.ctx.floor;
  let own: readonly string[] | undefined;
  const root = fc?.projectRoot ?? f.cwd;
  return {
    ...(f.cwd ? { cwd: f.cwd } : {}),
    ...(f.ctx.home ? { home: f.ctx.home } : {}),
    ...(root ? { projectRoot: root } : {}),
    tempRoots: fc?.tempRoots ?? [],
    selfPaths: () => (own ??= protectedPaths(f.ctx, !!f.ctx.probe)),
    ...(f.ctx.probe ? { probe: f.ctx.probe } : {}),
  };
}

function strictest(rules: readonly BrokenRule[]): 'ask' | 'deny' {
  return rules.some((b) => b.verdict === 'deny') ? 'deny' : 'ask';
}

/** A deny or ask (or its watched context) named by its first broken rule, with the others in `also`; nothing is reserved. */
function refusal(outcome: DecisionOutcome, verdict: Verdict, first: BrokenRule, also: BrokenRule[], state: ControlState, pathCount: number | null): Decision {
  const d: Decision = { outcome, verdict, reasonCode: first.reasonCode, family: first.family, state, explanation: first.explanation, nextStep: first.nextStep, pathCount, reserve: 0 };
  if (also.length) d.also = also;
  return d;
}

/**
 * A database a client opens read-write only to read (Action.opens) is written when it is missing
 * (the client creates it), or when a journal or write-ahead log beside it is rolled back or merged
 * on opening. With the disk showing it there and neither beside it, that target is dropped, and an
 * action left with no target is the read it is. Without a probe nothing is dropped.
 */
function settleOpens(action: Action, ctx: DecideContext): Action {
  const probe = ctx.probe;
  if (!probe || !action.opens?.length || action.mutability !== 'write' || !action.affectedPaths) return action;
  const cwd = action.cwd ?? ctx.cwd;
  const opts = ctx.home ? { home: ctx.home } : {};
  const present = (p: string) => {
    const abs = normalizeTarget(p, cwd, opts).abs;
    const r = abs ? probe(abs) : 'missing';
    return typeof r === 'object' && 'real' in r && probe(`${r.real}-journal`) === 'missing' && probe(`${r.real}-wal`) === 'missing';
  };
  const quiet = new Set(action.opens.filter(present));
  if (quiet.size === 0) return action;
  const rest = action.affectedPaths.filter((p) => !quiet.has(p));
  return rest.length ? { ...action, affectedPaths: rest } : { ...action, mutability: 'read', affectedPaths: [] };
}

/**
 * A shell command the analysis could not prove, under an armed contract: either every rule it
 * breaks is an unproven one, or it breaks none while its writes cannot be placed (it might
 * reach stopline's own files). A proven violation anywhere (a target outside files=, a write in
 * review, a dependency, hashing) keeps its stamp. With no contract armed nothing of the contract
 * is enforced: a command whose writes cannot be placed is confinable whatever the watched rules say.
 */
function confinableBy(f: Facts, found: readonly BrokenRule[], state: ControlState): Confinable | undefined {
  if (typeof f.action.command !== 'string' || !f.mutates) return undefined;
  if (state !== 'ARMED' || found.length === 0) return unplaced(f) ? { rules: [] } : undefined;
  const rules: ConfinableRule[] = [];
  for (const b of found) {
    if (!isConfinableRule(b.reasonCode)) return undefined;
    rules.push(b.reasonCode);
  }
  return { rules };
}

/** The action writes where nobody can place: no target known, or a link on the way that cannot be read. */
function unplaced(f: Facts): boolean {
  return f.mutates && (f.targets === null || f.targets.length === 0 || f.landingUnknown);
}

/**
 * With no contract armed, a shell command that writes where nobody can place and that no sandbox
 * can hold here: nothing shows it keeps away from stopline's own files. The strict floor asks;
 * any other preset lets it run as it is (the person chose not to be asked about what is unproven).
 */
function unheldWrite(f: Facts): Omit<BrokenRule, 'family'> | null {
  const fc = f.ctx.floor;
  if (!f.ctx.unconfined || fc?.settings.preset !== 'strict' || typeof f.action.command !== 'string' || !unplaced(f)) return null;
  if (fc.allowed?.('GUARD_SELF_UNPROVEN')) return null;
  return broken(
    'GUARD_SELF_UNPROVEN',
    'ask',
    "No task contract is armed, this command's writes cannot be placed, and no sandbox can keep stopline's own files and the agents' settings out of its reach here.",
    'Use an edit or write tool that names its file, or a command whose targets are literal paths; or ask the person to approve this one (`$stopline allow` lets it through for the session).',
  );
}

/**
 * Every floor rule the action breaks: self-protection first, then the floor's families
 * (core/floor/floor.ts), minus what the person let through for this session.
 */
function floorBreaks(f: Facts): BrokenRule[] {
  const fc = f.ctx.floor;
  const allowed = fc?.allowed ?? (() => false);
  const out: BrokenRule[] = [];
  const self = selfProtection(f);
  if (self && !allowed(self.reasonCode)) out.push({ ...self, family: REASONS[self.reasonCode]?.family ?? null });
  const place = {
    ...(fc?.projectRoot ?? f.cwd ? { projectRoot: fc?.projectRoot ?? f.cwd } : {}),
    ...(f.cwd ? { cwd: f.cwd } : {}),
    ...(f.ctx.home ? { home: f.ctx.home } : {}),
    tempRoots: fc?.tempRoots ?? [],
    ...(f.ctx.probe ? { probe: f.ctx.probe } : {}),
  };
  for (const b of judgeFloor(f.action, fc?.settings ?? STANDARD_FLOOR, place, allowed)) {
    out.push({ reasonCode: b.reasonCode, family: REASONS[b.reasonCode]?.family ?? null, verdict: b.verdict, explanation: b.explanation, nextStep: b.nextStep });
  }
  return out;
}

/**
 * The floor's answer: its first broken rule names the reason; the other floor rules and the
 * contract's (when it is enforced) are named too. The floor is never softened by the watch level.
 */
function floorDecision(floor: BrokenRule[], contractRules: BrokenRule[], state: ControlState, pathCount: number | null): Decision {
  const enforced = state === 'ARMED' ? contractRules : [];
  const verdict = strictest([...floor, ...enforced]);
  return refusal(verdict, verdict, floor[0]!, [...floor.slice(1), ...contractRules], state, pathCount);
}
