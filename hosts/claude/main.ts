/**
 * Entry of dist/claude/stopline.mjs: the Claude Code plugin's hook script. Claude runs it for
 * every registered event (hooks/hooks.json) with one JSON object on stdin.
 */
// first: when the plugin's mod decides in this Claude Code process, this hook stays silent
import './mod-silent';
import { claudeAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(claudeAdapter);
