/**
 * Entry of dist/claude/stopline.mjs: the Claude Code plugin's hook script. Claude runs it for
 * every registered event (hooks/hooks.json) with one JSON object on stdin.
 */
import { claudeAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(claudeAdapter);
