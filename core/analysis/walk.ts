/** Wires the POSIX and PowerShell walkers together (each can run the other's code). */
import type { Walk } from './apply';
import type { ScriptVars } from './candidates';
import { Collector, type Base } from './collect';
import { walkPowerShell } from './powershell-walker';
import { walkShellSource } from './shell-walker';

export function makeWalk(col: Collector, base: Base, vars: ScriptVars = new Map(), written: Map<string, string> = new Map(), downloaded: Set<string> = new Set(), exported: Map<string, string | null> = new Map(), positional: Walk['positional'] = { args: [] }): Walk {
  const w: Walk = {
    col,
    base,
    vars,
    written,
    downloaded,
    exported,
    positional,
    shell: (source, scope, depth, why) => walkShellSource(w, source, scope, depth, why),
    powershell: (source, scope, depth, why) => walkPowerShell(w, source, scope, depth, why),
    // the base in force now: inside a subshell that sets a hook's value, without it
    fork: () => makeWalk(new Collector(w.base), w.base, vars, written, downloaded, exported, positional),
  };
  return w;
}
