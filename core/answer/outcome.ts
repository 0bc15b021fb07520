/**
 * What the core answers for one ControlEvent. Adapters render this into their host's
 * exact format and nothing else; they never re-decide.
 */
import { FAMILY_WORDS } from '../registry/reasons';
import type { NoticeLevel, ReasonCode } from '../registry/reasons';

type OutcomeKind = 'none' | 'context' | 'ask' | 'deny' | 'rewrite';

/** Who gave the answer: stopline's guard, or a hook the person configured. */
type OutcomeSource = 'guard' | 'hook';

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
   * a shell command the analysis could not prove, wrapped to run confined to the contract, or the
   * command a person's hook put in place of the model's. The answer path (core/answer/answer.ts) adds
   * `input`: the host's whole tool input with `command` in the field its tool row names and every
   * other field kept, which is what the renderers hand the host.
   */
  rewrite?: Rewrite;
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
  /** diagnostics for stderr, one line each without a label (the door puts its own in front); never printed on stdout */
  diagnostics?: string[];
}

/** A tool call that goes ahead with another command. */
export interface Rewrite {
  command: string;
  /** the host's tool input with the command replaced (set by the answer path for the renderers) */
  input?: Record<string, unknown>;
  /** the input field that holds the command (the tool row's `commandField`) */
  field?: string;
  /**
   * A confined command in its short form: the launcher script it runs (core/confine/launcher.ts),
   * already written in stopline's data folder. Absent: `command` holds the whole sandbox inline.
   */
  launcher?: string;
}

/**
 * The one answer a door renders: the guard's Outcome folded with the person's own hooks
 * (core/hooks/fold.ts) and settled by the answer path (core/answer/answer.ts). Every door, whatever
 * its host, renders this and nothing else.
 */
export interface Answer extends Outcome {
  /** the person's hooks allowed and nothing objected (a host with a permission prompt may skip it) */
  allow?: boolean;
  /** every context text, the guard's first, then the hooks' in config order */
  contexts?: string[];
  /** system messages of the person's hooks, for the person */
  messages?: string[];
  /** a hook said `continue: false` */
  stop?: boolean;
  stopReason?: string;
  /** after a tool: a hook's deny, downgraded, for the host to append to the tool result */
  feedback?: string;
  /** a deny or ask the host's row cannot block, said as context instead (kind is `context`) */
  downgraded?: 'deny' | 'ask';
  /** the guard's own part, before the person's hooks were folded in */
  guard?: Outcome;
}

/**
 * The text a deny or ask shows: its stamp, or, when an answer reached a renderer without one
 * (it never should), the shortest stamp that still names the reason.
 */
export function stampOf(outcome: Pick<Outcome, 'message' | 'reasonCode'>): string {
  if (outcome.message && outcome.message.trim() !== '') return outcome.message;
  return `STOP / ${FAMILY_WORDS.C}\nReason: ${outcome.reasonCode ?? 'GUARD_UNAVAILABLE'}`;
}
