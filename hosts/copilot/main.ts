/**
 * Entry of dist/copilot/stopline.mjs: the GitHub Copilot CLI hook script. Copilot runs it for
 * every event of the hook file with one camelCase JSON object on stdin; the payload does not
 * name its event, so the hook file passes the name as the first argument.
 */
import process from 'node:process';
import { copilotAdapter, namedBy } from './adapter';
import { runHookProcess } from '../shared/process';

void runHookProcess({ ...copilotAdapter, nameEvent: namedBy(process.argv.slice(2)) });
