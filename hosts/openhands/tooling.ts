/** OpenHands CLI's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { settingsHookPaths } from '../cli/install/settings-hooks';
import { openhandsChecks } from './doctor';
import { openhandsHost, openhandsPlanner } from './install';

export const tooling = hostTools({ planner: openhandsPlanner, checks: openhandsChecks }, (env, cwd) => settingsHookPaths(openhandsHost, env, 'user', cwd).script);
