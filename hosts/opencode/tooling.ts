/** OpenCode's row of the person's tooling. */
import { join } from 'node:path';
import { hostTools } from '../cli/host-tool';
import { opencodeChecks, opencodeNativeDoor } from './doctor';
import { findOpenCode2, opencodePlanner, opencodePluginDir } from './install';

export const tooling = hostTools({ planner: opencodePlanner, checks: opencodeChecks, native: opencodeNativeDoor, alsoOnPath: (env) => findOpenCode2(env) !== undefined }, (env, cwd) => join(opencodePluginDir(env, 'user', cwd), 'stopline.js'));
