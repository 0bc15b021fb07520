/**
 * Option parsing against a command's declared options. Declaring options (instead of each
 * command parsing argv itself) is what lets `stopline help <command>` list them and lets
 * every command reject a mistyped option the same way, with a suggestion.
 */
import { suggest } from './suggest';

export interface OptionSpec {
  /** long form with dashes, e.g. '--json' */
  flag: string;
  /** short form, e.g. '-j' */
  short?: string;
  /** placeholder when the option takes a value ('--host <name>'); absent for a switch */
  value?: string;
  summary: string;
}

export interface ParsedArgs {
  /** by long name without dashes: `--host x` -> { host: 'x' }, `--json` -> { json: true } */
  options: Record<string, string | true>;
  positionals: string[];
  /** the command's argv as given */
  argv: readonly string[];
}

type ParseOutcome = { ok: true; args: ParsedArgs } | { ok: false; error: string };

export function optionLabel(spec: OptionSpec): string {
  const long = spec.value ? `${spec.flag} <${spec.value}>` : spec.flag;
  return spec.short ? `${spec.short}, ${long}` : long;
}

export function parseArgs(argv: readonly string[], specs: readonly OptionSpec[]): ParseOutcome {
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const spec = specs.find((s) => s.flag === name || s.short === name);
    if (!spec) return { ok: false, error: unknownOption(name, specs) };
    const key = spec.flag.replace(/^-+/, '');
    if (!spec.value) {
      if (eq !== -1) return { ok: false, error: `option "${spec.flag}" takes no value` };
      options[key] = true;
      continue;
    }
    if (eq !== -1) {
      options[key] = arg.slice(eq + 1);
      continue;
    }
    const next = argv[i + 1];
    if (next === undefined || (next.startsWith('-') && next !== '-')) return { ok: false, error: `option "${spec.flag}" needs a value <${spec.value}>` };
    options[key] = next;
    i++;
  }
  return { ok: true, args: { options, positionals, argv } };
}

export function unknownOption(name: string, specs: readonly OptionSpec[]): string {
  const candidates = specs.flatMap((s) => (s.short ? [s.flag, s.short] : [s.flag]));
  const guess = suggest(name, candidates.filter((c) => c.startsWith('--')));
  return guess ? `unknown option "${name}"; did you mean "${guess}"?` : `unknown option "${name}"`;
}
