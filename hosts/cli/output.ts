/**
 * Small output helpers every command shares, so errors look the same everywhere: one line
 * `stopline <command>: <message>` on stderr (plus an optional hint), exit code 1, and nothing on
 * stdout.
 */
import type { CliIO } from './command-spec';
import { styleFor } from './style';

export function usageError(io: CliIO, command: string, message: string, hint = `Run "stopline help ${command}" for its usage.`): number {
  const err = styleFor(io.stderr, io.env);
  io.stderr.write(`${err.red(`stopline ${command}:`)} ${message}\n${hint ? `${err.dim(hint)}\n` : ''}`);
  return 1;
}

/** Pretty JSON for `--json`: one document, a trailing newline. */
export function printJson(io: CliIO, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
