/**
 * The Node ports of an in-process door (OpenCode and Pi run their plugins in a Node, Bun or
 * Deno process): stderr, the performance clock, setTimeout, the STOPLINE_TIMING_FILE
 * instrument, process.cwd() and the dashboard autostart. A host without Node built-ins brings
 * its own ports instead; the runtime itself never imports this file.
 */
import { appendFileSync } from 'node:fs';
import { autostartDashboard } from '../dashboard';
import type { Env, RuntimePorts, TimingRecord } from './ports';

/** Everything but the core and the person's hooks, for a door in a Node process; `log` defaults to stderr. */
export function nodePorts(env: Env, log?: (line: string) => void): Omit<RuntimePorts, 'core' | 'hooks'> {
  return {
    env,
    log: log ?? ((line) => process.stderr.write(line + '\n')),
    clock: { now: () => performance.now() },
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    cwd: () => process.cwd(),
    timing: timingFile(env),
    dashboard: () => autostartDashboard({ env }),
  };
}

/**
 * Test instrument, off unless STOPLINE_TIMING_FILE is set: one JSON line per decision with the
 * time the door spent inside the host's call. A failure to write is ignored.
 */
function timingFile(env: Env): (r: TimingRecord) => void {
  return (r) => {
    const file = env.STOPLINE_TIMING_FILE;
    if (file) appendFileSync(file, JSON.stringify({ artifact: r.artifact, hook: r.hook, ms: r.ms, outcome: r.outcome }) + '\n');
  };
}
