/** The decision code of dist/droid/stopline.mjs: its second part (hosts/shared/evaluator/load.ts), run in the hook's process or as the resident evaluator. */
import { decisionPart } from '../shared/evaluator/decision-part';
import { droidAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(droidAdapter);
