/**
 * One guard decision: an event in one of the accepted forms in, a verdict out (never throws).
 *
 *   block (exit 2): the core denied (or asked: a bridge has nobody to ask), or a hook denied;
 *                   the STOP stamp is the whole of stderr, for the harness to hand to the model
 *   allow (exit 0): anything else, with the context for the model in the verdict line, and the
 *                   command to run in place of the model's when the caller said it runs one
 *                   (`--can-rewrite`) and the answer is a rewrite
 *   input error:    the input is not one of the accepted forms (the caller exits 1)
 *
 * The event goes through the shared command-hook runner with the dialect's adapter, so the fail
 * mode, the core and the person's hooks behave exactly as in the host artifacts. The adapter is
 * changed only where a bridge differs from a host: nobody to ask, the task's contract, and who
 * runs a rewritten command (the caller, when it says so).
 */
import { answer, failAnswer, labelLines } from '../../../core/answer/answer';
import { InvalidEventError } from '../../../core/answer/failmode';
import { resolveEventName } from '../../../core/hooks';
import type { Answer } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import { parseControlEvent } from '../../../core/protocol';
import type { ControlEvent } from '../../../core/protocol';
import { eventEntry } from '../../shared/adapter';
import type { CommandHookAdapter, HookEnv, MappedEvent } from '../../shared/adapter';
import { HookInputError } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { NODE_CORE, decideHook, renderDecision } from '../../shared/runner';
import type { CoreApi } from '../../shared/runner';
import { suggest } from '../suggest';
import { GUARD_DOORS, acceptedEvents } from './adapters';
import type { GuardDialect } from './adapters';

const GUARD_DENY_RESPONSE = 'guard_exit2_returned';

interface GuardRequest {
  dialect: GuardDialect;
  payload: HookPayload;
  /** `--task` / STOPLINE_TASK_ID: the contract this call is checked against */
  task?: string;
  /** the event name when the caller has it apart from the payload (listen's `event`) */
  eventName?: string;
  env: HookEnv;
  cwd: string;
  /** the caller runs a rewritten command in place of the model's (`--can-rewrite`): a rewrite may be the answer */
  canRewrite?: boolean;
  /** tests make the core fail through this */
  core?: CoreApi;
}

/** The one JSON line on stdout. */
interface Verdict {
  decision: 'allow' | 'block';
  /** what the guard answered: none, context, rewrite (an allow of another command), ask (a block here) or deny */
  kind: Answer['kind'];
  /** for a rewrite: the command to run in place of the model's, and the whole tool input with it */
  rewrite?: { command: string; input?: Record<string, unknown> };
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
  /** the host's own answer, for a host whose dialect renders one */
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
  const out = failAnswer(NODE_CORE, new InvalidEventError(message), { env, cwd }, null);
  return out.kind === 'deny' ? verdictFrom(out) : inputError(message);
}

function verdictFrom(outcome: Answer, extra: { output?: unknown; stderr?: string; diagnostics?: string[] } = {}): GuardResult {
  const block = outcome.kind === 'deny' || outcome.kind === 'ask';
  const v: Verdict = { decision: block ? 'block' : 'allow', kind: outcome.kind };
  if (outcome.reasonCode) v.reasonCode = outcome.reasonCode;
  if (outcome.family) v.family = outcome.family;
  if (outcome.eventId) v.eventId = outcome.eventId;
  const stamp = stampOf(outcome);
  if (block) v.reason = stamp;
  else if ((outcome.kind === 'context' || outcome.kind === 'rewrite') && outcome.message) v.context = outcome.message;
  if (outcome.kind === 'rewrite' && outcome.rewrite) v.rewrite = { command: outcome.rewrite.command, ...(outcome.rewrite.input ? { input: outcome.rewrite.input } : {}) };
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
  const core = req.core ?? NODE_CORE;
  // the raw form names no tool input to rewrite: its answer is never a rewrite
  const outcome = await answer(event, { env: req.env, cwd: event.cwd ?? req.cwd, canAsk: false, denyResponse: GUARD_DENY_RESPONSE, row: { control: event.kind, blockable: true } }, { core });
  return verdictFrom(outcome, { stderr: guardLines(outcome.diagnostics) });
}

function guardLines(lines: readonly string[] | undefined): string {
  return labelLines('stopline guard', lines)
    .map((l) => `${l}\n`)
    .join('');
}

// ------------------------------------------------------------------------- the dialects

/**
 * The dialect's adapter as a bridge uses it: nobody to ask (an ask is recorded and answered as
 * a deny), the task's contract in place of the session's, and a rewrite only when the caller
 * runs one.
 */
function asBridge(adapter: CommandHookAdapter, task: string | undefined, canRewrite: boolean): CommandHookAdapter {
  return {
    ...adapter,
    denyResponse: GUARD_DENY_RESPONSE,
    canAsk: () => false,
    rewrites: canRewrite,
    toControlEvent(payload, env) {
      const mapped: MappedEvent = adapter.toControlEvent(payload, env);
      if (mapped.kind === 'event' && task) {
        mapped.event.sessionId = task;
        if (mapped.event.rootSessionId !== undefined) mapped.event.rootSessionId = task;
      }
      return mapped;
    },
  };
}

/** Decide one event. Never throws. */
export async function decideGuard(req: GuardRequest): Promise<GuardResult> {
  try {
    if (req.dialect === 'native' && 'protocolVersion' in req.payload) return await decideControlEvent(req);
    const door = GUARD_DOORS[req.dialect];
    const adapter = door.adapter;
    const name = req.eventName ?? door.eventName(req.payload);
    const host = adapter.registry.displayName;
    const what = req.dialect === 'native' ? 'a canonical event' : `${/^[AEIOU]/.test(host) ? 'an' : 'a'} ${host} event`;
    if (name === undefined || name === '') {
      return inputError(door.noEventName ?? `no "hook_event_name": name ${what}`);
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

    const bridge = asBridge(adapter, req.task, req.canRewrite === true);
    const decided = await decideHook(bridge, JSON.stringify(payload), { env: req.env, cwd: req.cwd, ...(req.core ? { core: req.core } : {}) });
    // a payload that breaks the dialect's contract is the caller's mistake here, not the guard's
    if (decided.kind === 'failed' && decided.error instanceof HookInputError) return inputError(`the ${req.dialect} payload is incomplete: ${decided.error.message}`);

    // the runner answered on the one answer path: the guard, the person's hooks (every dialect of
    // them where no host runs its own), the fold, and the row's gates
    const rendered = renderDecision(bridge, decided);
    const outcome: Answer = decided.kind === 'silent' ? { kind: 'none' } : decided.answer;
    return verdictFrom(outcome, { output: door.hostOutput(rendered, outcome), stderr: rendered.stderr });
  } catch (err) {
    // the runner never throws; this is the last line of defence, and it follows the fail mode
    const out = failAnswer(req.core ?? NODE_CORE, err, { env: req.env, cwd: req.cwd }, null);
    return verdictFrom(out, { stderr: guardLines(out.diagnostics) });
  }
}
