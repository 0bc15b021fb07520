/** Qwen Code's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { qwenChecks, qwenNativeDoor } from './doctor';
import { qwenHost, qwenPlanner } from './install';

export const tooling = hostTools({ planner: qwenPlanner, checks: qwenChecks, native: qwenNativeDoor }, (env, cwd) => settingsHookPaths(qwenHost, env, 'user', cwd).script);
