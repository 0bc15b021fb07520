/**
 * The small languages programs carry in an argument: sed scripts and awk programs. Each is
 * read command by command, so `w file` / `print > "file"` / `e` / `system()` are found where
 * the language puts them and a `>` that is a comparison (`$3 > 100`) is not taken for one.
 */

interface ScriptEffects {
  /** the script could not be read: treat it as unknown */
  unreadable?: string;
  /** files the script writes (literal names) */
  writes: string[];
  /** writes whose file name is computed */
  unprovenWrite: boolean;
  /** runs a shell command whose text is not a literal */
  runs: boolean;
  /** shell commands given as literal strings (awk `print | "sort"`, `"ls" | getline`, `system("date")`) */
  commands?: string[];
}

const DEVICE_OUT = /^\/dev\/(stdout|stderr|null)$/;

/** Read a GNU sed script (all -e parts joined by newlines). */
export function sedEffects(script: string): ScriptEffects {
  const fx: ScriptEffects = { writes: [], unprovenWrite: false, runs: false };
  const s = script;
  let i = 0;
  const n = s.length;
  const fail = (why: string): ScriptEffects => ({ ...fx, unreadable: why });
  const restOfLine = (): string => {
    let out = '';
    while (i < n && s[i] !== '\n') {
      if (s[i] === '\\' && s[i + 1] === '\n') {
        out += '\n';
        i += 2;
        continue;
      }
      out += s[i];
      i++;
    }
    return out;
  };
  const addWrite = (file: string) => {
    const f = file.trim();
    if (f === '') return;
    if (!DEVICE_OUT.test(f)) fx.writes.push(f);
  };
  /** a delimited part: returns false when the delimiter never closes */
  const delimited = (delim: string): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === delim) {
        i++;
        return true;
      }
      if (c === '\n' && delim !== '\n') return false;
      i++;
    }
    return false;
  };
  const skipSpace = () => {
    while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(s[i]!)) i++;
      return true;
    }
    if (c === '$') {
      i++;
      return true;
    }
    if (c === '/' || c === '\\') {
      let delim = '/';
      if (c === '\\') {
        delim = s[i + 1] ?? '';
        i += 2;
      } else i++;
      if (!delimited(delim)) return false;
      while (i < n && /[IM]/.test(s[i]!)) i++;
      return true;
    }
    return true;
  };
  while (i < n) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === ';' || c === '}') {
      i++;
      continue;
    }
    if (c === '#') {
      restOfLine();
      continue;
    }
    if (!address()) return fail('an address regex is not closed');
    skipSpace();
    if (s[i] === ',') {
      i++;
      skipSpace();
      if (s[i] === '+' || s[i] === '~') i++;
      if (!address()) return fail('an address regex is not closed');
      skipSpace();
    }
    while (s[i] === '!' || s[i] === ' ') i++;
    const cmd = s[i];
    if (cmd === undefined) break;
    i++;
    // the commands that take no argument
    if ('{=dDgGhHnNpPxzF'.includes(cmd)) continue;
    switch (cmd) {
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        skipSpace();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (i < n && s[i] !== '\n' && s[i] !== ';') i++;
        break;
      case 'a':
      case 'i':
      case 'c':
      case 'r':
      case 'R':
        restOfLine();
        break;
      case 'w':
      case 'W':
        addWrite(restOfLine());
        break;
      case 'e':
        fx.runs = true;
        restOfLine();
        break;
      case 'y': {
        const delim = s[i];
        if (delim === undefined || delim === '\n' || delim === '\\') return fail('y needs a delimiter');
        i++;
        if (!delimited(delim) || !delimited(delim)) return fail('y is not closed');
        break;
      }
      case 's': {
        const delim = s[i];
        if (delim === undefined || delim === '\n' || delim === '\\') return fail('s needs a delimiter');
        i++;
        if (!delimited(delim)) return fail('the s regex is not closed');
        if (!delimited(delim)) return fail('the s replacement is not closed');
        // flags: g p i I m M e and a number, then an optional `w file` that runs to the end of the line
        while (i < n) {
          const f = s[i]!;
          if (/[gpiImM0-9]/.test(f)) {
            i++;
            continue;
          }
          if (f === 'e') {
            fx.runs = true;
            i++;
            continue;
          }
          if (f === 'w') {
            i++;
            addWrite(restOfLine());
          }
          break;
        }
        break;
      }
      default:
        return fail(`sed command ${JSON.stringify(cmd)} is not one this guard reads`);
    }
  }
  return fx;
}

/**
 * Read an awk program for output redirections, pipes and system(). Strings and regex
 * literals are skipped; inside print/printf a `>` or `|` outside parentheses is a
 * redirection (awk's grammar), elsewhere `>` is a comparison.
 */
/** An awk string literal's value (\\ \" \/ \n \t), or null when it holds another escape. */
function awkString(body: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    if (e === '\\' || e === '"' || e === '/') out += e;
    else if (e === 'n') out += '\n';
    else if (e === 't') out += '\t';
    else return null;
  }
  return out;
}

const AWK_LITERAL = String.raw`"((?:[^"\\]|\\.)*)"`;

export function awkEffects(src: string): ScriptEffects {
  const fx: ScriptEffects = { writes: [], unprovenWrite: false, runs: false, commands: [] };
  /** a command given as one literal string runs through sh: the walker reads it; anything else is unknown */
  const command = (literal: RegExpExecArray | null) => {
    const text = literal ? awkString(literal[1]!) : null;
    if (text === null) fx.runs = true;
    else fx.commands!.push(text);
  };
  const n = src.length;
  let i = 0;
  let depth = 0;
  let inPrint = false;
  let printDepth = 0;
  let prevSignificant = '';
  const regexCanStart = () => prevSignificant === '' || /[(,{;!~&|=?:+\-*%<>^]$|\n$/.test(prevSignificant) || /^(print|printf|return|in)$/.test(prevSignificant);
  while (i < n) {
    const c = src[i]!;
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < n && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
      i++;
      prevSignificant = '"';
      continue;
    }
    if (c === '/' && regexCanStart()) {
      i++;
      while (i < n && src[i] !== '/' && src[i] !== '\n') {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') {
          i++;
          while (i < n && src[i] !== ']' && src[i] !== '\n') i++;
        }
        i++;
      }
      i++;
      prevSignificant = '/';
      continue;
    }
    if (/[A-Za-z_@]/.test(c)) {
      let j = i;
      while (j < n && /[A-Za-z0-9_@]/.test(src[j]!)) j++;
      const word = src.slice(i, j);
      i = j;
      if (word === 'system') command(new RegExp(`^\\s*\\(\\s*${AWK_LITERAL}\\s*\\)`).exec(src.slice(j)));
      if (word.startsWith('@')) return { ...fx, unreadable: `${word} loads or includes code` };
      if (word === 'print' || word === 'printf') {
        inPrint = true;
        printDepth = depth;
      }
      // `"cmd" | getline`: the command is the literal before the pipe
      if (word === 'getline' && /\|\s*$/.test(src.slice(0, i - word.length)) && !/\|&\s*$/.test(src.slice(0, i - word.length))) command(new RegExp(`(?:^|[;{}\\n(])\\s*${AWK_LITERAL}\\s*\\|\\s*$`).exec(src.slice(0, i - word.length)));
      else if (word === 'getline' && /\|&\s*$/.test(src.slice(0, i - word.length))) fx.runs = true;
      prevSignificant = word;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' || c === '\n' || c === '}' || c === '{') {
      if (depth <= printDepth) inPrint = false;
    } else if ((c === '>' || c === '|') && inPrint && depth === printDepth) {
      if (c === '|' && src[i + 1] === '|') {
        i += 2;
        prevSignificant = '||';
        continue;
      }
      if (c === '|') {
        // print | "cmd": one literal command; `|&` is a two-way coprocess
        if (src[i + 1] === '&') fx.runs = true;
        else command(new RegExp(`^\\|\\s*${AWK_LITERAL}\\s*(?:[;}\\n]|$)`).exec(src.slice(i)));
        i++;
        prevSignificant = '|';
        continue;
      } else {
        i += src[i + 1] === '>' ? 2 : 1;
        while (i < n && (src[i] === ' ' || src[i] === '\t')) i++;
        const m = /^"((?:[^"\\]|\\.)*)"\s*(?:[;}\n]|$)/.exec(src.slice(i));
        if (m) {
          if (!DEVICE_OUT.test(m[1]!)) fx.writes.push(m[1]!);
        } else if (!/^"\/dev\/(stdout|stderr|null)"/.test(src.slice(i))) fx.unprovenWrite = true;
        prevSignificant = '>';
        continue;
      }
    }
    if (!/\s/.test(c)) prevSignificant = c;
    i++;
  }
  return fx;
}
