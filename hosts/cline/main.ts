/**
 * Entry of dist/cline/stopline.mjs: the Cline CLI hook script. Cline runs one executable file per
 * event (`~/.cline/hooks/PreToolUse`, …) with one JSON object on stdin; the file stopline installs
 * runs this script with the event's name as its first argument, which travels with the payload
 * to wherever it is decided (the adapter's nameEvent).
 * This is the script's small first part (hosts/shared/hook-entry.ts); its decision code,
 * hosts/cline/decide.ts, is the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (cline)', spec: { artifact: 'cline', build: EVALUATOR_BUILD }, self: import.meta.url });
