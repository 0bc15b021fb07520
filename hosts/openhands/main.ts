/**
 * Entry of dist/openhands/stopline.mjs: the OpenHands CLI hook script. OpenHands runs it for every
 * event registered in `.openhands/hooks.json` with one JSON object on stdin. This is the script's
 * small first part (hosts/shared/hook-entry.ts); its decision code, hosts/openhands/decide.ts, is
 * the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (openhands)', spec: { artifact: 'openhands', build: EVALUATOR_BUILD }, self: import.meta.url });
