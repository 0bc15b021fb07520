/**
 * The decision code of dist/kimi/stopline.mjs (the second part of the file, see
 * hosts/shared/evaluator/load.ts): the Kimi Code adapter with the core, in the hook's own process
 * or as the resident evaluator.
 */
import { decisionPart } from '../shared/evaluator/decision-part';
import { kimiAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(kimiAdapter);
