/** Wires the POSIX and PowerShell walkers together (each can run the other's code). */
import type { Walk } from './apply';
import type { Base, Collector } from './collect';
import { walkPowerShell } from './powershell-walker';
import { walkShellSource } from './shell-walker';

export function makeWalk(col: Collector, base: Base): Walk {
  const w: Walk = {
    col,
    base,
    shell: (source, scope, depth, why) => walkShellSource(w, source, scope, depth, why),
    powershell: (source, scope, depth, why) => walkPowerShell(w, source, scope, depth, why),
  };
  return w;
}
