/**
 * Entry (first part, decide.ts the second) of dist/cline/stopline.mjs: the Cline CLI hook script.
 * Cline runs one executable file per event (`~/.cline/hooks/PreToolUse`, …) with one JSON object on
 * stdin; the file stopline installs runs this script with the event's name as its first argument,
 * which travels with the payload to wherever it is decided (the adapter's nameEvent).
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'cline', self: import.meta.url });
