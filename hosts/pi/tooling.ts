/** Pi's row of the person's tooling. */
import { join } from 'node:path';
import { hostTools } from '../cli/host-tool';
import { piChecks, piNativeDoor } from './doctor';
import { piExtensionsDir, piPlanner } from './install';

export const tooling = hostTools({ planner: piPlanner, checks: piChecks, native: piNativeDoor }, (env, cwd) => join(piExtensionsDir(env, 'user', cwd), 'stopline.ts'));
