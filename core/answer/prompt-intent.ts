/**
 * What a prompt would do to the contract, asked before handing it to the controller. Hosts
 * that queue input while the agent is working (Pi) must not apply a contract change then, and
 * a host's own mode switch (OpenCode agents) must not compete with an explicit directive; both
 * need the answer without changing anything.
 */
import { normalizeSlashDirective, parsePromptCommand } from '../contract/grammar';
import { detectCorrection } from '../contract/corrections';

type PromptIntent =
  /** a $stopline directive (also a malformed one: it is answered, and the contract stays) */
  | 'directive'
  /** status, help, runtime, explain, label */
  | 'query'
  /** plain words that may change the mode ("review only", "stop", "fix it") */
  | 'correction'
  | 'none';

/**
 * The intent of a prompt. `correction` is conservative: it says the words could change the
 * mode under some contract (a go-ahead like "fix it" only changes a non-mutating one), which
 * is what a caller that must not apply changes right now needs to know.
 */
export function promptIntent(text: string): PromptIntent {
  const cmd = parsePromptCommand(normalizeSlashDirective(text));
  if (cmd.kind === 'query') return 'query';
  if (cmd.kind === 'directive' || cmd.kind === 'error') return 'directive';
  return detectCorrection(text, 'review') ? 'correction' : 'none';
}

/** True when the prompt is a stopline command the person typed (directive, malformed directive or query). */
export function isStoplineCommand(text: string): boolean {
  const cmd = parsePromptCommand(normalizeSlashDirective(text));
  return cmd.kind !== 'none';
}
