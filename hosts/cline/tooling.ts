/** Cline CLI's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { clineChecks } from './doctor';
import { clinePaths, clinePlanner } from './install';

export const tooling = hostTools({ planner: clinePlanner, checks: clineChecks }, (env, cwd) => clinePaths(env, 'user', cwd).script);
