/**
 * Entry (first part, decide.ts the second) of dist/vibe/stopline.mjs: the Mistral Vibe hook script.
 * Vibe runs the command of each `[[hooks]]` table in hooks.toml with one JSON object on stdin.
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'vibe', self: import.meta.url });
