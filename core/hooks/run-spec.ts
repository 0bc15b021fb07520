/**
 * What a person's `command` and `http` hooks are run with, shared by the runners that carry
 * them out: core/hooks/run-command.ts and run-http.ts in a process, and the Claude Code mod's
 * stand-ins for them (hosts/claude/mod/run-*.ts), which run them through the host's `$`.
 * Types and pure helpers only: nothing here touches a process or the network.
 */

export interface CommandSpec {
  command: string;
  /** exec form: run `command` directly with these arguments, no shell */
  args?: string[];
  shell: 'sh' | 'bash';
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** per stream; output beyond it is dropped (default 4 MiB) */
  maxOutputBytes?: number;
  /** how long to wait for stdout/stderr to close after the process exited (default 200 ms) */
  drainMs?: number;
}

export interface HttpSpec {
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** response body beyond this is dropped (default 4 MiB) */
  maxBodyBytes?: number;
}

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A header value with `$VAR` / `${VAR}` expanded; with `allowed`, only those names (any other becomes ''). */
export function expandHeaderValue(value: string, env: HttpSpec['env'], allowed?: readonly string[]): string {
  return value.replace(ENV_REF, (_m, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!;
    if (allowed && !allowed.includes(name)) return '';
    return env[name] ?? '';
  });
}
