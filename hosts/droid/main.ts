/**
 * Entry (first part, decide.ts the second) of dist/droid/stopline.mjs: the Factory Droid hook
 * script. Droid runs it (`sh -c`) for every event of the hook file with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'droid', self: import.meta.url });
