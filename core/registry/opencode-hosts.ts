/**
 * The hosts that load OpenCode's plugin artifact (dist/opencode/stopline.js): OpenCode and the
 * forks whose spec names it as their `artifact`. The plugin asks which of them loaded it, so its
 * events, evidence and the support matrix carry that host's family and tables.
 */
import { hostSpec } from './host-specs';
import { kiloRegistry } from './kilo';
import { opencodeRegistry } from './opencode';
import type { HostRegistry } from './types';

/** OpenCode's forks that load its artifact unchanged. */
const OPENCODE_FORKS: readonly HostRegistry[] = [kiloRegistry];

/**
 * The registry of the host running this process: a fork when the variable its spec names holds
 * this very process id (a fork sets it for itself; a program started from a fork's shell inherits
 * it with another pid, so OpenCode run from Kilo's terminal is still OpenCode), else OpenCode.
 */
export function loadingRegistry(env: Readonly<Record<string, string | undefined>>, pid: number): HostRegistry {
  for (const reg of OPENCODE_FORKS) {
    const mark = hostSpec(reg.family as Parameters<typeof hostSpec>[0]).loadedBy;
    if (mark && env[mark.pidVar] === String(pid)) return reg;
  }
  return opencodeRegistry;
}
