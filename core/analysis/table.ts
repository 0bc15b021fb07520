/**
 * Program tables: the proven-read model. A table lists every option a program has, each with
 * its class, and says what the operands are. A segment is a read only when every option is
 * listed as read-only and no operand is written or run; an option the table does not list
 * makes the segment unknown (a tool's options are open-ended, so "read unless one of these
 * write options" fails on every option nobody listed).
 *
 * Options are written as one string of space-separated tokens (data, not code):
 *   -a  --all        a read-only flag
 *   -n=  --lines=    takes a value (attached `-n5`, `--lines=5`, or the next word); read-only
 *   --color[=]       an optional value, attached only (`--color`, `--color=never`)
 *   --arg==          takes two values (jq `--arg name value`)
 *   -o=W --output=W  the value is a file the program writes
 *   -i!W             the flag makes the program write files it names elsewhere (targets unproven)
 *   --pre=X  -O!X    the value is a program / the flag runs a program: never a read
 *   -s=U  -C!U       known, but its effect cannot be proven read-only (changes the clock, opens a pager)
 *   -x?  --extra?    may or may not take the next word (an optional value read from the next word,
 *                    versions that disagree): a table parse cannot tell, the package grammars try both
 *   -e=P             the value names a package to add (package grammars: `pip install -e SPEC`)
 * Long options may be abbreviated to any unique prefix, as getopt_long accepts.
 *
 * A classifier that only needs to know where a program's options end (a wrapper finding the
 * command it runs, a tool whose operands are what matters) lists just the options that take a
 * value (`valueOptionsOnly`, or `parseOpts` with an `OptSpec`): every other option word is then a
 * flag of the name written, never unknown.
 */
import { isNullDevice } from './collect';
import type { Arg } from './words';

type OptEffect = 'read' | 'write' | 'exec' | 'unknown';

interface OptRule {
  name: string;
  /** 0 = flag, 1 = one value, 2 = two values, -1 = optional attached value, 'maybe' = the next word may be its value */
  arity: 0 | 1 | 2 | -1 | 'maybe';
  effect: OptEffect;
  /** for a `=W` option: the value is the written path */
  valueIsTarget: boolean;
  /** for a `=P` option: the value names a package to add */
  valueIsPackage: boolean;
}

export interface ProgramTable {
  /** option tokens (grammar above) */
  options: string;
  /** `-NUM` is an option (head -20, grep -3, diff -5) */
  digits?: boolean;
  /** options end at the first operand (POSIX order; the rest are operands) */
  stopAtOperand?: boolean;
  /** single-dash words that are long options (`-exec`, `-name`): taken as written, not as letters */
  singleDashLong?: boolean;
  /**
   * No option of the program writes a file or runs another program (checked against its
   * manual), so an option missing from `options` is still a read. Used for programs whose
   * option syntax is not getopt (ps's BSD letters) or that CI does not install.
   */
  anyOptionReads?: boolean;
  /** git style: every long flag also takes an optional attached value and has a `--no-` form */
  gitStyle?: boolean;
  /**
   * Only the options that take a value are listed; any other option word is a read flag of the
   * name written. Without `=` only an exact name takes a value (an abbreviation may be of a flag
   * nobody listed); with `=` a unique prefix of a listed option is that option.
   */
  valueOptionsOnly?: boolean;
}

export interface TableParse {
  /** canonical option name -> values (null = flag or run-time value) */
  flags: Map<string, (string | null)[]>;
  /** the canonical names in the order they were given (a later `--no-X` undoes an earlier `--X`) */
  sequence: string[];
  operands: Arg[];
  /** values of `=W` options (written files) */
  targets: Arg[];
  /** why a write without provable targets, an exec or an unprovable option was seen */
  writes: string[];
  /** the canonical names of the `!W` flags given (what made `writes`) */
  writeFlags: string[];
  execs: string[];
  unknowns: string[];
  /** a word only known at run time stood where an option could be */
  dynamicWord: boolean;
}

interface Compiled {
  long: Map<string, OptRule>;
  longNames: string[];
  /** the long options that take a value (abbreviations a `valueOptionsOnly` table resolves) */
  longValueNames: string[];
  short: Map<string, OptRule>;
  /** any option at all that is not a read: a run-time word in option position may be one */
  risky: boolean;
}

const cache = new WeakMap<ProgramTable, Compiled>();

export function compileOptions(spec: string): OptRule[] {
  const rules: OptRule[] = [];
  for (const tok of spec.split(/\s+/)) {
    if (tok === '') continue;
    // `-?` is a name (npm's short help), not a letter with the maybe mark
    const m = /^(-\?|-{1,2}[^=![?]+)(\[=\]|==|=|!|\?)?([WXUP])?$/.exec(tok);
    if (!m) throw new Error(`bad option token ${tok}`);
    const [, name, kind, effectLetter] = m;
    const arity = kind === '==' ? 2 : kind === '=' ? 1 : kind === '[=]' ? -1 : kind === '?' ? 'maybe' : 0;
    const effect: OptEffect = effectLetter === 'W' ? 'write' : effectLetter === 'X' ? 'exec' : effectLetter === 'U' ? 'unknown' : 'read';
    rules.push({ name: name!, arity, effect, valueIsTarget: effect === 'write' && arity === 1, valueIsPackage: effectLetter === 'P' });
  }
  return rules;
}

function compile(t: ProgramTable): Compiled {
  let c = cache.get(t);
  if (c) return c;
  const long = new Map<string, OptRule>();
  const short = new Map<string, OptRule>();
  let risky = false;
  // every GNU-style program prints its help and version; a table need not say so
  for (const r of compileOptions('--help --version ' + t.options)) {
    if (t.gitStyle && r.name.startsWith('--') && r.arity === 0) r.arity = -1;
    if (r.effect !== 'read') risky = true;
    if (r.name.startsWith('--') || (t.singleDashLong && r.name.length > 2)) long.set(r.name, r);
    else short.set(r.name, r);
  }
  c = { long, longNames: [...long.keys()], longValueNames: [...long.values()].filter((r) => r.arity !== 0).map((r) => r.name), short, risky };
  cache.set(t, c);
  return c;
}

/** The options of a table, for the completeness test and docs. */
export function tableOptions(t: ProgramTable): OptRule[] {
  const c = compile(t);
  return [...c.long.values(), ...c.short.values()];
}

/**
 * Could this run-time word start with `-`? (`$x`, `"$x"`, `$(…)` can; `"$x/file"`, `a$x` cannot.)
 * A word a wrapper fills from its input (xargs, parallel, find's `{}`) can be anything, `-delete`
 * included.
 */
export function mayBeOption(a: Arg): boolean {
  const t = a.text;
  if (t.startsWith('-')) return true;
  if (a.value === null && !/[$`'"]/.test(t) && /^(<runtime>|\{[^}]*\}|%|[A-Z_]+)$/.test(t)) return true;
  return /^(\$|"\$|`|"`|'-|"-)/.test(t);
}

/** A `valueOptionsOnly` table's long option: listed, a unique prefix of one written with `=`, or a flag as written. */
function lookupOpenLong(c: Compiled, name: string, withValue: boolean): OptRule {
  const exact = c.long.get(name);
  if (exact) return exact;
  if (withValue) {
    const matches = c.longValueNames.filter((n) => n.startsWith(name));
    if (matches.length === 1) return c.long.get(matches[0]!)!;
  }
  return { name, arity: 0, effect: 'read', valueIsTarget: false, valueIsPackage: false };
}

function lookupLong(c: Compiled, name: string): OptRule | 'ambiguous' | undefined {
  const exact = c.long.get(name);
  if (exact) return exact;
  if (!name.startsWith('--')) return undefined;
  const matches = c.longNames.filter((n) => n.startsWith(name));
  if (matches.length === 1) return c.long.get(matches[0]!);
  if (matches.length > 1) {
    // getopt_long accepts an ambiguous prefix when every match is the same option class; be strict
    return 'ambiguous';
  }
  return undefined;
}

export function parseTable(args: readonly Arg[], t: ProgramTable, program: string): TableParse {
  const c = compile(t);
  const res: TableParse = { flags: new Map(), sequence: [], operands: [], targets: [], writes: [], writeFlags: [], execs: [], unknowns: [], dynamicWord: false };
  const add = (rule: OptRule, values: (Arg | null)[]) => {
    res.sequence.push(rule.name);
    const list = res.flags.get(rule.name) ?? [];
    list.push(values.length ? (values[0]?.value ?? null) : null);
    res.flags.set(rule.name, list);
    if (rule.effect === 'write') {
      // `--output=/dev/null`, `-o /dev/stdout`, `-o -`: not a file written
      const v = values[0];
      if (rule.valueIsTarget) {
        if (!(v && v.value !== null && (isNullDevice(v.value) || v.value === '-'))) res.targets.push(v ?? { text: '<runtime>', value: null, glob: false });
      }
      else {
        res.writes.push(`${program} ${rule.name} writes files`);
        res.writeFlags.push(rule.name);
      }
    } else if (rule.effect === 'exec') res.execs.push(`${program} ${rule.name} runs another program`);
    else if (rule.effect === 'unknown') res.unknowns.push(`${program} ${rule.name}: its effect cannot be proven read-only`);
  };
  let i = 0;
  let optionsDone = false;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    const v = arg.value;
    if (optionsDone) {
      res.operands.push(arg);
      continue;
    }
    if (v === null) {
      res.dynamicWord = true;
      if (c.risky && mayBeOption(arg)) res.unknowns.push(`${program}: ${arg.text} is only known at run time and could be an option`);
      res.operands.push(arg);
      if (t.stopAtOperand) optionsDone = true;
      continue;
    }
    if (v === '--') {
      optionsDone = true;
      continue;
    }
    if (v === '-' || !v.startsWith('-')) {
      res.operands.push(arg);
      if (t.stopAtOperand) optionsDone = true;
      continue;
    }
    if (t.digits && /^-\d+$/.test(v)) continue;
    const takeNext = (): Arg | null => {
      const next = args[i + 1];
      i++;
      if (!next) return null;
      return next;
    };
    if (v.startsWith('--') || (t.singleDashLong && v.length > 2 && c.long.has(v.split('=')[0]!))) {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v : v.slice(0, eq);
      let rule = t.valueOptionsOnly ? lookupOpenLong(c, name, eq !== -1) : lookupLong(c, name);
      if (t.gitStyle && !rule && name.startsWith('--no-')) {
        // `--no-X` turns X off: a read whatever X does
        const base = lookupLong(c, '--' + name.slice(5));
        if (base && base !== 'ambiguous') rule = { name, arity: 0, effect: 'read', valueIsTarget: false, valueIsPackage: false };
      }
      if (rule === 'ambiguous') {
        res.unknowns.push(`${program} ${name}: an abbreviation of more than one option`);
        continue;
      }
      if (!rule) {
        // whether it takes the next word is not known either; the segment is unknown anyway
        if (!t.anyOptionReads) res.unknowns.push(`${program} ${name}: an option this guard's table does not list`);
        continue;
      }
      if (rule.arity === 'maybe' && eq === -1) {
        res.unknowns.push(`${program} ${name}: whether it takes the next word is not known`);
        continue;
      }
      if (rule.arity === 0 || rule.arity === -1) add(rule, eq === -1 ? [] : [literal(v.slice(eq + 1))]);
      // a maybe option reaches here only with its value attached
      else if (rule.arity === 1 || rule.arity === 'maybe') add(rule, [eq === -1 ? takeNext() : literal(v.slice(eq + 1))]);
      else {
        const first = eq === -1 ? takeNext() : literal(v.slice(eq + 1));
        add(rule, [first, takeNext()]);
      }
      continue;
    }
    // a cluster of short options: -abc, -n5, -oFILE
    for (let j = 1; j < v.length; j++) {
      const letter = '-' + v[j]!;
      const rule = c.short.get(letter) ?? (t.valueOptionsOnly ? { name: letter, arity: 0 as const, effect: 'read' as const, valueIsTarget: false, valueIsPackage: false } : undefined);
      if (!rule) {
        if (t.digits && /\d/.test(v[j]!)) {
          while (j + 1 < v.length && /\d/.test(v[j + 1]!)) j++;
          continue;
        }
        if (!t.anyOptionReads) res.unknowns.push(`${program} ${letter}${v.length > 2 ? ` (in ${v})` : ''}: an option this guard's table does not list`);
        break;
      }
      if (rule.arity === 0) {
        add(rule, []);
        continue;
      }
      const attached = v.slice(j + 1);
      if (rule.arity === 'maybe' && !attached) {
        res.unknowns.push(`${program} ${letter}: whether it takes the next word is not known`);
        break;
      }
      if (rule.arity === -1) add(rule, attached ? [literal(attached)] : []);
      else if (rule.arity === 1 || rule.arity === 'maybe') add(rule, [attached ? literal(attached) : takeNext()]);
      else add(rule, [attached ? literal(attached) : takeNext(), takeNext()]);
      break;
    }
  }
  return res;
}

/** The options a getopt-style caller names: which short letters and long names take a value. */
export interface OptSpec {
  /** short option letters that take a value, e.g. 'nmt' */
  shortWithValue?: string;
  /** long option names (without dashes) that take a value */
  longWithValue?: readonly string[];
  /** options end at the first operand (a wrapper's command keeps its own options) */
  stopAtOperand?: boolean;
}

/** A getopt parse: with `stopAtOperand`, `rest` is the first operand and everything after it and `operands` is empty. */
export interface ParsedOpts extends TableParse {
  rest: Arg[];
}

const specTables = new Map<string, ProgramTable>();

/** The table of an `OptSpec` (one per distinct spec: callers write their specs inline). */
function specTable(spec: OptSpec): ProgramTable {
  const short = spec.shortWithValue ?? '';
  const long = spec.longWithValue ?? [];
  const key = `${spec.stopAtOperand ? 1 : 0}|${short}|${long.join(' ')}`;
  let t = specTables.get(key);
  if (!t) {
    const options = [...[...short].map((l) => `-${l}=`), ...long.map((n) => `--${n}=`)].join(' ');
    t = { options, valueOptionsOnly: true, stopAtOperand: spec.stopAtOperand };
    specTables.set(key, t);
  }
  return t;
}

/** Options and operands as getopt sees them, for callers that list only the options taking a value. */
export function parseOpts(args: readonly Arg[], spec: OptSpec = {}): ParsedOpts {
  const p = parseTable(args, specTable(spec), '');
  return spec.stopAtOperand ? { ...p, operands: [], rest: p.operands } : { ...p, rest: [] };
}

function literal(value: string): Arg {
  return { text: value, value, glob: false };
}

export function has(p: TableParse, ...names: string[]): boolean {
  for (const n of names) if (p.flags.has(n)) return true;
  return false;
}

/**
 * Whether a mode is on after every option was read: the last of `on` or `off` given wins
 * (`--stdout --no-stdout` writes files, `--no-X --X` is X). False when neither was given.
 */
export function lastWins(p: TableParse, on: readonly string[], off: readonly string[]): boolean {
  for (let i = p.sequence.length - 1; i >= 0; i--) {
    if (on.includes(p.sequence[i]!)) return true;
    if (off.includes(p.sequence[i]!)) return false;
  }
  return false;
}

export function value(p: TableParse, ...names: string[]): string | null | undefined {
  let found: string | null | undefined;
  for (const n of names) {
    const list = p.flags.get(n);
    if (list && list.length) found = list[list.length - 1];
  }
  return found;
}
