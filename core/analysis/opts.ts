/**
 * A small getopt for argv classification: which words are options (and which take a
 * value) and which are operands. GNU-style permutation by default (options may follow
 * operands until `--`); wrappers use `stopAtOperand` so the wrapped command keeps its own
 * options.
 */
import type { Arg } from './words';

export interface OptSpec {
  /** short option letters that take a value, e.g. 'nmt' */
  shortWithValue?: string;
  /** long option names (without dashes) that take a value */
  longWithValue?: readonly string[];
  /** stop at the first operand: everything from there on is `rest` */
  stopAtOperand?: boolean;
  /** long options may be written with one dash (`-exec`, `-name`) — not used by getopt programs */
}

export interface ParsedOpts {
  /** option name (`-n`, `--mode`) -> values (null for flags or run-time values) */
  flags: Map<string, (string | null)[]>;
  operands: Arg[];
  /** with stopAtOperand: the first operand and everything after it */
  rest: Arg[];
  /** a word whose value is only known at run time sat where an option could be */
  dynamicWord: boolean;
  /** option names in the order given */
  order: string[];
}

export function parseOpts(args: readonly Arg[], spec: OptSpec = {}): ParsedOpts {
  const flags = new Map<string, (string | null)[]>();
  const order: string[] = [];
  const operands: Arg[] = [];
  let rest: Arg[] = [];
  let dynamicWord = false;
  const shortWithValue = spec.shortWithValue ?? '';
  const longWithValue = spec.longWithValue ?? [];
  const add = (name: string, value: string | null) => {
    order.push(name);
    const list = flags.get(name);
    if (list) list.push(value);
    else flags.set(name, [value]);
  };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    const v = arg.value;
    if (v === null) {
      dynamicWord = true;
      if (spec.stopAtOperand) break;
      operands.push(arg);
      continue;
    }
    if (v === '--') {
      i++;
      if (spec.stopAtOperand) break;
      for (; i < args.length; i++) operands.push(args[i]!);
      break;
    }
    if (v.startsWith('--') && v.length > 2) {
      const eq = v.indexOf('=');
      let name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      // getopt_long takes a unique prefix (`--target-dir=x` for --target-directory=x): with `=` the option
      // must take a value, so a unique prefix of one that does is that option (without `=` it may be a flag
      // this spec does not list, and is left as written)
      if (eq !== -1 && !longWithValue.includes(name)) {
        const longer = longWithValue.filter((l) => l.startsWith(name));
        if (longer.length === 1) name = longer[0]!;
      }
      if (eq !== -1) add('--' + name, v.slice(eq + 1));
      else if (longWithValue.includes(name)) {
        const next = args[i + 1];
        add('--' + name, next ? next.value : null);
        i++;
      } else add('--' + name, null);
      continue;
    }
    if (v.startsWith('-') && v.length > 1) {
      for (let j = 1; j < v.length; j++) {
        const c = v[j]!;
        if (shortWithValue.includes(c)) {
          if (j + 1 < v.length) add('-' + c, v.slice(j + 1));
          else {
            const next = args[i + 1];
            add('-' + c, next ? next.value : null);
            i++;
          }
          break;
        }
        add('-' + c, null);
      }
      continue;
    }
    if (spec.stopAtOperand) break;
    operands.push(arg);
  }
  if (spec.stopAtOperand) rest = args.slice(i);
  return { flags, operands, rest, dynamicWord, order };
}

/** The last of `on` / `off` given wins (`-n --no-dry-run` is not a dry run); false when neither was. */
export function lastOf(p: ParsedOpts, on: readonly string[], off: readonly string[]): boolean {
  for (let i = p.order.length - 1; i >= 0; i--) {
    if (on.includes(p.order[i]!)) return true;
    if (off.includes(p.order[i]!)) return false;
  }
  return false;
}

export function hasAny(p: ParsedOpts, ...names: string[]): boolean {
  for (const n of names) if (p.flags.has(n)) return true;
  return false;
}

/** Last value given for any of the names (`-o x` or `--output=x`), or undefined when absent. */
export function optValue(p: ParsedOpts, ...names: string[]): string | null | undefined {
  let found: string | null | undefined;
  for (const n of names) {
    const list = p.flags.get(n);
    if (list && list.length) found = list[list.length - 1];
  }
  return found;
}
