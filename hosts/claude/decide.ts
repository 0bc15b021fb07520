/**
 * The decision code of dist/claude/stopline.mjs (the second part of the file, see
 * hosts/shared/evaluator/load.ts): the Claude adapter with the core, in the hook's own process
 * or as the resident evaluator; and the run-time confinement the plugin's mod hands Claude Code
 * (hosts/shared/confine-run.ts).
 */
import { decisionPart } from '../shared/evaluator/decision-part';
import { claudeAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(claudeAdapter);
export { runConfined as confine } from '../shared/confine-run';
