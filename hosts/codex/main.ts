/**
 * Entry of dist/codex/stopline.mjs: the Codex CLI hook script. Codex runs it for every event in
 * hooks.json with one JSON object on stdin. This is the script's small first part
 * (hosts/shared/hook-entry.ts); its decision code, hosts/codex/decide.ts, is the second part of
 * the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { EVALUATOR_BUILD } from '../shared/evaluator/build-id';

void runHookEntry({ label: 'stopline (codex)', spec: { artifact: 'codex', build: EVALUATOR_BUILD }, self: import.meta.url });
