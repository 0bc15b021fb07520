/** Kilo Code's row of the person's tooling. */
import { join } from 'node:path';
import { hostTools } from '../cli/host-tool';
import { kiloChecks, kiloNativeDoor } from './doctor';
import { kiloPlanner, kiloPluginDir } from './install';

export const tooling = hostTools({ planner: kiloPlanner, checks: kiloChecks, native: kiloNativeDoor }, (env, cwd) => join(kiloPluginDir(env, 'user', cwd), 'stopline.js'));
