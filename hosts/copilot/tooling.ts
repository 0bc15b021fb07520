/** GitHub Copilot CLI's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { copilotChecks, copilotNativeDoor } from './doctor';
import { copilotPaths, copilotPlanner } from './install';

export const tooling = hostTools({ planner: copilotPlanner, checks: copilotChecks, native: copilotNativeDoor }, (env, cwd) => [copilotPaths(env, 'user', cwd).script, copilotPaths(env, 'user', cwd).hooksFile]);
