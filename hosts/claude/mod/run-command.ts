/**
 * core/hooks/run-command.ts for the Claude Code mod (the mod's build points that module here):
 * a person's command hook runs through `$.process.run` (the platform shell, or exec form), its
 * payload on stdin, bounded by its timeout (`$.process.run` allows ten minutes at most).
 */
import type { RawRun } from '../../../core/hooks/decode';
import type { CommandSpec } from '../../../core/hooks/run-spec';
import { hostRunners } from './host-runners';


const MAX_RUN_MS = 600_000;

function argvOf(spec: CommandSpec): string[] {
  if (spec.args) return [spec.command, ...spec.args];
  const platform = (globalThis as { process?: { platform?: string } }).process?.platform;
  if (platform === 'win32') return [spec.env.ComSpec || 'cmd.exe', '/d', '/s', '/c', `"${spec.command}"`];
  return [spec.shell === 'bash' ? 'bash' : '/bin/sh', '-c', spec.command];
}

export async function runCommand(spec: CommandSpec): Promise<RawRun> {
  const host = hostRunners();
  if (!host) return { kind: 'spawn-error', message: 'no host process runner (outside a decision)' };
  if (host.isDryRun() || spec.signal?.aborted) return { kind: 'aborted' };
  const timeoutMs = Math.min(Math.max(1, spec.timeoutMs), MAX_RUN_MS);
  const started = Date.now();
  try {
    const r = await host.run(argvOf(spec), { cwd: spec.cwd, env: spec.env, stdin: spec.stdin, timeoutMs });
    return { kind: 'exit', code: r.exitCode, signal: null, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    if (Date.now() - started >= timeoutMs) return { kind: 'timeout', afterMs: timeoutMs };
    const message = err instanceof Error ? err.message : String(err);
    return { kind: 'spawn-error', message: /ENOENT/.test(message) ? 'ENOENT' : 'the host could not start it' };
  }
}

