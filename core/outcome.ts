/**
 * What the core answers for one ControlEvent. Adapters render this into their host's
 * exact format and nothing else; they never re-decide.
 */
export type OutcomeKind = 'none' | 'context' | 'ask' | 'deny';

export interface Outcome {
  kind: OutcomeKind;
  /**
   * For deny/ask: the STOP stamp (multi-line text the model and the person read).
   * For context: the context text to inject.
   */
  message?: string;
  reasonCode?: string;
  family?: string;
  /** evidence event id when a record was written */
  eventId?: string;
  /**
   * For a prompt that was a stopline directive or query: the text the host should show
   * the person (errors, status answers). Context is still in `message`.
   */
  notice?: string;
  /** diagnostics for stderr (one line each); never printed on stdout */
  diagnostics?: string[];
}

export const NONE: Outcome = Object.freeze({ kind: 'none' }) as Outcome;
