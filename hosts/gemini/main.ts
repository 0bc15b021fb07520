/**
 * Entry (first part, decide.ts the second) of dist/gemini/stopline.mjs: the Gemini CLI hook script.
 * Gemini runs it for every event registered in settings.json (or the extension's hooks/hooks.json)
 * with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'gemini', self: import.meta.url });
