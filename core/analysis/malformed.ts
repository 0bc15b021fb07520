/**
 * What a shell line that would fail as written shows it means to run. Such a line changes
 * nothing (the grammar rejects it, or no program has the name it gives), but the next try with
 * the typo fixed would run what it shows, so the floor judges that. The command's own verdict
 * stays what the walk gave. Each reading carries a fixed phrase for why the line fails: never
 * command or path text.
 */
import type { Intent } from './hazards';

/** Operators the grammar rejects where a command should start (`&& git reset --hard`). */
const OPERATORS = new Set(['&&', '||', '|', '|&', '&', ';', ';;', ';&', ';;&']);

/** Words and marks that close something: out of place when nothing is open. */
const CLOSERS = new Set([')', '}', 'then', 'else', 'elif', 'fi', 'do', 'done', 'esac', 'in']);

/** Why the line fails, from the token alone when it is one of the fixed sets above. */
function rejected(token: string): string {
  if (OPERATORS.has(token)) return `the shell rejects \`${token}\` where a command should start`;
  if (CLOSERS.has(token)) return `the shell rejects \`${token}\` with nothing open for it to close`;
  return 'the shell rejects a token of the line';
}

/**
 * The text after the first token the grammar rejects, read as a script of its own. Only when
 * the parser did not already go on past that token (it sometimes reads on after `fi;`): what it
 * read before the token is walked as today. A rejected token in the rest is met again when the
 * rest is walked, one level deeper, so the readings are bounded by the nesting limit.
 */
export function afterRejectedToken(source: string, errors: readonly { message: string; pos: number }[], parsedEnd: number): Intent | null {
  for (const e of errors) {
    const m = /^unexpected token '(.+)'$/.exec(e.message);
    if (!m) continue;
    const token = m[1]!;
    if (e.pos < parsedEnd || !source.startsWith(token, e.pos)) return null;
    const rest = source.slice(e.pos + token.length);
    return rest.trim() === '' ? null : { shell: rest, fails: rejected(token) };
  }
  return null;
}

const WHOLE_LINE = 'no program is named by the whole quoted line';

/** A shell's control marks: a program's path does not hold them, a command line does. */
const LINE_MARKS = /[;&|<>`]|\$\(|[ \t]-/;

/**
 * Whether a command name is a whole command line put in one word (`'git push origin\n+main'`,
 * `'rm -rf x'`): it holds a line break or starts with a blank; or it holds a blank and either its first word is a bare
 * name (a program on PATH has no blank in its name) or it holds a shell mark or an option after
 * a blank. A path with blanks in its folder names (`"./my tools/run.sh"`, `"C:\Program Files\…"`)
 * is a program's name and stays one.
 */
function isLineName(name: string): boolean {
  if (/[\n\r]/.test(name)) return true;
  const line = name.replace(/^[ \t]+/, '');
  // a program's name does not start with a blank
  if (line !== name) return line !== '';
  const blank = line.search(/[ \t]/);
  return blank > 0 && (!/[/\\]/.test(line.slice(0, blank)) || LINE_MARKS.test(line));
}

/**
 * The readings of a line put in one word, with the words written after it: the line as the
 * shell would read it, and, when it breaks lines, the break read as a blank (an option or
 * argument carried onto the next line: `'find .\n-delete'`). The second reading is only made
 * of text with no quotes or escapes, so it cannot hold another such name and the readings do
 * not multiply as they nest.
 */
export function lineNameIntents(name: string, args: readonly string[]): Intent[] {
  if (!isLineName(name)) return [];
  const tail = args.length ? ' ' + args.join(' ') : '';
  const out: Intent[] = [{ shell: name + tail, fails: WHOLE_LINE }];
  if (/[\n\r]/.test(name) && !/['"\\`]/.test(name + tail)) out.push({ shell: name.replace(/[\n\r]+/g, ' ') + tail, fails: WHOLE_LINE });
  return out;
}
