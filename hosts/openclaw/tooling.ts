/** OpenClaw's row of the person's tooling. */
import { join } from 'node:path';
import { hostTools } from '../cli/host-tool';
import { openclawChecks } from './doctor';
import { openclawPlanner, openclawPluginDir } from './install';

export const tooling = hostTools({ planner: openclawPlanner, checks: openclawChecks }, (env) => join(openclawPluginDir(env), 'index.js'));
