/**
 * Entry of dist/vibe/stopline.mjs: the Mistral Vibe hook script. Vibe runs the command of each
 * `[[hooks]]` table in hooks.toml with one JSON object on stdin.
 * This is the script's small first part (hosts/shared/hook-entry.ts); its decision code,
 * hosts/vibe/decide.ts, is the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (vibe)', spec: { artifact: 'vibe', build: EVALUATOR_BUILD }, self: import.meta.url });
