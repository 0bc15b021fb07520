/**
 * The controller: the single entry host adapters call. One normalized event in, one Outcome
 * out; it never throws. It knows no host: adapters translate their payload into a
 * ControlEvent and render the Outcome.
 *
 *   session.start / subagent.start  -> context with the (root) contract (start also prunes old sessions)
 *   prompt.submit (source user)     -> directive, query or plain-language correction; context
 *   prompt.submit (other sources)   -> nothing: only the person arms or changes a contract
 *   action.before                   -> decide + evidence + stamp (agents=N reserved under the lock)
 *   action.after                    -> evidence (+ WATCH context for hosts that show it after the tool)
 *   turn.stop                       -> the per-session check: the host's record against the guard's checks (core/evidence/seen.ts)
 *   subagent.stop                   -> nothing
 *   session.end                     -> cleanup of leftovers; nothing
 * A subagent or child session (rootSessionId, or host.agentId) shares the root's contract and
 * can never change it.
 */
import { configuredContract, loadConfig } from '../config/config';
import type { FailMode, StoplineConfig } from '../config/config';
import { applyCorrection, applyDirective } from '../contract/amend';
import type { ApplyResult, ContractSettings } from '../contract/amend';
import { detectCorrection } from '../contract/corrections';
import { decide, delegationUnits } from '../contract/decide';
import type { Decision, FloorContext } from '../contract/decide';
import { normalizeSlashDirective, parsePromptCommand } from '../contract/grammar';
import type { Query } from '../contract/grammar';
import { controlState } from '../contract/types';
import type { Contract } from '../contract/types';
import { appendEvent, appendLabel, findEvent, readAllEvents, readLabels, readSessionEvents, summarize } from '../evidence/log';
import { actionSummary, buildEvent, decisionSummary, newEventId } from '../evidence/runtime-event';
import { callKey, onTurnEnd } from '../evidence/seen';
import type { RuntimeEventV1, RuntimeEventType } from '../evidence/runtime-event';
import { InvalidEventError, envFailModeNotes, failOutcomeFor, resolveFailMode } from './failmode';
import {
  HELP_TEXT,
  renderContractContext,
  renderDirectiveApplied,
  renderDirectiveError,
  renderExplain,
  renderRuntime,
  renderStatus,
  stampFromDecision,
} from '../messages/render';
import type { Outcome } from './outcome';
import type { ReasonCode } from '../registry/reasons';
import { renderStateDamaged } from '../messages/unavailable';
import { parseControlEvent } from '../protocol';
import type { Action, ControlEvent } from '../protocol';
import { fsProbe } from '../paths/fs-probe';
import type { PathProbe } from '../paths/path-links';
import { homeFrom, selfPathTable, selfPaths } from '../paths/self-paths';
import { confineCommand } from '../confine/confine';
import { writeLauncher } from '../confine/launcher';
import { floorDigest, grantEntry, parseStop, stopEntry } from '../floor/allow';
import { floorContext } from '../floor/context';
import { FLOOR_MEMORY } from '../state/session';
import { FLOOR_RULES } from '../registry/reasons';
import type { SessionTree } from './session-tree';
import { resolveDataDir } from '../state/datadir';
import { checkDataDir } from '../state/datadir-check';
import { isLockBusy, lockTimeoutFromEnv } from '../state/store';
import { pruneOldSessions } from '../state/retention';
import type { LockOptions } from '../state/store';
import { RECENT_LAUNCHES, StateDamagedError, cleanupSession, hashText, readSession, rearmed, sessionStore, updateSession } from '../state/session';
import type { SessionState, SessionStore } from '../state/session';
import { nodeStore } from '../state/node-store';
import type { Store } from '../state/store';

export interface HandleOptions {
  /** STOPLINE_HOME, STOPLINE_CONFIG, STOPLINE_FAIL_OPEN, STOPLINE_FAIL_MODE, XDG_*, HOME, ... */
  env: Record<string, string | undefined>;
  /** process cwd fallback */
  cwd?: string;
  /** the host can show an ask to a person now; else an ask is rendered as a deny stamp */
  canAsk?: boolean;
  /**
   * The host applies a rewritten command on this event and tool (the registry row's rewrite
   * column, set by the door; core/answer/answer.ts). Then a
   * shell command the analysis cannot prove may be answered `rewrite`: run confined to the
   * contract (core/confine). Absent: false, and such a command is asked or denied as before.
   */
  canRewrite?: boolean;
  /** evidence label for how the adapter renders deny, e.g. 'permission_deny_returned' */
  denyResponse?: string;
  now?: () => number;
  /** where the event's session sits, when the event does not say it (core/answer/session-tree.ts) */
  tree?: SessionTree;
  /** what the file system holds, read at decision time (links, protected paths present); default: the disk */
  probe?: () => PathProbe;
  /** where session state, its lock, lineage records and evidence are kept (core/state/store.ts); default: the disk */
  store?: Store;
  /**
   * For a process that answers many sessions (the resident evaluator): when this event's first
   * attempt began. A session lock held by another process then throws LockBusyError out of
   * handleEvent instead of sleeping, and the caller decides the event again later. Safe because
   * every lock that yields is taken before the event writes anything (evidence comes after).
   */
  yieldLockWaitsSince?: number;
  /**
   * The person's prompts read from the host's own record, for a host whose prompt event may come
   * after the session's first tool call (its start hook runs without being waited for). Read at
   * an `action.before` of the root session only while the session has taken no prompt key, then
   * taken as `ControlEvent.prompts` are; what it throws gets the fail-mode answer.
   */
  hostPrompts?: () => readonly Prompt[];
}

type Prompt = NonNullable<ControlEvent['prompt']>;

export type { SessionTree } from './session-tree';

interface Ctx {
  ev: ControlEvent;
  opts: HandleOptions;
  now: () => number;
  cwd: string | undefined;
  config: StoplineConfig;
  diagnostics: string[];
  failMode: FailMode;
  dataDir: string;
  store: SessionStore;
  io: Store;
  child: boolean;
  settings: ContractSettings;
  fresh: () => Contract;
  lock: LockOptions;
}

function buildCtx(ev: ControlEvent, opts: HandleOptions): Ctx {
  const cwd = ev.cwd ?? ev.action?.cwd ?? opts.cwd;
  const { config, diagnostics } = loadConfig(opts.env, cwd);
  const dataDir = resolveDataDir(opts.env, { configDataDir: config.dataDir, hostDataDir: ev.host.dataDir });
  // a folder someone else owns or may write into holds no contract worth obeying: the fail mode answers
  const tightened = checkDataDir(dataDir, undefined, { tighten: true });
  if (tightened) diagnostics.push(tightened);
  const rootId = ev.rootSessionId ?? ev.sessionId;
  const child = (ev.rootSessionId !== undefined && ev.rootSessionId !== ev.sessionId) || (ev.host.agentId !== undefined && ev.host.agentId !== '');
  const armLevel = config.defaultLevel === 'watch' ? 'watch' : 'guard';
  return {
    ev,
    opts,
    now: opts.now ?? Date.now,
    cwd,
    config,
    diagnostics: [...diagnostics, ...envFailModeNotes(opts.env)],
    failMode: resolveFailMode(opts.env, config.failMode),
    dataDir,
    store: sessionStore(dataDir, rootId, opts.store),
    io: opts.store ?? nodeStore,
    child,
    settings: { defaults: config.defaults, armLevel },
    fresh: () => configuredContract(config),
    lock: lockOptions(opts),
  };
}

function lockOptions(opts: HandleOptions): LockOptions {
  const timeoutMs = lockTimeoutFromEnv(opts.env);
  return { ...(timeoutMs ? { timeoutMs } : {}), ...(opts.yieldLockWaitsSince !== undefined ? { yieldSince: opts.yieldLockWaitsSince } : {}) };
}

/**
 * Validate and handle one event. Never throws: internal errors get the fail-mode answer. The one
 * exception is LockBusyError, which only a caller that set `yieldLockWaitsSince` can get.
 */
export function handleEvent(event: unknown, opts: HandleOptions): Outcome {
  let ctx: Ctx | undefined;
  let ev: ControlEvent | null = null;
  try {
    const parsed = parseControlEvent(event);
    if (!parsed.ok) return failOutcomeFor(new InvalidEventError(parsed.error), opts);
    ev = parsed.event;
    if (opts.tree?.kind === 'unreadable') throw new Error(opts.tree.why);
    ctx = buildCtx(parsed.event, opts);
    // the recorded tree is read from the data folder, which needs the config: place, then build again
    if (opts.tree?.kind === 'recorded') ctx = buildCtx(opts.tree.place(parsed.event, ctx.dataDir, ctx.io), opts);
    return withDiagnostics(dispatch(ctx), ctx.diagnostics);
  } catch (e) {
    if (isLockBusy(e)) throw e;
    if (ctx && e instanceof StateDamagedError) {
      try {
        record(ctx, 'recovery', ctx.fresh(), {});
      } catch {
        /* the fail-mode answer stands without its record */
      }
    }
    return notRecorded(failOutcomeFor(e, opts, ctx?.failMode, ctx?.diagnostics), ev);
  }
}

/**
 * A door that stopped a call after the guard had answered it (Hermes's shim, when Hermes's own
 * approval check would have put the confined command line to a person who never saw it): the
 * stop is recorded as a check of its own, with the call's action summary and key, a deny
 * outcome and the id of the record it corrects, so the evidence says the call did not run. The
 * guard decides nothing here. Returns the new record's id; undefined when it was not written
 * (the door's stop stands either way). Throws nothing.
 */
export function recordDoorStop(event: unknown, opts: HandleOptions, stop: { corrects: string; reasonCode: ReasonCode }): string | undefined {
  try {
    const parsed = parseControlEvent(event);
    if (!parsed.ok || parsed.event.kind !== 'action.before' || !parsed.event.action || !/^evt_[0-9a-f]{1,64}$/.test(stop.corrects)) return undefined;
    let c = buildCtx(parsed.event, opts);
    if (opts.tree?.kind === 'recorded') c = buildCtx(opts.tree.place(parsed.event, c.dataDir, c.io), opts);
    const contract = loadState(c).contract;
    const action = parsed.event.action;
    const summary = actionSummary(action);
    if (action.id) summary.callKey = callKey(c.ev.rootSessionId ?? c.ev.sessionId, action.id);
    return record(c, 'check', contract, {
      action: summary,
      decision: { verdict: 'allow', outcome: 'deny', family: 'C', reasonCode: stop.reasonCode, response: opts.denyResponse ?? 'deny_returned', hostEffect: 'unobserved' },
      corrects: stop.corrects,
    });
  } catch {
    return undefined;
  }
}

/**
 * A `$stopline …` directive that failed (its state could not be written: a full disk, a read-only
 * folder) is told to the person through the host's own channel, the notice, and to the model, not
 * only on stderr, which nobody reads: they would believe a contract is armed that is not. Under
 * fail closed the answer already carries its stamp as the notice.
 */
function notRecorded(o: Outcome, ev: ControlEvent | null): Outcome {
  if (o.kind !== 'none' || ev?.kind !== 'prompt.submit' || ev.prompt?.source !== 'user') return o;
  if (parsePromptCommand(normalizeSlashDirective(ev.prompt.text)).kind !== 'directive') return o;
  const why = (o.diagnostics ?? []).slice(-1)[0]?.replace(/^stopline: /, '').replace(/; failing open$/, '') ?? 'an internal error';
  const text = `stopline: your directive was NOT recorded (${why}); the contract did not change, so the task is not guarded as you asked. Fix the data folder (stopline doctor) and send the directive again.`;
  // the model is told too: on a host that shows the person no notice here, it is the one to say it
  return { ...o, kind: 'context', message: `${text} Tell the person this before you start the task.`, notice: text, reasonCode: 'DIRECTIVE_NOT_RECORDED', family: 'C' };
}

/** The fail-mode answer for an internal error (open: none + one diagnostic; closed: GUARD_UNAVAILABLE deny). */
export function failOutcome(error: unknown, opts: HandleOptions): Outcome {
  return failOutcomeFor(error, opts);
}

function withDiagnostics(o: Outcome, diagnostics: string[]): Outcome {
  if (!diagnostics.length) return o;
  return { ...o, diagnostics: [...(o.diagnostics ?? []), ...diagnostics] };
}

function dispatch(c: Ctx): Outcome {
  switch (c.ev.kind) {
    case 'session.start':
      return onSessionStart(c);
    case 'subagent.start':
      return onSubagentStart(c);
    case 'prompt.submit':
      return c.ev.prompt?.key !== undefined ? takeKeyedPrompt(c, c.ev.prompt) : onPrompt(c);
    case 'action.before':
      if (c.ev.prompts?.length) takePrompts(c, c.ev.prompts);
      else if (c.opts.hostPrompts) takePrompts(c, c.opts.hostPrompts);
      return onActionBefore(c, c.ev.action!);
    case 'action.after':
      return onActionAfter(c, c.ev.action!);
    case 'session.end':
      cleanupSession(c.store, c.now());
      return { kind: 'none' };
    case 'turn.stop':
      return onTurnStop(c);
    case 'subagent.stop':
      return { kind: 'none' };
  }
}

// ---------------------------------------------------------------- state + evidence helpers

/** Read the session state; a damaged file is replaced by fresh state and recorded. */
function loadState(c: Ctx): SessionState {
  // a damaged file is moved aside and StateDamagedError thrown: the call gets the fail-mode
  // answer (never a silent fresh contract), and handleEvent records the recovery
  return readSession(c.store, c.fresh, c.lock, c.now).state;
}

/**
 * Thrown out of an `action.before` under fail mode closed when its evidence could not be written:
 * a guard that cannot keep its record is unavailable, so the action gets GUARD_UNAVAILABLE.
 */
class EvidenceUnavailableError extends Error {
  constructor(cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code;
    super(`evidence not written (${code ?? (cause as Error).name ?? 'error'})`);
    this.name = 'EvidenceUnavailable';
  }
}

/**
 * Append one evidence record. A failed write becomes a diagnostic and the decision stands,
 * except for an `action.before` under fail mode closed, where it fails closed (see above).
 */
function record(c: Ctx, type: RuntimeEventType, contract: Contract, extra: Partial<RuntimeEventV1>): string | undefined {
  const eventId = newEventId();
  try {
    const e: RuntimeEventV1 = {
      ...buildEvent({ type, sessionKey: c.store.key, child: c.child, host: c.ev.host, state: controlState(contract), contract, now: c.now(), eventId }),
      ...extra,
    };
    appendEvent(c.dataDir, e, c.io);
    return eventId;
  } catch (err) {
    if (c.failMode === 'closed' && c.ev.kind === 'action.before') throw new EvidenceUnavailableError(err);
    c.diagnostics.push(`evidence not written (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}); the decision stands`);
    return undefined;
  }
}

function contextOutcome(message: string, reasonCode: ReasonCode, notice?: string): Outcome {
  const o: Outcome = { kind: 'context', message, reasonCode, family: 'C' };
  if (notice) o.notice = notice;
  return o;
}

// ---------------------------------------------------------------- lifecycle

function onSessionStart(c: Ctx): Outcome {
  if (!c.child) {
    try {
      pruneOldSessions(c.dataDir, c.config.retentionDays, c.now(), c.store.key, c.io);
    } catch {
      /* housekeeping never changes an answer */
    }
  }
  const state = loadState(c);
  if (controlState(state.contract) === 'OFF') return { kind: 'none' };
  const text = renderContractContext(state.contract);
  if (!c.child) rememberContext(c, hashText(text));
  return contextOutcome(text, 'CONTRACT_CONTEXT');
}

function onSubagentStart(c: Ctx): Outcome {
  const state = loadState(c);
  if (controlState(state.contract) === 'OFF') return { kind: 'none' };
  return contextOutcome(renderContractContext(state.contract), 'CONTRACT_CONTEXT');
}

/** Store the hash of the context the root conversation has now seen (prompt dedupe). */
function rememberContext(c: Ctx, h: string): void {
  updateSession(c.store, c.fresh, (s) => ({ next: s.lastContextHash === h ? null : { ...s, lastContextHash: h }, result: null }), c.lock);
}

/** The per-session check at the root session's turn end (a child's calls are in the root's record). */
function onTurnStop(c: Ctx): Outcome {
  if (c.child || !c.ev.turnEnd?.record) return { kind: 'none' };
  const state = loadState(c);
  return onTurnEnd({
    dataDir: c.dataDir,
    io: c.io,
    key: c.store.key,
    sessionId: c.ev.rootSessionId ?? c.ev.sessionId,
    turnEnd: c.ev.turnEnd,
    contract: state.contract,
    fresh: c.fresh(),
    record: (seen) => record(c, 'seen', state.contract, { seen }),
    diagnostics: c.diagnostics,
  });
}

// ---------------------------------------------------------------- prompts

/** The hash a prompt key is kept as in the session state (never the key itself). */
function promptKeyHash(p: { key?: string }): string | undefined {
  return p.key === undefined ? undefined : hashText('stopline-prompt\0' + p.key);
}

/** Take one prompt like a prompt event, then mark its key taken (after: a racing call never judges under the old contract). */
function takePrompt(c: Ctx, prompt: Prompt, key: string): Outcome {
  const out = onPrompt({ ...c, ev: { ...c.ev, kind: 'prompt.submit', prompt } });
  updateSession(c.store, c.fresh, (s) => ({ next: s.lastPromptKey === key ? null : { ...s, lastPromptKey: key }, result: null }), c.lock);
  return out;
}

/**
 * The person's prompts handed with a tool call (a host with no prompt event, or one whose prompt
 * event may come late: then `prompts` is the host's record, read only while no key was taken):
 * each one after the last key this session took is taken like a prompt event, oldest first,
 * before the call is judged (a turn in which the model called no tool is taken at the next turn's
 * first call). When the last key taken is not among them, all are taken. Each key is marked after
 * its prompt is taken, so a call racing this one takes the same prompt too (a directive applied
 * twice is the same contract) or finds it applied, and is never judged under the old contract.
 * What a prompt would have answered has no place on a tool call: only its diagnostics stay.
 */
function takePrompts(c: Ctx, prompts: readonly Prompt[] | (() => readonly Prompt[])): void {
  if (c.child) return;
  const last = loadState(c).lastPromptKey;
  if (typeof prompts === 'function') {
    if (last !== undefined) return;
    prompts = prompts();
  }
  const seen = last === undefined ? -1 : prompts.map(promptKeyHash).lastIndexOf(last);
  for (const prompt of prompts.slice(seen + 1)) {
    const key = promptKeyHash(prompt);
    if (key !== undefined) takePrompt(c, prompt, key);
  }
}

/**
 * A prompt event whose prompt carries a key (a host that hands the same prompt with its first
 * tool call too): taken unless its key is the last one the session took, so the later of the two
 * changes nothing.
 */
function takeKeyedPrompt(c: Ctx, prompt: Prompt): Outcome {
  const key = promptKeyHash(prompt)!;
  if (c.child || loadState(c).lastPromptKey === key) return { kind: 'none' };
  return takePrompt(c, prompt, key);
}

function onPrompt(c: Ctx): Outcome {
  const prompt = c.ev.prompt!;
  // only the person, in the root session, can arm, change or query
  if (prompt.source !== 'user' || c.child) return { kind: 'none' };
  const text = normalizeSlashDirective(prompt.text);
  const cmd = parsePromptCommand(text);

  if (cmd.kind === 'query') return onQuery(c, cmd.query);
  if (cmd.kind === 'allow') return onAllow(c, cmd.eventId);

  if (cmd.kind === 'error') {
    const state = loadState(c);
    const r = renderDirectiveError(cmd.code, cmd.message, state.contract);
    return { kind: 'context', message: r.context, notice: r.notice, reasonCode: cmd.code, family: 'C' };
  }

  if (cmd.kind === 'directive') {
    const u = updateSession<ApplyResult>(c.store, c.fresh, (s) => {
      const applied = applyDirective(s.contract, cmd.directive, c.settings);
      if (!applied.ok) return { next: null, result: applied };
      const ctxText = renderContractContext(applied.contract);
      return { next: rearmed(s, applied.contract, hashText(ctxText)), result: applied };
    }, c.lock);
    if (!u.result.ok) {
      const r = renderDirectiveError(u.result.code, u.result.message, u.state.contract);
      return { kind: 'context', message: r.context, notice: r.notice, reasonCode: u.result.code, family: 'C' };
    }
    const contract = u.result.contract;
    record(c, 'contract', contract, { change: { via: 'directive' } });
    return contextOutcome(renderContractContext(contract), 'DIRECTIVE_APPLIED', renderDirectiveApplied(contract, 'directive'));
  }

  // plain words: a correction, or just the contract context when it changed
  const current = loadState(c);
  if (detectCorrection(text, current.contract.mode)) {
    const u = updateSession<{ contract: Contract; rule: string } | null>(c.store, c.fresh, (s) => {
      const corr = detectCorrection(text, s.contract.mode);
      const next = corr ? applyCorrection(s.contract, corr, c.settings) : null;
      if (!next || !corr) return { next: null, result: null };
      return { next: rearmed(s, next, hashText(renderContractContext(next))), result: { contract: next, rule: corr.rule } };
    }, c.lock);
    if (u.result) {
      record(c, 'contract', u.result.contract, { change: { via: 'correction', rule: u.result.rule } });
      return contextOutcome(renderContractContext(u.result.contract), 'CORRECTION_APPLIED', renderDirectiveApplied(u.result.contract, 'correction'));
    }
  }
  const state = current;
  if (controlState(state.contract) === 'OFF' && state.contract.source === 'default') return { kind: 'none' };
  const ctxText = renderContractContext(state.contract);
  const h = hashText(ctxText);
  if (state.lastContextHash === h) return { kind: 'none' };
  rememberContext(c, h);
  return contextOutcome(ctxText, 'CONTRACT_CONTEXT');
}

/**
 * `$stopline allow [evt_…]`: the stop the person names (or the last one) goes through for the
 * rest of the session; the floor stays on for everything else.
 */
function onAllow(c: Ctx, eventId: string | undefined): Outcome {
  const u = updateSession<{ rule: string } | null>(c.store, c.fresh, (s) => {
    const stops = (s.floorStops ?? []).map(parseStop).filter((x) => x !== null);
    const stop = eventId ? stops.find((x) => x.eventId === eventId) : stops[stops.length - 1];
    if (!stop) return { next: null, result: null };
    const grant = grantEntry(stop.rule, stop.digest);
    const floorAllowed = [...(s.floorAllowed ?? []).filter((g) => g !== grant), grant].slice(-FLOOR_MEMORY);
    return { next: { ...s, floorAllowed }, result: { rule: stop.rule } };
  }, c.lock);
  if (!u.result) {
    const message = eventId
      ? `stopline: no stop ${eventId} to allow in this session (only the floor's stops can be allowed). The floor is unchanged.`
      : 'stopline: the floor has stopped nothing in this session, so there is nothing to allow. The floor is unchanged.';
    return { kind: 'context', message, notice: message, reasonCode: 'INVALID_DIRECTIVE', family: 'C' };
  }
  const text = `stopline: the person allowed the command the floor stopped (${u.result.rule}); the same command may run for the rest of this session. Everything else the floor stops stays stopped.`;
  return contextOutcome(text, 'FLOOR_ALLOW_APPLIED', text);
}

function onQuery(c: Ctx, q: Query): Outcome {
  const answer = (text: string): Outcome => contextOutcome(text, 'QUERY_ANSWERED', text);
  const refuse = (message: string): Outcome => ({ kind: 'context', message, notice: message, reasonCode: 'INVALID_QUERY', family: 'C' });
  switch (q.kind) {
    case 'help':
      return answer(HELP_TEXT);
    case 'status': {
      const state = loadState(c);
      const events = readSessionEvents(c.dataDir, c.store.key, c.io);
      const checks = events.records.filter((e) => e.type === 'check').length;
      const sources = [c.config.sources.user, c.config.sources.project].filter((s): s is string => !!s);
      return answer(renderStatus(state.contract, { dataDir: c.dataDir, checks, child: c.child, configSources: sources }));
    }
    case 'runtime': {
      const events = q.all ? readAllEvents(c.dataDir, c.io) : readSessionEvents(c.dataDir, c.store.key, c.io);
      const ids = q.all ? undefined : new Set(events.records.map((e) => e.eventId));
      return answer(renderRuntime(summarize(events, readLabels(c.dataDir, c.io), ids), q.all));
    }
    case 'explain': {
      const found = findEvent(c.dataDir, q.eventId, c.store.key, c.io);
      if (!found.event) return refuse(`stopline: no event ${q.eventId} in ${c.dataDir} (damaged lines skipped: ${found.damaged}).`);
      const labels = readLabels(c.dataDir, c.io).records.filter((l) => l.eventId === q.eventId);
      return answer(renderExplain(found.event, labels[labels.length - 1]));
    }
    case 'label': {
      const found = findEvent(c.dataDir, q.eventId, c.store.key, c.io);
      if (!found.event) return refuse(`stopline: no event ${q.eventId} to label in ${c.dataDir}.`);
      appendLabel(c.dataDir, q.eventId, q.label, c.now(), c.io);
      return answer(`stopline: label "${q.label}" recorded for ${q.eventId}.`);
    }
  }
}

// ---------------------------------------------------------------- actions

function decideCtx(c: Ctx, action: Action, reserved = false, grants?: readonly string[]) {
  const home = homeFrom(c.opts.env);
  const sp = selfPaths({ env: c.opts.env, dataDir: c.dataDir, projectDir: c.config.projectRoot ?? c.cwd, uid: processUid() });
  // the person's `$stopline allow` grants match this action by its digest
  const floor = floorContext(c.config, c.cwd, c.opts.env, action, grants);
  // the disk is read here, at the edge: decide() only asks the probe (one per decision)
  const ctx: { selfPaths: string[]; home?: string; cwd?: string; reserved?: boolean; probe: PathProbe; floor: FloorContext } = { selfPaths: sp, probe: (c.opts.probe ?? fsProbe)(), floor };
  if (home) ctx.home = home;
  const cwd = action.cwd ?? c.cwd;
  if (cwd) ctx.cwd = cwd;
  if (reserved) ctx.reserved = true;
  return ctx;
}

/** The user id that names the evaluator folder; null where the runtime has none (Windows, a door without `process`). */
function processUid(): number | null {
  const getuid = (globalThis as { process?: { getuid?: () => number } }).process?.getuid;
  return typeof getuid === 'function' ? getuid() : null;
}

function responseLabel(c: Ctx, kind: Outcome['kind']): string {
  if (kind === 'none') return 'none';
  if (kind === 'context') return 'context_returned';
  if (kind === 'ask') return 'ask_returned';
  return c.opts.denyResponse ?? 'deny_returned';
}

function onActionBefore(c: Ctx, action: Action): Outcome {
  const state = loadState(c);
  let contract = state.contract;
  // the contract was lost with a damaged state file: fail closed stays closed until the person re-arms
  if (state.damaged && c.failMode === 'closed') return stateDamaged(c, action, state.damaged, contract);
  const dctx = decideCtx(c, action, false, state.floorAllowed);
  if (controlState(contract) === 'OFF') {
    // the contract is off; the floor is not (only the person's config turns it off)
    const decided = held(c, action, decide(contract, action, dctx), contract, dctx);
    if ('kind' in decided) return decided;
    const d = decided;
    if (d.outcome === 'allow') return { kind: 'none' };
    return remembered(c, action, d, finishAction(c, action, d, contract, 'check'));
  }
  let d: Decision;
  let reservedUnits = 0;
  if (delegationUnits(action) > 0 && contract.mode !== 'unconfirmed') {
    // check and reserve in one step under the session lock: 32 racing hook processes
    // against agents=2 must grant exactly 2
    const u = updateSession(c.store, c.fresh, (s) => {
      const launch = launchKey(s.contract.revision, action.id);
      if (launch && s.recentLaunches?.includes(launch)) {
        // the same call asked again: it already holds its units, so decide it as it was decided
        const held = { ...s.contract, agentsUsed: Math.max(0, s.contract.agentsUsed - delegationUnits(action)) };
        return { next: null, result: { d: decide(held, action, dctx), contract: s.contract, units: 0 } };
      }
      const dd = decide(s.contract, action, dctx);
      if (dd.outcome !== 'allow' && dd.outcome !== 'context') return { next: null, result: { d: dd, contract: s.contract, units: 0 } };
      const units = delegationUnits(action);
      const next = { ...s.contract, agentsUsed: s.contract.agentsUsed + units };
      const recentLaunches = launch ? [...(s.recentLaunches ?? []), launch].slice(-RECENT_LAUNCHES) : s.recentLaunches;
      return { next: { ...s, contract: next, ...(recentLaunches ? { recentLaunches } : {}) }, result: { d: dd, contract: next, units } };
    }, c.lock);
    d = u.result.d;
    contract = u.result.contract;
    reservedUnits = u.result.units;
  } else {
    d = decide(contract, action, dctx);
  }
  const decided = held(c, action, d, contract, dctx);
  if ('kind' in decided) return decided;
  if (reservedUnits > 0 && decided !== d && decided.outcome !== 'allow' && decided.outcome !== 'context') {
    // the launch is asked after all: the units it reserved go back, as for any launch not let through
    releaseAgentUnits(c, contract.revision, reservedUnits, launchKey(contract.revision, action.id));
    reservedUnits = 0;
  }
  d = decided;
  if (reservedUnits === 0) return remembered(c, action, d, finishAction(c, action, d, contract, 'check'));
  try {
    return remembered(c, action, d, finishAction(c, action, d, contract, 'check'));
  } catch (err) {
    // under fail closed this error (the evidence write, typically) becomes a GUARD_UNAVAILABLE
    // deny, so the launch never runs and its units go back; fail open lets it run, it keeps them
    if (c.failMode === 'closed') releaseAgentUnits(c, contract.revision, reservedUnits, launchKey(contract.revision, action.id));
    throw err;
  }
}

/** STATE_DAMAGED: every tool call stopped, recorded like a decision, until the person sets the contract again. */
function stateDamaged(c: Ctx, action: Action, damaged: { at: string; why: string }, contract: Contract): Outcome {
  const eventId = record(c, 'check', contract, {
    action: actionSummary(action),
    decision: { verdict: 'deny', outcome: 'deny', family: 'C', reasonCode: 'STATE_DAMAGED', response: c.opts.denyResponse ?? 'deny_returned', hostEffect: 'unobserved' },
  });
  const o: Outcome = { kind: 'deny', message: renderStateDamaged(damaged.at, damaged.why), reasonCode: 'STATE_DAMAGED', family: 'C' };
  if (eventId) o.eventId = eventId;
  return o;
}

/**
 * The lock options without `yieldSince`: for a lock taken after the event wrote something (the
 * units given back after a failed evidence write), which must wait here and not be redone.
 */
function asleep(lock: LockOptions): LockOptions {
  const { yieldSince: _, ...rest } = lock;
  return rest;
}

/** A launch's short key in the session state (revision + the host's call id), or null without an id. */
function launchKey(revision: number, actionId: string | undefined): string | null {
  return actionId ? hashText(`${revision}\0${actionId}`).slice(0, 16) : null;
}

/**
 * Give back the units a denied launch reserved. Reserving first keeps the race guarantee (the
 * count is checked and taken in one locked step); the cost is a moment in which a racing launch
 * may see the unit taken and be denied, never one in which two are granted. Best effort: a
 * failure here adds a diagnostic to the fail-mode answer already on its way.
 */
function releaseAgentUnits(c: Ctx, revision: number, units: number, launch: string | null): void {
  try {
    updateSession(c.store, c.fresh, (s) => {
      // a contract change in between (a directive restarts the count) may mean the count no
      // longer holds this launch: keep it taken then, erring to a lost unit, never an extra grant
      if (s.contract.revision !== revision || s.contract.agentsUsed < units) return { next: null, result: null };
      // and forget the launch, so a retry of it reserves again instead of riding on given-back units
      const recentLaunches = s.recentLaunches?.filter((k) => k !== launch);
      return { next: { ...s, contract: { ...s.contract, agentsUsed: s.contract.agentsUsed - units }, ...(recentLaunches ? { recentLaunches } : {}) }, result: null };
    }, asleep(c.lock));
  } catch (err) {
    c.diagnostics.push(`the agent units reserved for this denied launch were not given back (${(err as NodeJS.ErrnoException).code ?? (err as Error).name})`);
  }
}

/**
 * A confinable command, confined where the host and the machine can; where they cannot, a command
 * with no contract armed is decided once more knowing that (the strict floor asks it). Any other
 * decision is returned as it is.
 */
function held(c: Ctx, action: Action, d: Decision, contract: Contract, dctx: ReturnType<typeof decideCtx>): Outcome | Decision {
  if (!d.confinable) return d;
  if (c.opts.canRewrite) {
    const confined = confineAction(c, action, d, contract);
    if (confined) return confined;
  }
  if (controlState(contract) === 'ARMED' || c.config.floor.preset !== 'strict') return d;
  return decide(contract, action, { ...dctx, unconfined: true });
}

/**
 * A shell command the analysis cannot prove, run confined to the contract instead of asked or
 * denied. Null when it cannot be (confinement off, no sandbox here, a plan too large): the
 * decision's own answer stands.
 */
function confineAction(c: Ctx, action: Action, d: Decision, contract: Contract): Outcome | null {
  const project = action.cwd ?? c.cwd;
  if (action.command === undefined || !project) return null;
  const home = homeFrom(c.opts.env);
  let r: ReturnType<typeof confineCommand>;
  try {
    r = confineCommand({
      command: action.command,
      contract,
      project,
      env: c.opts.env,
      ...(home ? { home } : {}),
      protectedPaths: selfPathTable({ env: c.opts.env, dataDir: c.dataDir, projectDir: c.config.projectRoot ?? c.cwd, uid: processUid() }),
      now: c.now(),
      configOn: c.config.confine,
      rules: unprovenRules(d),
      dataDir: c.dataDir,
    });
  } catch (err) {
    // a plan that breaks must not turn into the fail mode's answer (fail open would run the command unconfined)
    r = { ok: false, why: `a plan failed (${(err as NodeJS.ErrnoException).code ?? (err as Error).name})` };
  }
  if (!r.ok) {
    // where no sandbox can start the answer is as before, and doctor says why; a plan that fails is worth a line
    if (/^the contract would need|globs match|hard link|private folder|a plan failed/.test(r.why)) c.diagnostics.push(`not confined (${r.why}); answered as before`);
    return null;
  }
  const rules = unprovenRules(d);
  // the short form once its script is in place; the whole wrapper inline when it cannot be written
  let command = r.command;
  let launcher = false;
  if (r.launcher) {
    try {
      writeLauncher(c.io, r.launcher, c.now());
      command = r.launcher.command;
      launcher = true;
    } catch (err) {
      c.diagnostics.push(`the confined command's launcher script was not written (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}); the host gets the sandbox inline`);
    }
  }
  const summary = actionSummary(action);
  // the turn end matches the host's record of calls against these keys: without one, a confined call reads as unseen
  if (action.id) summary.callKey = callKey(c.ev.rootSessionId ?? c.ev.sessionId, action.id);
  const eventId = record(c, 'check', contract, {
    action: summary,
    decision: { verdict: 'allow', outcome: 'allow', family: null, reasonCode: 'CONFINED', response: 'rewrite_returned', hostEffect: 'unobserved' },
    confined: { rules, ...r.counts, ...(r.deferred ? { deferred: true as const } : {}), ...(launcher ? { launcher: true as const } : {}) },
  });
  // under watch the model is still told what the contract would have said
  const message = d.outcome === 'context' ? `${r.message}\n${stampFromDecision(d, contract, 'watch', eventId)}` : r.message;
  const o: Outcome = { kind: 'rewrite', rewrite: { command, ...(launcher && r.launcher ? { launcher: r.launcher.script } : {}) }, reasonCode: 'CONFINED', message };
  if (eventId) o.eventId = eventId;
  return o;
}

/** The rule a confined command left unproven (or, under watch, the one it broke); none when it broke none. */
function unprovenRules(d: Decision): string[] {
  return d.reasonCode === 'WITHIN_CONTRACT' || d.reasonCode === 'CONTROL_INACTIVE' ? [] : [d.reasonCode];
}

/**
 * A floor stop is remembered in the session (its event id, rule and the action's digest) so the
 * person can let it through with `$stopline allow`. Best effort: the answer stands without it.
 */
function remembered(c: Ctx, action: Action, d: Decision, o: Outcome): Outcome {
  if (o.kind === 'none' || !o.eventId || !(FLOOR_RULES as readonly string[]).concat('GUARD_SELF_PROTECTION', 'GUARD_SELF_UNPROVEN').includes(d.reasonCode)) return o;
  const entry = stopEntry({ eventId: o.eventId, rule: d.reasonCode, digest: floorDigest(action, c.cwd) });
  try {
    updateSession(c.store, c.fresh, (s) => ({ next: { ...s, floorStops: [...(s.floorStops ?? []), entry].slice(-FLOOR_MEMORY) }, result: null }), asleep(c.lock));
  } catch (err) {
    c.diagnostics.push(`stopline: the stop was not remembered for \`$stopline allow\` (${(err as NodeJS.ErrnoException).code ?? (err as Error).name})`);
  }
  return o;
}

function onActionAfter(c: Ctx, action: Action): Outcome {
  const state = loadState(c);
  if (controlState(state.contract) === 'OFF') return { kind: 'none' };
  const d = decide(state.contract, action, decideCtx(c, action, true, state.floorAllowed));
  // after the tool ran only a WATCH note can still help; denials were answered before
  const shown: Decision = d.outcome === 'context' ? d : { ...d, outcome: 'allow' };
  return finishAction(c, action, shown, state.contract, 'after');
}

function finishAction(c: Ctx, action: Action, d: Decision, contract: Contract, type: 'check' | 'after'): Outcome {
  const canAsk = c.opts.canAsk ?? c.ev.host.hasHuman ?? false;
  const kind: Outcome['kind'] = d.outcome === 'allow' ? 'none' : d.outcome === 'ask' && !canAsk ? 'deny' : d.outcome;
  const summary = actionSummary(action);
  // what the host says became of the call is only known after it; a before-event has no status
  if (type === 'after' && action.hostStatus) summary.hostStatus = action.hostStatus;
  if (action.id) summary.callKey = callKey(c.ev.rootSessionId ?? c.ev.sessionId, action.id);
  const eventId = record(c, type, contract, {
    action: summary,
    decision: { ...decisionSummary(d, responseLabel(c, kind)), outcome: kind === 'none' ? 'allow' : kind },
  });
  if (kind === 'none') {
    const o: Outcome = { kind: 'none', reasonCode: d.reasonCode };
    if (eventId) o.eventId = eventId;
    return o;
  }
  const stampKind = kind === 'context' ? 'watch' : d.outcome === 'ask' ? 'ask' : 'stop';
  const o: Outcome = {
    kind,
    message: stampFromDecision(d, contract, stampKind, eventId, d.outcome === 'ask' && kind === 'deny'),
    reasonCode: d.reasonCode,
  };
  if (d.family) o.family = d.family;
  if (eventId) o.eventId = eventId;
  return o;
}
