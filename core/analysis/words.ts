/**
 * Turning unbash words into static values. A word's value is known only when every
 * part is literal after quote removal; an expansion or substitution makes it `null`
 * (decided at run time). `$HOME`/`${HOME}`/`~` and the few variables that name stopline's and
 * the hosts' folders (`$CODEX_HOME`, `$XDG_CONFIG_HOME`, …) are the expansions resolved, and only
 * when the caller knows their values (the hook's environment) and the command does not set them.
 */
import type { Word, WordPart, Assignment, CommandArgument } from 'unbash';

export interface Arg {
  /** the word as written (quotes included) */
  text: string;
  /** value after quote removal; null when it depends on run time */
  value: string | null;
  /** holds an unquoted glob, extglob or brace pattern: the value is a pattern, not one name */
  glob: boolean;
  /** a run-time word known to name an entry at or below one of these paths (find's `{}` under its roots) */
  below?: readonly Arg[];
  /** find's `{}`: each path find yields (core/analysis/wrappers.ts findMatches) */
  found?: FindMatches;
}

/** The paths find yields for its actions: its start points and every entry below them, or fewer. */
export interface FindMatches {
  roots: readonly Arg[];
  /** no test narrows what matches: every entry below the roots, the roots themselves included */
  every: boolean;
  /** the entries of each root's `.git` a name or path test picks */
  git: readonly Arg[];
  /** -L or -follow: matches reached through links, wherever those lead */
  follows: boolean;
  /** the placed folder find runs in, once the walk has left it for the command find runs (-execdir) */
  dir?: string | null;
}

export function literalArg(value: string): Arg {
  return { text: value, value, glob: false };
}

/** A stand-in for arguments that only exist at run time (xargs input, find's `{}`). */
export const RUNTIME_ARG: Arg = { text: '<runtime>', value: null, glob: false };

/**
 * What expansion may resolve: the home folder and variables whose values the hook knows. A bare
 * string is the home folder alone.
 */
interface WordEnv {
  home?: string | undefined;
  vars?: Readonly<Record<string, string>> | undefined;
  /** the folder the command runs in, when the walk knows it: what `$(pwd)` and `$PWD` give */
  pwd?: string | undefined;
}

/** `$(pwd)`, `` `pwd` ``, `$(pwd -L)`: the logical working folder, which the shell keeps in $PWD. */
const PWD_SUBSTITUTION = /^(\$\(\s*pwd(\s+-L)?\s*\)|`\s*pwd(\s+-L)?\s*`)$/;

/**
 * `$(printf rm)`, `` `echo x` ``: a printf or echo of one plain word (no `%` directive, escape,
 * quote or option in it) prints that word. Only for telling what a word cannot be (find's `;`):
 * a command named this way stays a run-time name to the contract and the floor.
 */
const PRINTED_WORD = /^(?:\$\(\s*|`\s*)(?:printf|echo)\s+([A-Za-z0-9_./:@+=,][A-Za-z0-9_./:@+=,-]*)\s*(?:\)|`)$/;

export function printedWord(text: string): string | null {
  return PRINTED_WORD.exec(text)?.[1] ?? null;
}

function substitutionValue(part: WordPart, env: WordEnv): string | undefined {
  return part.type === 'CommandExpansion' && env.pwd !== undefined && PWD_SUBSTITUTION.test(part.text) ? env.pwd : undefined;
}
type EnvArg = string | WordEnv | undefined;

function wordEnv(e: EnvArg): WordEnv {
  return typeof e === 'string' ? { home: e } : (e ?? {});
}

/** The value of a plain `$NAME` / `${NAME}` when it is known; undefined otherwise. */
function expansionValue(part: WordPart, env: WordEnv): string | undefined {
  let name: string | undefined;
  if (part.type === 'SimpleExpansion') name = /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(part.text) ? part.text.slice(1) : undefined;
  else if (part.type === 'ParameterExpansion' && !part.operation && !part.prefix && !part.index) name = part.parameter;
  if (name === undefined) return undefined;
  if (name === 'HOME') return env.home;
  if (name === 'PWD' && env.pwd !== undefined) return env.pwd;
  return env.vars && Object.prototype.hasOwnProperty.call(env.vars, name) ? env.vars[name] : undefined;
}

/**
 * Keep only the variables a command cannot have changed before using them: a name that appears
 * in `command` anywhere except right after `$` or `${` (an assignment, `export`, `read`, `for`,
 * `unset`, `printf -v`, `${#NAME}`…) is dropped, so its expansions stay run-time values. HOME
 * counts too (dropping it leaves `~` and `$HOME` unresolved). A name met only inside the
 * `subshells` spans (`( … )`, `$( … )`, backticks) is kept, with those places in `apart`: the walk
 * drops it inside them only.
 */
export function trustedWordEnv(command: string, env: WordEnv, subshells?: () => readonly (readonly [number, number])[]): WordEnv & { apart?: Map<string, number[]> } {
  const names = [...(env.home !== undefined ? ['HOME'] : []), ...Object.keys(env.vars ?? {})];
  const out: WordEnv & { apart?: Map<string, number[]> } = {};
  const vars: Record<string, string> = {};
  let spans: readonly (readonly [number, number])[] | undefined;
  const inSubshell = (i: number) => (spans ??= subshells ? subshells() : []).some(([pos, end]) => i >= pos && i < end);
  for (const name of names) {
    const apart: number[] = [];
    if (!onlyExpanded(command, name, inSubshell, apart)) continue;
    if (name === 'HOME') out.home = env.home;
    else vars[name] = env.vars![name]!;
    if (apart.length) (out.apart ??= new Map()).set(name, apart);
  }
  if (Object.keys(vars).length) out.vars = vars;
  return out;
}

/**
 * Whether every mention of `name` that is not an expansion leaves the shell's own value as it
 * was: the prefix of a plain program, or text inside a subshell or a command substitution, whose
 * assignments end with it. Those last are listed in `apart`: inside them the value is not known.
 */
function onlyExpanded(command: string, name: string, inSubshell: (i: number) => boolean, apart: number[]): boolean {
  const ident = /[A-Za-z0-9_]/;
  for (let i = command.indexOf(name); i !== -1; i = command.indexOf(name, i + 1)) {
    const before = command[i - 1];
    const after = command[i + name.length];
    if ((before !== undefined && ident.test(before)) || (after !== undefined && ident.test(after))) continue; // part of a longer name
    const expanded = before === '$' || (before === '{' && command[i - 2] === '$');
    if (expanded || prefixOfPlainProgram(command, i, name)) continue;
    if (!inSubshell(i)) return false;
    apart.push(i);
  }
  return true;
}

/**
 * Programs that run no code of their own and read no variable named in the text: a value
 * given to one as a prefix (`TMPDIR=/x rm -rf "$TMPDIR/y"`) is only in its environment, while
 * the shell expands its words with the value from before.
 */
const PLAIN_PROGRAMS = new Set(['rm', 'rmdir', 'mkdir', 'touch', 'ls', 'cp', 'mv', 'ln', 'chmod', 'chown', 'chgrp', 'stat', 'truncate', 'cat', 'echo', 'printf']);

/**
 * Whether the name at `i` is the one assignment in front of a plain program, at the start of a
 * simple command (`TMPDIR=/x rm -rf $TMPDIR/y`): it leaves the shell's own variable as it was.
 */
function prefixOfPlainProgram(command: string, i: number, name: string): boolean {
  const lead = command.slice(0, i).replace(/[ \t]+$/, '');
  if (lead !== '' && !/(^|[;&|(\n])$/.test(lead)) return false;
  const m = /^=(?:"[^"`$\\]*"|'[^']*'|[^\s;&|()<>'"`$\\]*)[ \t]+([A-Za-z][\w.-]*)(?=[ \t]|$)/.exec(command.slice(i + name.length));
  return m !== null && PLAIN_PROGRAMS.has(m[1]!);
}

interface Acc {
  value: string;
  known: boolean;
  glob: boolean;
}

function addPart(part: WordPart, acc: Acc, env: WordEnv): void {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      acc.value += part.value;
      return;
    case 'DoubleQuoted':
      for (const child of part.parts) {
        if (child.type === 'Literal') {
          acc.value += child.value;
          continue;
        }
        const v = child.type === 'CommandExpansion' ? substitutionValue(child, env) : expansionValue(child, env);
        if (v) acc.value += v;
        else acc.known = false;
      }
      return;
    case 'SimpleExpansion':
    case 'ParameterExpansion': {
      const v = expansionValue(part, env);
      if (v) acc.value += v;
      else acc.known = false;
      return;
    }
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      acc.glob = true;
      acc.value += part.text;
      return;
    case 'CommandExpansion': {
      // unquoted, the output is split on spaces and globbed: one word only when it has neither
      const v = substitutionValue(part, env);
      if (v && !/[\s*?[\]]/.test(v)) acc.value += v;
      else acc.known = false;
      return;
    }
    default:
      // command / arithmetic / process substitution, locale strings: run-time values
      acc.known = false;
  }
}

export function argFromWord(word: Word, envArg?: EnvArg): Arg {
  const env = wordEnv(envArg);
  const home = env.home;
  const parts = word.parts;
  let value: string;
  let glob = false;
  if (!parts || parts.length === 0) {
    value = word.value;
  } else {
    const acc: Acc = { value: '', known: true, glob: false };
    for (const part of parts) addPart(part, acc, env);
    if (!acc.known) return { text: word.text, value: null, glob: acc.glob };
    value = acc.value;
    glob = acc.glob;
  }
  // Tilde expansion happens only for an unquoted leading `~`.
  if (value.startsWith('~')) {
    if (word.text.startsWith('~')) {
      const slash = value.indexOf('/');
      const user = slash === -1 ? value.slice(1) : value.slice(1, slash);
      if (user !== '') return { text: word.text, value: null, glob }; // ~other-user: unknown home
      // an unknown home is a run-time value, never a folder named `~` or a place outside
      if (!home) return { text: word.text, value: null, glob };
      value = home + value.slice(1);
    } else {
      value = './' + value; // a quoted or escaped `~` is a plain folder name
    }
  }
  return { text: word.text, value, glob };
}

function argFromAssignment(a: Assignment, env?: EnvArg): Arg {
  if (a.value.type !== 'Word') return { text: a.text, value: null, glob: false };
  const v = argFromWord(a.value, env);
  return { text: a.text, value: v.value === null ? null : `${a.name}${a.append ? '+=' : '='}${v.value}`, glob: v.glob };
}

export function argFromCommandArgument(c: CommandArgument, env?: EnvArg): Arg {
  return c.type === 'Word' ? argFromWord(c, env) : argFromAssignment(c, env);
}

/** Is this value a plain static string usable as a path (no glob, known)? */
export function staticValue(arg: Arg | undefined): string | null {
  if (!arg || arg.value === null || arg.glob) return null;
  return arg.value;
}

/**
 * GNU sed / perl -i backups: FILE+SUFFIX, or, when SUFFIX holds a `*`, SUFFIX with each `*`
 * replaced by the file name as given (`-i'bak/*'` on d/n.txt renames it to bak/d/n.txt).
 */
export function backupName(file: Arg, suffix: string): Arg {
  if (file.value === null || file.glob) return RUNTIME_ARG;
  return literalArg(suffix.includes('*') ? suffix.replace(/\*/g, file.value) : file.value + suffix);
}
