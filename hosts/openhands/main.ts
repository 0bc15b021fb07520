/**
 * Entry (first part, decide.ts the second) of dist/openhands/stopline.mjs: the OpenHands CLI hook
 * script. OpenHands runs it for every event registered in `.openhands/hooks.json` with one JSON
 * object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'openhands', self: import.meta.url });
