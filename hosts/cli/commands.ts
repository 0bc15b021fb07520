/**
 * The command registry: name -> { summary, usage, options, run }. A command is added by
 * appending one entry here; `stopline --help`, `stopline help <command>`, option checking
 * and "did you mean" all come from this table.
 *
 * Keep `run` a thin lazy import (`(await import('./guard')).run(args, io)`) so the code of
 * one command never weighs on the start-up of another. Multi-word names ('hooks validate')
 * are matched before single words.
 */
import type { OptionSpec, ParsedArgs } from './args';
import type { Env, Stream } from './style';
import { INSTALL_DESCRIPTION, INSTALL_OPTIONS, INSTALL_USAGE, UNINSTALL_DESCRIPTION, UNINSTALL_OPTIONS, UNINSTALL_USAGE } from './install/spec';
import { DASHBOARD_DESCRIPTION, DASHBOARD_OPTIONS, DASHBOARD_USAGE } from './dashboard/spec';
import { TOOL_COMMANDS } from './specs';

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
export const VERSION_OPTION: OptionSpec = { flag: '--version', summary: 'print the version' };
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [HELP_OPTION, VERSION_OPTION];

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'help',
    summary: 'list the commands, or show one command with its options',
    usage: 'stopline help [command]',
    options: [],
    run: async (args, io) => (await import('./help')).runHelp(args, io),
  },
  {
    name: 'version',
    summary: 'print the version',
    usage: 'stopline version',
    options: [],
    run: async (args, io) => (await import('./help')).runVersion(args, io),
  },
  {
    name: 'install',
    summary: 'put stopline where a host loads it and register it (claude, codex, opencode, hermes, pi, all)',
    usage: INSTALL_USAGE,
    description: INSTALL_DESCRIPTION,
    options: INSTALL_OPTIONS,
    run: async (args, io) => (await import('./install/command')).runInstall(args, io),
  },
  {
    name: 'uninstall',
    summary: 'remove exactly what install added',
    usage: UNINSTALL_USAGE,
    description: UNINSTALL_DESCRIPTION,
    options: UNINSTALL_OPTIONS,
    run: async (args, io) => (await import('./install/command')).runUninstall(args, io),
  },
  ...TOOL_COMMANDS,
  {
    name: 'dashboard',
    summary: 'a local page (127.0.0.1) showing what the guard checked and denied, with labels',
    usage: DASHBOARD_USAGE,
    description: DASHBOARD_DESCRIPTION,
    options: DASHBOARD_OPTIONS,
    run: async (args, io) => (await import('./dashboard/command')).runDashboard(args, io),
  },
];

export function commandNames(registry: readonly CommandSpec[] = COMMANDS): string[] {
  return registry.map((c) => c.name);
}

export type CommandMatch =
  | { kind: 'command'; spec: CommandSpec; rest: string[] }
  | { kind: 'group'; group: string; members: CommandSpec[]; rest: string[] }
  | { kind: 'unknown'; word: string; candidates: string[] };

/** Find the command named by the leading words of argv (longest name first). */
export function matchCommand(argv: readonly string[], registry: readonly CommandSpec[] = COMMANDS): CommandMatch {
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
