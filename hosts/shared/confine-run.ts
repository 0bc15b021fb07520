/**
 * `<hook script> --stopline-confine <scope> -- <command>`: a confinement deferred to run time
 * (core/confine/deferred.ts), the command the Claude Code mod hands Claude Code for a command the
 * analysis cannot prove. Here, in a process of its own outside Claude Code's, it does what a
 * command-hook door does when it answers (core/confine/confine.ts `confineCommand`: the switches,
 * the sandbox probe, the disk and git, the plan, the folders made first), then runs the confined
 * command with the host's stdin, stdout and stderr and exits with its status.
 *
 * When no sandbox can be built (no bubblewrap, a probe or a plan that fails, confinement switched
 * off by STOPLINE_CONFINE=0 or the person's config) the command is not run: one line on stderr
 * says why and which rule was unproven, and the exit status is 126. Fail closed stays closed.
 * With no contract armed (a scope with no mode) the floor is the only rule, and its answer where
 * nothing can hold the command is the one every other door gives: run as it is, unless the floor
 * preset is strict (then not run, as no one can be asked here).
 *
 * stopline's protected paths are worked out here from the environment and the person's config,
 * as the controller does; the scope only adds the data folder the deciding door used.
 */
import { shellQuote } from '../../core/confine/bwrap';
import { confineCommand } from '../../core/confine/confine';
import { NOT_RUN_STATUS, readDeferred } from '../../core/confine/deferred';
import { loadConfig } from '../../core/config/config';
import { childProcessModule } from '../../core/lazy-builtins';
import { homeFrom, selfPathTable } from '../../core/paths/self-paths';
import { resolveDataDir } from '../../core/state/datadir';
import type { HookEnv } from './adapter';

/** The one line said when the command is not run. */
function notRunLine(why: string, rules: readonly string[]): string {
  const reason = rules.length ? `; reason ${rules.join(', ')}` : '';
  const said = why.startsWith('confinement is off') ? `${why} and this command cannot be proven` : `this command cannot be confined here (${why})`;
  return `stopline: not run: ${said}${reason}\n`;
}

export interface ConfineRunIO {
  env: HookEnv;
  cwd: string;
  /** one line on stderr */
  stderr(text: string): Promise<void>;
  uid: number | null;
}

/** The confined command's exit status, or NOT_RUN_STATUS with a line on stderr. Never throws. */
export async function runConfined(args: readonly string[], io: ConfineRunIO): Promise<number> {
  const read = readDeferred(args);
  if (!read.ok) {
    await io.stderr(notRunLine(read.why, read.rules));
    return NOT_RUN_STATUS;
  }
  const { scope, command } = read;
  let wrapped: string;
  try {
    const { config } = loadConfig(io.env, io.cwd);
    const dataDir = resolveDataDir(io.env, { configDataDir: config.dataDir });
    const protectedPaths = selfPathTable({ env: io.env, dataDir, projectDir: config.projectRoot ?? scope.project, uid: io.uid });
    if (scope.dataDir && !protectedPaths.some((p) => p.path === scope.dataDir)) protectedPaths.push({ path: scope.dataDir });
    const home = homeFrom(io.env);
    const r = confineCommand({
      command,
      contract: scope.mode === null ? { mode: 'unconfirmed', files: null } : { mode: scope.mode, files: scope.files },
      project: scope.project,
      env: io.env,
      ...(home ? { home } : {}),
      uid: io.uid,
      protectedPaths,
      now: Date.now(),
      configOn: config.confine,
    });
    if (!r.ok) {
      if (scope.mode === null && config.floor.preset !== 'strict') return run(`exec bash -c ${shellQuote(command)}`, io);
      await io.stderr(notRunLine(r.why, scope.rules));
      return NOT_RUN_STATUS;
    }
    wrapped = r.command;
  } catch (err) {
    await io.stderr(notRunLine(`a plan failed: ${(err as NodeJS.ErrnoException).code ?? (err as Error).name}`, scope.rules));
    return NOT_RUN_STATUS;
  }
  return run(wrapped, io);
}

/** The wrapped text run by sh, with this process's stdio; a signal to this process is passed on. */
function run(text: string, io: ConfineRunIO): Promise<number> {
  const cp = childProcessModule();
  return new Promise((done) => {
    const child = cp.spawn('/bin/sh', ['-c', text], { cwd: io.cwd, stdio: 'inherit' });
    const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
    const pass = (s: NodeJS.Signals) => () => child.kill(s);
    const handlers = signals.map((s) => [s, pass(s)] as const);
    for (const [s, h] of handlers) process.on(s, h);
    child.on('error', (err) => {
      void io.stderr(notRunLine(`/bin/sh did not start: ${(err as NodeJS.ErrnoException).code ?? err.name}`, []));
      done(NOT_RUN_STATUS);
    });
    child.on('close', (code, signal) => {
      for (const [s, h] of handlers) process.off(s, h);
      // killed by a signal: 128 + its number, as a shell reports it
      done(code ?? 128 + (signal ? (SIGNALS[signal] ?? 0) : 0));
    });
  });
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };
