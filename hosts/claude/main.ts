/**
 * Entry of dist/claude/stopline.mjs: the Claude Code plugin's hook script. Claude runs it for
 * every registered event (hooks/hooks.json) with one JSON object on stdin. This is the script's
 * small first part (hosts/shared/hook-entry.ts); its decision code, hosts/claude/decide.ts, is
 * the second part of the same file (hosts/shared/evaluator/load.ts).
 */
import { runHookEntry } from '../shared/hook-entry';
import { modDecides } from './mod-live';

// first, before stdin is read or an evaluator asked: when the plugin's mod decides in this
// Claude Code process, this hook stays silent and does no work at all
void runHookEntry({ artifact: 'claude', self: import.meta.url, silentWhen: modDecides });
