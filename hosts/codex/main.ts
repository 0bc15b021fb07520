/**
 * Entry of dist/codex/stopline.mjs: the Codex CLI hook script. Codex runs it for every event
 * in hooks.json with one JSON object on stdin.
 */
import { codexAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(codexAdapter);
