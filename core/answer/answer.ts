/**
 * The one answer path every door takes (command hooks, the resident evaluator, `stopline guard`,
 * `listen`, the in-process plugins, the Claude Code mod): one event in, one Answer out.
 *
 *   1. the guard: `core.handleEvent` (the analysis was done by the door's `actionOf`; decision,
 *      evidence, stamp), told whether the host applies a rewritten command here (`canRewrite`)
 *   2. the guard's gate: the guard blocks only before a tool (guardGate)
 *   3. the person's own hooks (core/hooks), when some are configured for the event, folded with
 *      the guard's answer (core/hooks/fold.ts): a guard deny always stands, a guard rewrite is
 *      never undone by a hook's
 *   4. a hook's rewritten command is judged by the guard as the command that will run
 *   5. the rewrite gate: a rewrite only where the host applies it, with the host's whole input
 *   6. the row's gate: on a row that cannot block, what still says deny or ask is context
 *   7. where it came from (guard or the person's hook) and the notice level, from the reason
 *
 * Nothing here touches a file, a process or a clock: the guard and the person's hooks are ports
 * (`AnswerPorts`), so a door without Node's built-ins (an in-process runtime) takes this same path
 * with its own. The Node ports are `NODE_CORE` (core/controller) and core/hooks/person.ts.
 */
import type { HandleOptions } from './controller';
import type { recordBypass as RecordBypass } from './bypass';
import type { applyHostEditSwitch as ApplyHostEditSwitch } from './host-mode';
import { foldGuardWithHooks } from '../hooks/fold';
import type { FoldedResult } from '../hooks/types';
import type { Answer, Outcome } from './outcome';
import { stampOf } from './outcome';
import type { Action, ControlEvent } from '../protocol';
import { isHookReason, noticeLevel } from '../registry/reasons';
import type { EventEntry } from '../registry/types';
import { isRecord } from '../check';

export type { Answer } from './outcome';

/**
 * The core entries a door calls, injectable so tests can make the core fail. The two
 * host-specific ones are there only for the hosts that have such an event (Pi's `!` command,
 * OpenCode's agent switch).
 */
export interface CoreApi {
  handleEvent: (event: unknown, opts: HandleOptions) => Outcome;
  failOutcome: (error: unknown, opts: HandleOptions) => Outcome;
  recordBypass?: typeof RecordBypass;
  applyHostEditSwitch?: typeof ApplyHostEditSwitch;
}

/**
 * The person's hooks of one event: run them and fold their responses. Never throws; `lines` are
 * what to report with the answer (load errors, a hook that could not run). `result` is null when
 * none is configured for the event.
 */
export type HooksPort = () => Promise<{ result: FoldedResult | null; lines: string[] }>;

/** The tool call of an `action.before` event, as the door read it (hosts/shared/action.ts). */
export interface ToolCall {
  /** the host's tool input as the model gave it */
  input: unknown;
  /** the input field that holds the shell command, when the tool runs one */
  commandField?: string;
  /** the host applies a rewritten command on this event and tool (the registry's rewrite column, and the door) */
  canRewrite: boolean;
  /** the same call with another command in place of the model's, analysed again */
  withCommand(command: string): Action;
}

/** Where one answer happens: the guard's options, the host's row for the event, the tool call. */
export interface AnswerPlace extends Omit<HandleOptions, 'canRewrite'> {
  /** the registry row of the event that fired: its control kind and `blockable` column */
  row: Pick<EventEntry, 'control' | 'blockable'>;
  /** the tool call, on a tool event */
  call?: ToolCall;
}

interface AnswerPorts {
  core: Pick<CoreApi, 'handleEvent'>;
  /** absent: the guard alone answers */
  hooks?: HooksPort;
}

/**
 * The guard denies only before a tool. A deny from the core on any other event can only be its
 * fail-closed answer (GUARD_UNAVAILABLE): it goes to the model as context and to the person as a
 * notice, never as a block. A blocked prompt would hide the reason from a headless run, and a
 * blocked stop would keep the turn going in a loop; at a stop it is the notice alone.
 */
function guardGate(outcome: Outcome, kind: ControlEvent['kind'] | null): Outcome {
  if ((outcome.kind !== 'deny' && outcome.kind !== 'ask') || kind === 'action.before') return outcome;
  const notice = outcome.message !== undefined ? { notice: outcome.message } : {};
  // at a stop, context the model reads keeps the turn going as a block does (Claude Code hands
  // it to the model and asks again): the person is told, the model is not
  if (kind === 'turn.stop' || kind === 'subagent.stop') {
    const { message: _, ...rest } = outcome;
    return { ...rest, kind: 'none', ...notice };
  }
  return { ...outcome, kind: 'context', ...notice };
}

function withLines<T extends Outcome>(o: T, lines: readonly string[]): T {
  if (!lines.length) return o;
  return { ...o, diagnostics: [...(o.diagnostics ?? []), ...lines] };
}

/** The person's hooks folded with the guard's answer; the guard's answer alone when there are none. */
async function withHooks(guard: Outcome, hooks: HooksPort | undefined): Promise<{ answer: Answer; result: FoldedResult | null; lines: string[] }> {
  if (!hooks) return { answer: guard, result: null, lines: [] };
  let ran: Awaited<ReturnType<HooksPort>>;
  try {
    ran = await hooks();
  } catch (err) {
    ran = { result: null, lines: [`user hooks not run: ${err instanceof Error ? err.message : String(err)}`] };
  }
  const answer: Answer = ran.result ? foldGuardWithHooks(guard, ran.result) : guard;
  return { answer, result: ran.result, lines: ran.lines };
}

/** The guard's options for this place (what handleEvent reads). */
function guardOptions(place: AnswerPlace, event: ControlEvent | null): HandleOptions {
  const { row: _row, call, ...opts } = place;
  return { ...opts, canRewrite: event?.kind === 'action.before' && call?.canRewrite === true };
}

/**
 * Answer one event: the guard (when there is an event for it; null for events only the person's
 * hooks see), its gate, the person's hooks and their fold, a hook's rewrite judged, the rewrite
 * and row gates, the labels. Throws only what `core.handleEvent` throws (the LockBusyError a
 * resident evaluator asks for with `yieldLockWaitsSince`).
 */
export async function answer(event: ControlEvent | null, place: AnswerPlace, ports: AnswerPorts): Promise<Answer> {
  const opts = guardOptions(place, event);
  const guard: Outcome = event ? guardGate(ports.core.handleEvent(event, opts), event.kind) : { kind: 'none' };
  const first = await withHooks(guard, ports.hooks);
  let folded = first.answer;
  let guardPart = guard;
  // a person's hook put another command in place of the model's: the guard judges what will run,
  // also when it would have run the model's command confined (the hook's command is then the one
  // confined, or run as it is when the guard can place it)
  const hookRewrite = folded.kind === 'rewrite' && (folded.reasonCode === 'hook-rewrite' || guard.kind === 'rewrite') ? first.result?.rewrite : undefined;
  if (hookRewrite && event?.action && place.call?.canRewrite && first.result) {
    const rewritten: ControlEvent = { ...event, action: { ...place.call.withCommand(hookRewrite.command), ...(event.action.id ? { id: event.action.id } : {}) } };
    guardPart = guardGate(ports.core.handleEvent(rewritten, opts), event.kind);
    // a guard that confines the hook's command rewrites it itself: nothing of the hook's is set aside then
    const { rewrite: _hooks, ...withoutRewrite } = first.result;
    folded = foldGuardWithHooks(guardPart, guardPart.kind === 'rewrite' ? withoutRewrite : first.result);
  }
  return settleAnswer(withLines(folded, first.lines), guardPart, place);
}

/**
 * A rewrite goes to the host only where it applies one, as the host's whole tool input with the
 * command in its field. Anywhere else: the guard's own rewrite (a command it would only let run
 * confined) is a deny, as if it could not be confined; a hook's is not applied, and said.
 */
function rewriteGate(o: Answer, call: ToolCall | undefined): Answer {
  if (o.kind !== 'rewrite') return o;
  const command = o.rewrite?.command;
  const input = call?.input;
  const field = call?.commandField;
  if (call?.canRewrite && typeof command === 'string' && field && isRecord(input)) {
    return { ...o, rewrite: { ...o.rewrite, command, field, input: { ...input, [field]: command } } };
  }
  const { rewrite: _dropped, ...rest } = o;
  if (o.reasonCode === 'hook-rewrite') {
    const line = "hooks: a hook's rewritten command was not applied: this host does not take a rewritten command here";
    const kept: Answer = { ...rest, kind: o.contexts?.length ? 'context' : 'none', ...(o.contexts?.length ? { message: o.contexts.join('\n\n') } : {}) };
    delete kept.reasonCode;
    delete kept.family;
    return withLines(kept, [line]);
  }
  return { ...rest, kind: 'deny', message: stampOf(o) };
}

/** A deny (or an ask nobody can answer) that survived on an event whose host row cannot block is context. */
function rowGate(o: Answer, blockable: boolean): Answer {
  if (blockable || (o.kind !== 'deny' && o.kind !== 'ask')) return o;
  return { ...o, kind: 'context', downgraded: o.kind };
}

/** Say who answered and how loud its notice is. */
function labelled(o: Answer): Answer {
  return { ...o, from: isHookReason(o.reasonCode) ? 'hook' : 'guard', level: noticeLevel(o.reasonCode) };
}

/** The last steps of every answer, after the fold: the rewrite and row gates, the labels, the guard's own part. */
function settleAnswer(folded: Answer, guard: Outcome, place: Pick<AnswerPlace, 'row' | 'call'>): Answer {
  return { ...labelled(rowGate(rewriteGate(folded, place.call), place.row.blockable)), guard };
}

/**
 * The fail mode's answer to an error outside the guard's own decision (stdin unreadable, a
 * payload that breaks the host's contract, an adapter or a door that threw): the core says what
 * the fail mode is and gives the diagnostic line. Closed denies an action and is context with a
 * notice on any other event (the guard's gate); open answers nothing. When even the fail mode
 * cannot be read the door fails open: a guard that cannot read its own config cannot know that
 * the person asked for closed. Never throws.
 */
export function failAnswer(core: Pick<CoreApi, 'failOutcome'>, err: unknown, place: Pick<HandleOptions, 'env' | 'cwd' | 'now'>, row: Pick<EventEntry, 'control'> | null): Answer {
  let outcome: Outcome;
  try {
    outcome = core.failOutcome(err, place);
  } catch (again) {
    return { kind: 'none', diagnostics: [`${errorMessage(err)}; fail mode unknown (${errorMessage(again)}), failing open`] };
  }
  const lines = outcome.diagnostics?.length ? outcome.diagnostics : [`${errorMessage(err)}; failing ${outcome.kind === 'deny' ? 'closed' : 'open'}`];
  if (outcome.kind !== 'deny' && outcome.kind !== 'ask') return { kind: 'none', diagnostics: lines };
  const denied: Outcome = { ...outcome, kind: 'deny', message: stampOf(outcome), diagnostics: lines };
  return { ...(row ? guardGate(denied, row.control) : denied), from: 'guard', level: noticeLevel(outcome.reasonCode) };
}

/** The message of an error, without a stack. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Lines for a log, each under the door's label (`stopline (claude): …`). */
export function labelLines(label: string, lines: readonly string[] | undefined): string[] {
  return (lines ?? []).map((l) => `${label}: ${l}`);
}
