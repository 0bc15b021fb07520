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
import { answer } from '../../../core/answer';
import { handleEvent, failOutcome } from '../../../core/controller';
import { InvalidEventError, failOutcomeFor } from '../../../core/failmode';
import { resolveEventName } from '../../../core/hooks';
import type { Outcome } from '../../../core/outcome';
import { stampOf } from '../../../core/outcome';
import { parseControlEvent } from '../../../core/protocol';
import type { ControlEvent } from '../../../core/protocol';
import { eventEntry } from '../../shared/adapter';
import type { CommandHookAdapter, HookEnv, HostAnswer, MappedEvent, Rendered } from '../../shared/adapter';
import { HookInputError } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { answerHook } from '../../shared/runner';
import type { CoreApi } from '../../shared/runner';
import { suggest } from '../suggest';
import { ADAPTERS, acceptedEvents, eventNameOf, hostOutputOf } from './adapters';
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

function verdictFrom(outcome: HostAnswer, extra: { output?: unknown; stderr?: string; diagnostics?: string[] } = {}): GuardResult {
  const block = outcome.kind === 'deny' || outcome.kind === 'ask';
  const v: Verdict = { decision: block ? 'block' : 'allow', kind: outcome.kind };
  if (outcome.reasonCode) v.reasonCode = outcome.reasonCode;
  if (outcome.family) v.family = outcome.family;
  if (outcome.eventId) v.eventId = outcome.eventId;
  const stamp = stampOf(outcome);
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

async function decideControlEvent(req: GuardRequest): Promise<GuardResult> {
  const parsed = parseControlEvent(req.payload);
  if (!parsed.ok) return inputError(`not a valid ControlEvent v1: ${parsed.error}`);
  const event: ControlEvent = { ...parsed.event, host: { ...parsed.event.host, hasHuman: false } };
  if (req.task) {
    event.sessionId = req.task;
    if (event.rootSessionId !== undefined) event.rootSessionId = req.task;
  }
  const core = req.core ?? { handleEvent, failOutcome };
  const outcome = await answer(event, { env: req.env, cwd: event.cwd ?? req.cwd, canAsk: false, denyResponse: GUARD_DENY_RESPONSE, handleEvent: core.handleEvent });
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

/** Decide one event. Never throws. */
export async function decideGuard(req: GuardRequest): Promise<GuardResult> {
  try {
    if (req.dialect === 'native' && 'protocolVersion' in req.payload) return await decideControlEvent(req);
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

    // the runner answered through core/answer: the guard, the person's hooks (every dialect of
    // them where no host runs its own), the fold, and the row's blockability
    const outcome: HostAnswer = seen.outcome ?? { kind: 'none' };
    return verdictFrom(outcome, { output: hostOutputOf(req.dialect, rendered, outcome), stderr: rendered.stderr });
  } catch (err) {
    // the runner never throws; this is the last line of defence, and it follows the fail mode
    const out = failOutcome(err, { env: req.env, cwd: req.cwd });
    return verdictFrom(out, { stderr: (out.diagnostics ?? []).map((d) => `stopline guard: ${d.replace(/^stopline:\s*/, '')}\n`).join('') });
  }
}
