/**
 * Entry (first part, decide.ts the second) of dist/gemini/stopline.mjs: the Gemini CLI hook script.
 * Gemini runs it for every event registered in settings.json (or the extension's hooks/hooks.json)
 * with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (gemini)', spec: { artifact: 'gemini', build: EVALUATOR_BUILD }, self: import.meta.url });
