/**
 * Entry (first part, decide.ts the second) of dist/kimi/stopline.mjs: the Kimi Code hook script.
 * Kimi runs it (`sh -c`) for every `[[hooks]]` table of its config file that names it, with one
 * JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'kimi', self: import.meta.url });
