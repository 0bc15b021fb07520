/**
 * Turning unbash words into static values. A word's value is known only when every
 * part is literal after quote removal; an expansion or substitution makes it `null`
 * (decided at run time). `$HOME`/`${HOME}`/`~` are the one expansion resolved, and only
 * when the caller knows the home folder.
 */
import type { Word, WordPart, Assignment, CommandArgument } from 'unbash';

export interface Arg {
  /** the word as written (quotes included) */
  text: string;
  /** value after quote removal; null when it depends on run time */
  value: string | null;
  /** holds an unquoted glob, extglob or brace pattern: the value is a pattern, not one name */
  glob: boolean;
}

export function literalArg(value: string): Arg {
  return { text: value, value, glob: false };
}

/** A stand-in for arguments that only exist at run time (xargs input, find's `{}`). */
export const RUNTIME_ARG: Arg = { text: '<runtime>', value: null, glob: false };

function expandsToHome(part: WordPart): boolean {
  if (part.type === 'SimpleExpansion') return part.text === '$HOME';
  if (part.type === 'ParameterExpansion') {
    return part.parameter === 'HOME' && !part.operation && !part.prefix && !part.index;
  }
  return false;
}

interface Acc {
  value: string;
  known: boolean;
  glob: boolean;
}

function addPart(part: WordPart, acc: Acc, home: string | undefined): void {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      acc.value += part.value;
      return;
    case 'DoubleQuoted':
      for (const child of part.parts) {
        if (child.type === 'Literal') acc.value += child.value;
        else if (home && expandsToHome(child)) acc.value += home;
        else acc.known = false;
      }
      return;
    case 'SimpleExpansion':
    case 'ParameterExpansion':
      if (home && expandsToHome(part)) acc.value += home;
      else acc.known = false;
      return;
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      acc.glob = true;
      acc.value += part.text;
      return;
    default:
      // command / arithmetic / process substitution, locale strings: run-time values
      acc.known = false;
  }
}

export function argFromWord(word: Word, home?: string): Arg {
  const parts = word.parts;
  let value: string;
  let glob = false;
  if (!parts || parts.length === 0) {
    value = word.value;
  } else {
    const acc: Acc = { value: '', known: true, glob: false };
    for (const part of parts) addPart(part, acc, home);
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
      if (home) value = home + value.slice(1);
    } else {
      value = './' + value; // a quoted or escaped `~` is a plain folder name
    }
  }
  return { text: word.text, value, glob };
}

export function argFromAssignment(a: Assignment, home?: string): Arg {
  if (a.value.type !== 'Word') return { text: a.text, value: null, glob: false };
  const v = argFromWord(a.value, home);
  return { text: a.text, value: v.value === null ? null : `${a.name}${a.append ? '+=' : '='}${v.value}`, glob: v.glob };
}

export function argFromCommandArgument(c: CommandArgument, home?: string): Arg {
  return c.type === 'Word' ? argFromWord(c, home) : argFromAssignment(c, home);
}

/** Is this value a plain static string usable as a path (no glob, known)? */
export function staticValue(arg: Arg | undefined): string | null {
  if (!arg || arg.value === null || arg.glob) return null;
  return arg.value;
}
