/** `stopline --help`, `stopline help [command]`, `stopline --version`. */
import { optionLabel } from './args';
import type { ParsedArgs, OptionSpec } from './args';
import { GLOBAL_OPTIONS, HELP_OPTION, matchCommand } from './command-spec';
import type { CliIO, CommandSpec } from './command-spec';
import { styleFor } from './style';
import type { Style } from './style';
import { suggest } from './suggest';
import { NAME, VERSION } from './version';

const TAGLINE = 'one task-contract guard and one hook layer for every coding agent';

export function versionLine(): string {
  return `${NAME} ${VERSION}\n`;
}

function table(rows: readonly [string, string][], style: Style, indent = '  '): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${indent}${style.bold(left.padEnd(width))}   ${right}`);
}

export function mainHelp(style: Style, registry: readonly CommandSpec[]): string {
  const lines = [`${style.bold(NAME)} ${VERSION} - ${TAGLINE}`, '', 'Usage: stopline <command> [options]', '', 'Commands:'];
  // names only: a usage line can be long, and `help <command>` shows it in full
  const labels = registry.map((c) => c.name);
  const width = Math.max(...labels.map((l) => l.length));
  registry.forEach((spec, i) => {
    lines.push(`  ${style.bold(labels[i]!.padEnd(width))}   ${spec.summary}`);
    if (spec.options.length > 0) lines.push(`  ${' '.repeat(width)}   ${style.dim(spec.options.map((o) => optionLabel(o)).join(', '))}`);
  });
  lines.push('', 'Options:', ...table(GLOBAL_OPTIONS.map((o) => [optionLabel(o), o.summary]), style));
  lines.push('', `Run "stopline help <command>" for one command's usage and options.`);
  return lines.join('\n') + '\n';
}

export function commandHelp(spec: CommandSpec, style: Style): string {
  const lines = [`Usage: ${spec.usage}`, '', spec.description ?? capitalise(spec.summary) + '.'];
  const options: OptionSpec[] = [...spec.options, HELP_OPTION];
  lines.push('', 'Options:', ...table(options.map((o) => [optionLabel(o), o.summary]), style));
  return lines.join('\n') + '\n';
}

export function groupHelp(group: string, members: readonly CommandSpec[], style: Style): string {
  const lines = [`Usage: stopline ${group} <command> [options]`, '', 'Commands:', ...table(members.map((m) => [m.name, m.summary]), style)];
  return lines.join('\n') + '\n';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `stopline help [command]` over the command table it is given (commands.ts passes its own). */
export async function runHelp(args: ParsedArgs, io: CliIO, registry: readonly CommandSpec[]): Promise<number> {
  const out = styleFor(io.stdout, io.env);
  if (args.positionals.length === 0) {
    io.stdout.write(mainHelp(out, registry));
    return 0;
  }
  const match = matchCommand(args.positionals, registry);
  if (match.kind === 'command' && match.rest.length === 0) {
    io.stdout.write(commandHelp(match.spec, out));
    return 0;
  }
  if (match.kind === 'group' && match.rest.length === 0) {
    io.stdout.write(groupHelp(match.group, match.members, out));
    return 0;
  }
  const word = match.kind === 'unknown' ? match.word : args.positionals.join(' ');
  const candidates = match.kind === 'unknown' ? match.candidates : registry.map((c) => c.name);
  const guess = suggest(word, candidates);
  const err = styleFor(io.stderr, io.env);
  io.stderr.write(`${err.red('stopline help:')} unknown command "${word}"${guess ? `; did you mean "${guess}"?` : ''}\n`);
  return 1;
}

export async function runVersion(_args: ParsedArgs, io: CliIO): Promise<number> {
  io.stdout.write(versionLine());
  return 0;
}
