/**
 * Entry of dist/kimi/stopline.mjs: the Kimi Code hook script. Kimi runs it (`sh -c`) for every
 * `[[hooks]]` table of its config file that names it, with one JSON object on stdin.
 * This is the script's small first part (hosts/shared/hook-entry.ts); its decision code,
 * hosts/kimi/decide.ts, is the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (kimi)', spec: { artifact: 'kimi', build: EVALUATOR_BUILD }, self: import.meta.url });
