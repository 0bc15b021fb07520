/**
 * One guard decision: an event in one of the accepted forms in, a verdict out (never throws).
 *
 *   block (exit 2): the core denied (or asked: a bridge has nobody to ask), or a hook denied;
 *                   the STOP stamp is the whole of stderr, for the harness to hand to the model
 *   allow (exit 0): anything else, with the context for the model in the verdict line
 *   input error:    the input is not one of the accepted forms (the caller exits 1)
 *
 * The event goes through the shared command-hook runner with the dialect's adapter, so the fail
 * mode, the core and the person's hooks behave exactly as in the host artifacts. The adapter is
 * wrapped only to observe: which outcome it was asked to render, and whether the payload broke
 * the dialect's contract (an input error here, where a host artifact applies the fail mode).
 */
import type { CanonicalEvent } from '../../../core/canonical';
import { handleEvent, failOutcome } from '../../../core/controller';
import { InvalidEventError, failOutcomeFor } from '../../../core/failmode';
import { dispatchHooks, foldGuardWithHooks, hasHooks, inputFromPayload, loadHooksConfigFromSystem, resolveEventName } from '../../../core/hooks';
import type { DispatchInput } from '../../../core/hooks';
import type { Outcome } from '../../../core/outcome';
import { parseControlEvent } from '../../../core/protocol';
import type { ControlEvent } from '../../../core/protocol';
import * as oc from '../../opencode/adapter';
import * as pi from '../../pi/adapter';
import { eventEntry } from '../../shared/adapter';
import type { CommandHookAdapter, HookEnv, HostAnswer, MappedEvent, Rendered } from '../../shared/adapter';
import { HookInputError } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { answerHook } from '../../shared/runner';
import type { CoreApi } from '../../shared/runner';
import { suggest } from '../suggest';
import { ADAPTERS, acceptedEvents, adapterRunsUserHooks, eventNameOf, hostOutputOf } from './adapters';
import type { GuardDialect } from './adapters';

export const GUARD_DENY_RESPONSE = 'guard_exit2_returned';

export interface GuardRequest {
  dialect: GuardDialect;
  payload: HookPayload;
  /** `--task` / STOPLINE_TASK_ID: the contract this call is checked against */
  task?: string;
  /** the event name when the caller has it apart from the payload (listen's `event`) */
  eventName?: string;
  env: HookEnv;
  cwd: string;
  /** tests make the core fail through this */
  core?: CoreApi;
}

/** The one JSON line on stdout. */
export interface Verdict {
  decision: 'allow' | 'block';
  /** what the guard answered: none, context, ask (a block here) or deny */
  kind: Outcome['kind'];
  reasonCode?: string;
  family?: string;
  eventId?: string;
  /** the STOP stamp of a block (also the whole of stderr) */
  reason?: string;
  /** context for the model */
  context?: string;
  /** a line for the person (a directive's confirmation, a query's answer) */
  notice?: string;
  /** system messages from the person's hooks */
  messages?: string[];
  /** a hook said `continue: false` */
  stop?: boolean;
  stopReason?: string;
  /** the host's own answer, for claude, codex, hermes and pi payloads */
  output?: unknown;
  diagnostics?: string[];
}

export type GuardResult = { kind: 'input-error'; message: string } | { kind: 'answer'; exitCode: 0 | 2; verdict: Verdict; stderr: string };

function inputError(message: string): GuardResult {
  return { kind: 'input-error', message };
}

/**
 * Input the guard cannot read (not JSON, too big, a missing field, an unknown event) is one
 * more way of not being able to decide, so the fail mode answers it. Closed: a block with the
 * GUARD_UNAVAILABLE stamp, because a harness that stops only on exit 2 would otherwise let the
 * call through. Open: stays an input error (exit 1), for the caller to explain. `cwd` is where
 * the project's stopline.json (and its failMode) is looked for.
 */
export function answerBadInput(message: string, env: HookEnv, cwd: string): GuardResult {
  const out = failOutcomeFor(new InvalidEventError(message), { env, cwd });
  return out.kind === 'deny' ? verdictFrom(out) : inputError(message);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function verdictFrom(outcome: HostAnswer, extra: { output?: unknown; stderr?: string; diagnostics?: string[] } = {}): GuardResult {
  const block = outcome.kind === 'deny' || outcome.kind === 'ask';
  const v: Verdict = { decision: block ? 'block' : 'allow', kind: outcome.kind };
  if (outcome.reasonCode) v.reasonCode = outcome.reasonCode;
  if (outcome.family) v.family = outcome.family;
  if (outcome.eventId) v.eventId = outcome.eventId;
  const stamp = outcome.message && outcome.message.trim() !== '' ? outcome.message : 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE';
  if (block) v.reason = stamp;
  else if (outcome.kind === 'context' && outcome.message) v.context = outcome.message;
  if (outcome.notice) v.notice = outcome.notice;
  if (outcome.messages && outcome.messages.length) v.messages = [...outcome.messages];
  if (outcome.stop) {
    v.stop = true;
    if (outcome.stopReason) v.stopReason = outcome.stopReason;
  }
  if (extra.output !== undefined) v.output = extra.output;
  const diagnostics = [...(outcome.diagnostics ?? []), ...(extra.diagnostics ?? [])];
  if (diagnostics.length) v.diagnostics = diagnostics;
  // a block's stderr is the stamp alone: the harness hands it to the model verbatim
  const stderr = block ? (stamp.endsWith('\n') ? stamp : `${stamp}\n`) : (extra.stderr ?? '');
  return { kind: 'answer', exitCode: block ? 2 : 0, verdict: v, stderr };
}

// ------------------------------------------------------------------------ ControlEvent v1

/** The core's fail-closed deny on an event other than a tool call is context, as in every host artifact. */
function gateOnly(outcome: Outcome, event: ControlEvent): Outcome {
  if ((outcome.kind !== 'deny' && outcome.kind !== 'ask') || event.kind === 'action.before') return outcome;
  return { ...outcome, kind: 'context' };
}

function decideControlEvent(req: GuardRequest): GuardResult {
  const parsed = parseControlEvent(req.payload);
  if (!parsed.ok) return inputError(`not a valid ControlEvent v1: ${parsed.error}`);
  const event: ControlEvent = { ...parsed.event, host: { ...parsed.event.host, hasHuman: false } };
  if (req.task) {
    event.sessionId = req.task;
    if (event.rootSessionId !== undefined) event.rootSessionId = req.task;
  }
  const core = req.core ?? { handleEvent, failOutcome };
  const outcome = gateOnly(core.handleEvent(event, { env: req.env, cwd: event.cwd ?? req.cwd, canAsk: false, denyResponse: GUARD_DENY_RESPONSE }), event);
  const diagnostics = outcome.diagnostics ?? [];
  return verdictFrom(outcome, { stderr: diagnostics.map((d) => `stopline guard: ${d.replace(/^stopline:\s*/, '')}\n`).join('') });
}

// ------------------------------------------------------------------------- the dialects

/** What the wrapped adapter saw while the runner used it. */
interface Observed {
  mapped?: MappedEvent;
  outcome?: HostAnswer;
  inputError?: string;
}

function observing(adapter: CommandHookAdapter, seen: Observed, task: string | undefined): CommandHookAdapter {
  return {
    ...adapter,
    denyResponse: GUARD_DENY_RESPONSE,
    // a bridge has nobody to ask now: an ask is recorded and answered as a deny
    canAsk: () => false,
    toControlEvent(payload, env) {
      let mapped: MappedEvent;
      try {
        mapped = adapter.toControlEvent(payload, env);
      } catch (e) {
        if (e instanceof HookInputError) seen.inputError = e.message;
        throw e;
      }
      if (mapped.kind === 'event' && task) {
        mapped.event.sessionId = task;
        if (mapped.event.rootSessionId !== undefined) mapped.event.rootSessionId = task;
      }
      seen.mapped = mapped;
      return mapped;
    },
    render(outcome, native) {
      seen.outcome = outcome;
      return adapter.render(outcome, native);
    },
    renderUnidentifiedDeny(message) {
      seen.outcome = { kind: 'deny', message };
      return adapter.renderUnidentifiedDeny(message);
    },
  };
}

/**
 * The person's hooks for a dialect whose adapter does not run them itself: the native form
 * (no dialect is skipped: no host runs any of them here) and the in-process hosts, whose
 * payload is turned into the Claude-shaped one hooks receive.
 */
async function withAllHooks(req: GuardRequest, payload: HookPayload, canonical: CanonicalEvent, seen: Observed, guard: Outcome, nativeName: string): Promise<{ outcome: HostAnswer; log: string[] }> {
  const log: string[] = [];
  const event = seen.mapped?.kind === 'event' ? seen.mapped.event : undefined;
  const shaped = hookPayload(req, payload, event);
  const projectDir = (typeof shaped.cwd === 'string' && shaped.cwd !== '' ? shaped.cwd : undefined) ?? event?.cwd ?? req.cwd;
  try {
    const config = loadHooksConfigFromSystem(projectDir, { env: req.env });
    if (!hasHooks(config, canonical)) return { outcome: guard, log };
    for (const d of config.diagnostics) if (d.level === 'error') log.push(`hooks: ${d.message}`);
    const canonicalInput = isRecord(shaped.canonical_input) ? shaped.canonical_input : undefined;
    const input: DispatchInput = {
      ...inputFromPayload(canonical, shaped, event?.host.family ?? 'guard', nativeName),
      projectDir,
      ...(event?.action?.canonicalName ? { canonicalToolName: event.action.canonicalName } : {}),
      ...(canonicalInput ? { canonicalInput } : {}),
    };
    const result = await dispatchHooks(config, input, { env: req.env, log: (line) => log.push(line) });
    return { outcome: foldGuardWithHooks(guard, result), log };
  } catch (err) {
    log.push(`user hooks not run: ${err instanceof Error ? err.message : String(err)}`);
    return { outcome: guard, log };
  }
}

/** The payload in the shape universal hooks read (Claude's), for the dialects that lack it. */
function hookPayload(req: GuardRequest, p: HookPayload, event: ControlEvent | undefined): HookPayload {
  if (req.dialect === 'native') return { ...p, ...(isRecord(p.tool_input) ? { canonical_input: p.tool_input } : {}) };
  const base: HookPayload = { session_id: event?.sessionId ?? '', cwd: event?.cwd ?? req.cwd };
  if (req.dialect === 'opencode') {
    const input = isRecord(p.input) ? p.input : {};
    const output = isRecord(p.output) ? p.output : {};
    const tool = typeof input.tool === 'string' ? input.tool : undefined;
    const args = p.hook_event_name === 'tool.execute.after' ? input.args : output.args;
    if (tool) {
      base.tool_name = tool;
      base.tool_input = args;
      base.tool_use_id = input.callID;
      const c = oc.canonicalInput(tool, args);
      if (c) base.canonical_input = c;
    }
    if (event?.prompt) base.prompt = event.prompt.text;
    return base;
  }
  // pi
  const ev = isRecord(p.event) ? p.event : {};
  if (typeof ev.toolName === 'string') {
    base.tool_name = ev.toolName;
    base.tool_input = ev.input;
    base.tool_use_id = ev.toolCallId;
    const c = pi.canonicalInput(ev.toolName, ev.input);
    if (c) base.canonical_input = c;
  }
  if (event?.prompt) base.prompt = event.prompt.text;
  return base;
}

/** Decide one event. Never throws. */
export async function decideGuard(req: GuardRequest): Promise<GuardResult> {
  try {
    if (req.dialect === 'native' && 'protocolVersion' in req.payload) return decideControlEvent(req);
    const adapter = ADAPTERS[req.dialect];
    const name = req.eventName ?? eventNameOf(req.dialect, req.payload);
    const host = adapter.registry.displayName;
    const what = req.dialect === 'native' ? 'a canonical event' : `${/^[AEIOU]/.test(host) ? 'an' : 'a'} ${host} event`;
    if (name === undefined || name === '') {
      return inputError(req.dialect === 'pi' ? 'no "event.type": name the Pi event (tool_call, tool_result, input)' : `no "hook_event_name": name ${what}`);
    }
    const known = acceptedEvents(req.dialect);
    const entry = known.includes(name) ? eventEntry(adapter.registry, name) : undefined;
    if (!entry) {
      const spelled = req.dialect === 'native' ? resolveEventName(name) : null;
      const guess = spelled ? spelled.event : suggest(name, known);
      const hint = spelled ? ` ("${name}" is the ${spelled.dialect} name: send "${spelled.event}", or the whole ${spelled.dialect} payload with --host ${spelled.dialect})` : '';
      return inputError(`"${name}" is not ${what} the guard knows${guess ? `; did you mean "${guess}"?` : ''}${hint} (known: ${known.join(', ')})`);
    }
    const payload: HookPayload = { ...req.payload, hook_event_name: name };
    if (req.dialect === 'native' && req.task) payload.session_id = req.task;

    const seen: Observed = {};
    const rendered: Rendered = await answerHook(observing(adapter, seen, req.task), JSON.stringify(payload), { env: req.env, cwd: req.cwd, ...(req.core ? { core: req.core } : {}) });
    if (seen.inputError !== undefined) return inputError(`the ${req.dialect} payload is incomplete: ${seen.inputError}`);

    let outcome: HostAnswer = seen.outcome ?? { kind: 'none' };
    let stderr = rendered.stderr;
    let log: string[] = [];
    if (!adapterRunsUserHooks(req.dialect) && entry.canonical) {
      const r = await withAllHooks(req, payload, entry.canonical, seen, outcome, name);
      outcome = r.outcome;
      log = r.log;
      stderr += log.map((l) => `stopline guard: ${l}\n`).join('');
    }
    // where this dialect's host cannot be stopped (Hermes pre_llm_call, Pi input), a deny is
    // only ever context, as the host artifact renders it
    if ((outcome.kind === 'deny' || outcome.kind === 'ask') && !entry.blockable) {
      outcome = { ...outcome, kind: 'context' };
    }
    return verdictFrom(outcome, { output: hostOutputOf(req.dialect, rendered, outcome), stderr, diagnostics: log });
  } catch (err) {
    // the runner never throws; this is the last line of defence, and it follows the fail mode
    const out = failOutcome(err, { env: req.env, cwd: req.cwd });
    return verdictFrom(out, { stderr: (out.diagnostics ?? []).map((d) => `stopline guard: ${d.replace(/^stopline:\s*/, '')}\n`).join('') });
  }
}
