/**
 * Entry of dist/droid/stopline.mjs: the Factory Droid hook script. Droid runs it (`sh -c`) for
 * every event of the hook file with one JSON object on stdin.
 */
import { droidAdapter } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess(droidAdapter);
