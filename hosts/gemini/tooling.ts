/** Gemini CLI's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { geminiChecks, geminiNativeDoor } from './doctor';
import { geminiHost, geminiPlanner } from './install';

export const tooling = hostTools({ planner: geminiPlanner, checks: geminiChecks, native: geminiNativeDoor }, (env, cwd) => settingsHookPaths(geminiHost, env, 'user', cwd).script);
