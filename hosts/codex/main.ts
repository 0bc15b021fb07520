/**
 * Entry (first part, decide.ts the second) of dist/codex/stopline.mjs: the Codex CLI hook script.
 * Codex runs it for every event in hooks.json with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'codex', self: import.meta.url });
