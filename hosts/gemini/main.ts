/**
 * Entry of dist/gemini/stopline.mjs: the Gemini CLI hook script. Gemini runs it for every event
 * registered in settings.json (or the extension's hooks/hooks.json) with one JSON object on stdin.
 */
import { geminiAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(geminiAdapter);
