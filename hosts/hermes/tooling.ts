/** Hermes Agent's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { hermesChecks } from './doctor';
import { hermesPlanner, hermesPluginDir } from './install';

export const tooling = hostTools({ planner: hermesPlanner, checks: hermesChecks }, (env) => hermesPluginDir(env));
