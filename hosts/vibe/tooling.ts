/** Mistral Vibe's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { vibeChecks } from './doctor';
import { vibePaths, vibePlanner } from './install';

export const tooling = hostTools({ planner: vibePlanner, checks: vibeChecks }, (env, cwd) => vibePaths(env, 'user', cwd).script);
