/**
 * Entry (first part, decide.ts the second) of dist/cline/stopline.mjs: the Cline CLI hook script.
 * Cline runs one executable file per event (`~/.cline/hooks/PreToolUse`, …) with one JSON object on
 * stdin; the file stopline installs runs this script with the event's name as its first argument,
 * which travels with the payload to wherever it is decided (the adapter's nameEvent).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (cline)', spec: { artifact: 'cline', build: EVALUATOR_BUILD }, self: import.meta.url });
