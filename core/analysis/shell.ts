/**
 * analyzeShell: classify a POSIX shell command string (Bash tools of every host).
 * The walking lives in shell-walker.ts; this is the entry point with the input guards.
 */
import { Collector, type Base } from './collect';

/** '' = the action cwd; a workdir is kept as written (absolute, or relative to cwd); null = not known */
export function startDir(workdir: string | null | undefined): string | null {
  if (workdir === null) return null;
  return typeof workdir === 'string' && workdir.trim() !== '' ? workdir.trim() : '';
}
import type { ShellAnalysis } from './types';
import { subshellSpans } from './shell-walker';
import { makeWalk } from './walk';
import { trustedWordEnv } from './words';

export interface AnalyzeOptions {
  /** the action's working directory; affected paths come out relative to it */
  cwd?: string;
  /** the user's home folder, to place `~` and `$HOME` targets */
  home?: string | undefined;
  /** known values of the variables that name protected folders (self-paths.ts pathVars) */
  vars?: Readonly<Record<string, string>> | undefined;
  /**
   * the folder the command starts in when a tool names one (OpenCode bash `workdir`, Hermes
   * terminal `workdir`): absolute or relative to cwd. Paths still come out relative to cwd.
   * null: the tool names a folder the guard cannot place, so relative targets are unproven.
   */
  workdir?: string | null;
}

export function analyzeShell(command: string, opts: AnalyzeOptions = {}): ShellAnalysis {
  // a variable the command itself may set is not the hook's value: it stays a run-time value
  let spans: ReturnType<typeof subshellSpans> | undefined;
  const subshells = () => (spans ??= subshellSpans(command));
  const known = typeof command === 'string' ? trustedWordEnv(command, { home: opts.home, vars: opts.vars }, subshells) : {};
  const base: Base = { cwd: opts.cwd, home: known.home, vars: known.vars, ...(known.apart ? { apart: { source: command, at: known.apart } } : {}) };
  if (typeof command === 'string') base.tmpdir = defaultTempFolder(command, opts.vars, subshells);
  const col = new Collector(base);
  try {
    if (typeof command !== 'string') col.unknown('(input)', 'the command is not text');
    else makeWalk(col, base).shell(command, { dir: startDir(opts.workdir) }, 0, '');
  } catch (e) {
    // the walker is written not to throw; this is the last line of defence
    col.unknown('(analysis)', `analysis failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return col.result();
}

/**
 * Where mktemp and the like put a new name by default: the hook's $TMPDIR, else /tmp; null when the
 * command may set TMPDIR itself anywhere (a subshell included), since then only the run knows.
 */
function defaultTempFolder(command: string, vars: AnalyzeOptions['vars'], subshells: () => readonly (readonly [number, number])[]): string | null {
  const tmpdir = vars?.TMPDIR ?? '/tmp';
  const kept = trustedWordEnv(command, { vars: { TMPDIR: tmpdir } }, subshells);
  return kept.vars?.TMPDIR !== undefined && !kept.apart ? tmpdir : null;
}
