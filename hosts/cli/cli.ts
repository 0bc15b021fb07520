/**
 * Dispatch: global options, command lookup, option checking, errors. Usage errors go to
 * stderr as one line plus a hint, with exit code 1; stdout stays empty so a host reading
 * it never sees garbage.
 */
import { parseArgs, unknownOption } from './args';
import { GLOBAL_OPTIONS, HELP_OPTION, matchCommand } from './command-spec';
import type { CliIO, CommandSpec } from './command-spec';
import { COMMANDS } from './commands';
import { commandHelp, groupHelp, mainHelp, versionLine } from './help';
import { styleFor } from './style';
import { suggest } from './suggest';

export async function runCli(argv: readonly string[], io: CliIO, registry: readonly CommandSpec[] = COMMANDS): Promise<number> {
  const out = styleFor(io.stdout, io.env);
  const fail = (prefix: string, message: string, hint: string): number => {
    const err = styleFor(io.stderr, io.env);
    io.stderr.write(`${err.red(prefix + ':')} ${message}\n${err.dim(hint)}\n`);
    return 1;
  };

  const first = argv[0];
  if (first === undefined) {
    io.stdout.write(mainHelp(out, registry));
    return 0;
  }
  if (first.startsWith('-')) {
    if (first === '--help' || first === '-h') {
      io.stdout.write(mainHelp(out, registry));
      return 0;
    }
    if (first === '--version') {
      io.stdout.write(versionLine());
      return 0;
    }
    return fail('stopline', unknownOption(first.split('=')[0]!, GLOBAL_OPTIONS), 'Run "stopline --help" for usage.');
  }

  const match = matchCommand(argv, registry);
  if (match.kind === 'unknown') {
    const guess = suggest(match.word, match.candidates);
    return fail('stopline', `unknown command "${match.word}"${guess ? `; did you mean "${guess}"?` : ''}`, 'Run "stopline help" to list the commands.');
  }
  const wantsHelp = (rest: readonly string[]) => {
    const end = rest.indexOf('--');
    return (end === -1 ? rest : rest.slice(0, end)).some((a) => a === HELP_OPTION.flag || a === HELP_OPTION.short);
  };
  if (match.kind === 'group') {
    if (match.rest.length === 0 || wantsHelp(match.rest)) {
      io.stdout.write(groupHelp(match.group, match.members, out));
      return 0;
    }
    return fail(`stopline ${match.group}`, unknownOption(match.rest[0]!.split('=')[0]!, [HELP_OPTION]), `Run "stopline help ${match.group}" for its commands.`);
  }

  const { spec, rest } = match;
  if (wantsHelp(rest)) {
    io.stdout.write(commandHelp(spec, out));
    return 0;
  }
  // --help is handled above; listing it here only lets a mistyped one get its suggestion
  const parsed = parseArgs(rest, [...spec.options, HELP_OPTION]);
  if (!parsed.ok) return fail(`stopline ${spec.name}`, parsed.error, `Run "stopline help ${spec.name}" for its options.`);
  try {
    return await spec.run(parsed.args, io);
  } catch (error) {
    // a command that throws is a bug; say so in one line instead of a stack on the host's screen
    const message = error instanceof Error ? error.message : String(error);
    return fail(`stopline ${spec.name}`, `internal error: ${message.split('\n')[0]}`, 'Please report this with the command you ran.');
  }
}
