/**
 * Doctor's view of Cline CLI: the hook files install.ts wrote.
 */
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { hookFileChecks } from '../cli/doctor/hook-file';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { runsScript } from '../cli/install/plan-context';
import { CLINE_EVENTS, clinePaths, clinePlanner } from './install';

/**
 * Cline runs each executable file of its hooks folder named after an event; it has no command
 * that lists them, so doctor reads the files the way Cline starts them (the executable bit, the
 * script they run, the event they name) and checks the runtime they start.
 */
function clineChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = clinePaths(ctx.env, p.scope, p.project);
  return hookFileChecks(ctx, p, 'cline', paths, {
    registration(fix) {
      const ours = runsScript(paths.script);
      const bad: string[] = [];
      let command: string | undefined;
      for (const event of CLINE_EVENTS) {
        const file = join(paths.hooksDir, event);
        const text = readText(file);
        const line = text?.split('\n').find((l) => l.startsWith('exec '));
        let runnable = true;
        try {
          accessSync(file, constants.X_OK);
        } catch {
          runnable = false;
        }
        if (!text || !text.startsWith('#!') || !runnable || !line || !ours(line) || !line.trimEnd().endsWith(` ${event}`)) bad.push(event);
        else command ??= line.slice('exec '.length);
      }
      if (bad.length) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksDir} has no executable stopline hook file (running ${paths.script} with its event) for ${bad.join(', ')}: Cline runs the tools unguarded`, fix)] };
      return { ok: true, checks: [check('registered', 'pass', `${CLINE_EVENTS.length} hook files in ${paths.hooksDir}`)], command: command! };
    },
  });
}

/** Cline CLI's row of the person's tooling. */
export const tooling = hostTools({ planner: clinePlanner, checks: clineChecks }, (env, cwd) => clinePaths(env, 'user', cwd).script);
