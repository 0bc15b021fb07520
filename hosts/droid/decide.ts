/**
 * The decision code of dist/droid/stopline.mjs (the second part of the file, see
 * hosts/shared/evaluator/load.ts): the Factory Droid adapter with the core, in the hook's own process
 * or as the resident evaluator.
 */
import { decisionPart } from '../shared/evaluator/decision-part';
import { droidAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(droidAdapter);
