/** Kimi Code's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { kimiChecks } from './doctor';
import { kimiPaths, kimiPlanner } from './install';

export const tooling = hostTools({ planner: kimiPlanner, checks: kimiChecks }, (env) => kimiPaths(env).script);
