/**
 * Doctor's view of Cline CLI: the hook files `stopline install cline` wrote (install.ts), the
 * script they run and the runtime they start.
 */
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { artifactCheck, commandRuntime, installCommand, type DoctorContext, type Placement } from '../cli/doctor/hosts';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { runsScript } from '../cli/install/plan-context';
import { CLINE_EVENTS, clinePaths } from './install';

/**
 * Cline runs each executable file of its hooks folder named after an event; it has no command
 * that lists them, so doctor reads the files the way Cline starts them (the executable bit, the
 * script they run, the event they name) and checks the runtime they start.
 */
export async function clineChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = clinePaths(ctx.env, p.scope, p.project);
  const fix = installCommand('cline', p);
  const checks = [artifactCheck('cline', p, join(ctx.distDir, 'cline', 'stopline.mjs'), paths.script)];
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
  if (bad.length) {
    checks.push(check('registered', 'fail', `${paths.hooksDir} has no executable stopline hook file (running ${paths.script} with its event) for ${bad.join(', ')}: Cline runs the tools unguarded`, fix));
    return checks;
  }
  checks.push(check('registered', 'pass', `${CLINE_EVENTS.length} hook files in ${paths.hooksDir}`));
  const rt = await commandRuntime(command!, ctx.env.env);
  checks.push(rt.check);
  return checks;
}
