/**
 * What the core answers for one ControlEvent. Adapters render this into their host's
 * exact format and nothing else; they never re-decide.
 */
import { FAMILY_WORDS } from './registry/reasons';
import type { NoticeLevel, ReasonCode } from './registry/reasons';

export type OutcomeKind = 'none' | 'context' | 'ask' | 'deny' | 'rewrite';

/** Who gave the answer: stopline's guard, or a hook the person configured. */
export type OutcomeSource = 'guard' | 'hook';

export interface Outcome {
  kind: OutcomeKind;
  /**
   * For deny/ask: the STOP stamp (multi-line text the model and the person read).
   * For context: the context text to inject.
   */
  message?: string;
  reasonCode?: ReasonCode;
  family?: string;
  /**
   * For rewrite: the tool call goes ahead, with this input in place of the model's. Today this is
   * a shell command the analysis could not prove, wrapped to run confined to the contract; the
   * adapter puts `command` into the field its tool row names and keeps every other field.
   */
  rewrite?: { command: string };
  /** evidence event id when a record was written */
  eventId?: string;
  /**
   * For a prompt that was a stopline directive or query: the text the host should show
   * the person (errors, status answers). Context is still in `message`.
   */
  notice?: string;
  /** how loud `notice` is, from the reason's kind (set by core/answer) */
  level?: NoticeLevel;
  /** who answered (set by core/answer) */
  from?: OutcomeSource;
  /** diagnostics for stderr (one line each); never printed on stdout */
  diagnostics?: string[];
}

export const NONE: Outcome = Object.freeze({ kind: 'none' }) as Outcome;

/**
 * The text a deny or ask shows: its stamp, or, when an answer reached a renderer without one
 * (it never should), the shortest stamp that still names the reason.
 */
export function stampOf(outcome: Pick<Outcome, 'message' | 'reasonCode'>): string {
  if (outcome.message && outcome.message.trim() !== '') return outcome.message;
  return `STOP / ${FAMILY_WORDS.C}\nReason: ${outcome.reasonCode ?? 'GUARD_UNAVAILABLE'}`;
}
