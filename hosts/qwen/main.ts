/**
 * Entry (first part, decide.ts the second) of dist/qwen/stopline.mjs: the Qwen Code hook script.
 * Qwen runs it for every event registered in settings.json (or the extension's hooks/hooks.json)
 * with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'qwen', self: import.meta.url });
