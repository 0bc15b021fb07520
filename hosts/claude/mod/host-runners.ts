/**
 * How the person's own hooks run inside the Claude Code mod: through the host's `$.process.run`
 * and `$.http.fetch`, which the door hands over for the decision in progress (a mod cannot
 * start a process or open a socket itself). While no decision is in progress, or while the
 * decision will be made again (it read a file the mod had not loaded yet), nothing runs.
 */

export interface HostProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface HostRunners {
  run(argv: readonly string[], init: { cwd?: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number }): Promise<HostProcessResult>;
  fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }>;
  /** true while the decision in progress will be thrown away and made again */
  isDryRun(): boolean;
}

let runners: HostRunners | null = null;

export function setHostRunners(r: HostRunners | null): void {
  runners = r;
}

export function hostRunners(): HostRunners | null {
  return runners;
}
