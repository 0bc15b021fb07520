/**
 * Entry of dist/droid/stopline.mjs: the Factory Droid hook script. Droid runs it (`sh -c`) for
 * every event of the hook file with one JSON object on stdin.
 * This is the script's small first part (hosts/shared/hook-entry.ts); its decision code,
 * hosts/droid/decide.ts, is the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (droid)', spec: { artifact: 'droid', build: EVALUATOR_BUILD }, self: import.meta.url });
