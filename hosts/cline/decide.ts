/**
 * The decision code of dist/cline/stopline.mjs (the second part of the file, see
 * hosts/shared/evaluator/load.ts): the Cline CLI adapter with the core, in the hook's own process
 * or as the resident evaluator.
 */
import { decisionPart } from '../shared/evaluator/decision-part';
import { clineAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(clineAdapter);
