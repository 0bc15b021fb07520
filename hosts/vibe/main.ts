/**
 * Entry (first part, decide.ts the second) of dist/vibe/stopline.mjs: the Mistral Vibe hook script.
 * Vibe runs the command of each `[[hooks]]` table in hooks.toml with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (vibe)', spec: { artifact: 'vibe', build: EVALUATOR_BUILD }, self: import.meta.url });
