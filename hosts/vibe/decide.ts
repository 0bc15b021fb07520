/**
 * The decision code of dist/vibe/stopline.mjs (the second part of the file, see
 * hosts/shared/evaluator/load.ts): the Mistral Vibe adapter with the core, in the hook's own
 * process or as the resident evaluator.
 */
import { decisionPart } from '../shared/evaluator/decision-part';
import { vibeAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(vibeAdapter);
