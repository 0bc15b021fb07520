/**
 * analyzePowerShell: classify a PowerShell command string (Claude Code's PowerShell
 * tool, `pwsh -c`). The tokenizer and cmdlet table live in powershell-walker.ts.
 */
import { Collector, type Base } from './collect';
import type { ShellAnalysis } from './types';
import { startDir, type AnalyzeOptions } from './shell';
import { makeWalk } from './walk';

export function analyzePowerShell(command: string, opts: AnalyzeOptions = {}): ShellAnalysis {
  const base: Base = { cwd: opts.cwd, home: opts.home };
  const col = new Collector(base);
  try {
    if (typeof command !== 'string') col.unknown('(input)', 'the command is not text');
    else makeWalk(col, base).powershell(command, { dir: startDir(opts.workdir) }, 0, '');
  } catch (e) {
    col.unknown('(analysis)', `analysis failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return col.result();
}
