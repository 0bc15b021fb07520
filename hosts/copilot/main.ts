/**
 * Entry (first part, decide.ts the second) of dist/copilot/stopline.mjs: the GitHub Copilot CLI
 * hook script. Copilot runs it for every event of the hook file with one camelCase JSON object on
 * stdin; the payload does not name its event, so the hook file passes the name as the first
 * argument, which travels with the payload to wherever it is decided (the adapter's nameEvent).
 */
import { runHookEntry } from '../shared/hook-entry';

void runHookEntry({ artifact: 'copilot', self: import.meta.url });
