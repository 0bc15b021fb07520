/** Codex CLI's row of the person's tooling. */
import { hostTools } from '../cli/host-tool';
import { codexChecks, codexNativeDoor } from './doctor';
import { codexPaths, codexPlanner } from './install';
import { codexRollout, locateCodexRollout } from './rollout';

export const tooling = hostTools({ planner: codexPlanner, checks: codexChecks, native: codexNativeDoor, callRecord: { format: codexRollout, locate: locateCodexRollout } }, (env, cwd) => codexPaths(env, 'user', cwd).script);
