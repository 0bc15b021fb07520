/**
 * What a CLI command is (CommandSpec), what it runs with (CliIO), the options every command
 * accepts, and how argv names a command. A leaf: the command table (commands.ts), help and
 * every command import it, and it imports none of them.
 */
import type { OptionSpec, ParsedArgs } from './args';
import type { Env, Stream } from './style';

export interface CliIO {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: Stream;
  stderr: Stream;
  env: Env;
  cwd: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** one line, starting with `stopline <name>` */
  usage: string;
  /** longer text for `stopline help <name>` */
  description?: string;
  options: readonly OptionSpec[];
  /** resolves to the process exit code */
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}

/** Accepted by every command (and before any command). */
export const HELP_OPTION: OptionSpec = { flag: '--help', short: '-h', summary: 'show help' };
const VERSION_OPTION: OptionSpec = { flag: '--version', summary: 'print the version' };
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [HELP_OPTION, VERSION_OPTION];

type CommandMatch =
  | { kind: 'command'; spec: CommandSpec; rest: string[] }
  | { kind: 'group'; group: string; members: CommandSpec[]; rest: string[] }
  | { kind: 'unknown'; word: string; candidates: string[] };

/** Find the command named by the leading words of argv (longest name first). */
export function matchCommand(argv: readonly string[], registry: readonly CommandSpec[]): CommandMatch {
  const byLength = [...registry].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const spec of byLength) {
    const words = spec.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { kind: 'command', spec, rest: argv.slice(words.length) };
  }
  const first = argv[0] ?? '';
  const members = registry.filter((c) => c.name.startsWith(first + ' '));
  if (members.length > 0) {
    const sub = argv[1];
    if (sub === undefined || sub.startsWith('-')) return { kind: 'group', group: first, members, rest: argv.slice(1) };
    return { kind: 'unknown', word: `${first} ${sub}`, candidates: members.map((m) => m.name) };
  }
  const tops = [...new Set(registry.map((c) => c.name.split(' ')[0]!))];
  return { kind: 'unknown', word: first, candidates: tops };
}
