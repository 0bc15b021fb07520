/** The decision code of dist/copilot/stopline.mjs: its second part (hosts/shared/evaluator/load.ts), run in the hook's process or as the resident evaluator. */
import { decisionPart } from '../shared/evaluator/decision-part';
import { copilotAdapter } from './adapter';

export const { answer, failAnswer, serve, start } = decisionPart(copilotAdapter);
