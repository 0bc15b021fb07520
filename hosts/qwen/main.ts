/**
 * Entry of dist/qwen/stopline.mjs: the Qwen Code hook script. Qwen runs it for every event
 * registered in settings.json (or the extension's hooks/hooks.json) with one JSON object on stdin.
 * This is the script's small first part (hosts/shared/hook-entry.ts); its decision code,
 * hosts/qwen/decide.ts, is the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (qwen)', spec: { artifact: 'qwen', build: EVALUATOR_BUILD }, self: import.meta.url });
