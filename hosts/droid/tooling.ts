/** Factory Droid's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { droidChecks, droidNativeDoor } from './doctor';
import { droidPaths, droidPlanner } from './install';

export const tooling = hostTools({ planner: droidPlanner, checks: droidChecks, native: droidNativeDoor }, (env, cwd) => droidPaths(env, 'user', cwd).script);
