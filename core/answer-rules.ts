/**
 * The rules of the one answer path that need nothing but the outcomes themselves: the guard's
 * gate, the host row's gate and the labels. No file, process or clock is touched here, so a
 * door that runs without Node's built-ins (an in-process runtime given its capabilities) applies
 * the same rules as a hook process. core/answer.ts wires them to the guard and the person's
 * hooks; hosts/shared/in-process/runtime.ts wires them to injected ports.
 */
import type { HandleOptions } from './controller';
import type { recordBypass as RecordBypass } from './bypass';
import type { CombinedOutcome } from './hooks/fold';
import type { applyHostEditSwitch as ApplyHostEditSwitch } from './host-mode';
import type { Outcome } from './outcome';
import type { ControlEvent } from './protocol';
import { isHookReason, noticeLevel } from './registry/reasons';

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
 * An Outcome with what the person's hooks added (system messages, stop, feedback after a tool),
 * and the guard's own part of it (`guard`: what the guard said before the fold).
 */
export type Answer = Outcome & Partial<Omit<CombinedOutcome, keyof Outcome>> & { guard?: Outcome };

/**
 * The guard denies only before a tool. A deny from the core on any other event can only be its
 * fail-closed answer (GUARD_UNAVAILABLE): it goes to the model as context and to the person as a
 * notice, never as a block. A blocked prompt would hide the reason from a headless run, and a
 * blocked stop would keep the turn going in a loop; at a stop it is the notice alone.
 */
export function guardGate(outcome: Outcome, kind: ControlEvent['kind'] | null): Outcome {
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

/** A deny (or an ask nobody can answer) that survived on an event whose host row cannot block is context. */
function rowGate(outcome: Answer, blockable: boolean | undefined): Answer {
  if (blockable !== false || (outcome.kind !== 'deny' && outcome.kind !== 'ask')) return outcome;
  return { ...outcome, kind: 'context' };
}

/** Say who answered and how loud its notice is. */
function labelled(o: Answer): Answer {
  return { ...o, from: isHookReason(o.reasonCode) ? 'hook' : 'guard', level: noticeLevel(o.reasonCode) };
}

/**
 * The last steps of every answer, after the fold: the row's gate (`blockable`: the registry
 * row's column; absent when the host's renderer knows the event's forms), the labels, and the
 * guard's own part kept beside the folded result.
 */
export function settleAnswer(folded: Answer, guard: Outcome, blockable: boolean | undefined): Answer {
  return { ...labelled(rowGate(folded, blockable)), guard };
}
