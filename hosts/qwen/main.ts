/**
 * Entry of dist/qwen/stopline.mjs: the Qwen Code hook script. Qwen runs it for every event
 * registered in settings.json (or the extension's hooks/hooks.json) with one JSON object on stdin.
 */
import { qwenAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(qwenAdapter);
