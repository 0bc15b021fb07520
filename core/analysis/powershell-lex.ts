/**
 * The PowerShell lexer: source text -> a typed token tree. Sub-expressions `(…)`, `$(…)`, `@(…)`,
 * script blocks `{…}` and the `$(…)` inside double-quoted strings carry their own token lists, so
 * the walker reads each piece of code once. Like unbash for POSIX shell it never throws: what it
 * cannot read (a stray closer, an unclosed bracket, a character no rule takes) goes into `errors`
 * with its position, and the tokens read so far are kept.
 */
import { MAX_NESTING } from './limits';

export interface PsError {
  message: string;
  /** offset in the text the lexer was given (the whole command for nested pieces) */
  pos: number;
}

/** A piece of code nested in another: its text, and its tokens when the nesting bound allows. */
export interface PsCode {
  source: string;
  /** offset of `source` in the whole command */
  start: number;
  /** null past the nesting bound: the walker reports it, as it does for any code that deep */
  tokens: PsToken[] | null;
  /** what the lexer could not read in this piece itself (its nested pieces carry their own) */
  errors: PsError[];
}

export type PsToken =
  | {
      t: 'word';
      start: number;
      end: number;
      /** as written */
      text: string;
      /** value after quote removal and the variables the walker may resolve; null = run time */
      value: string | null;
      quoted: boolean;
      /** `$(…)` inside the word or its double-quoted parts: code that runs first */
      code: PsCode[];
    }
  | { t: 'sub'; start: number; end: number; body: PsCode }
  | { t: 'block'; start: number; end: number; body: PsCode }
  | { t: 'op'; start: number; end: number; op: '|' | ';' | '&&' | '||' | '&' }
  | { t: 'redir'; start: number; end: number; op: string }
  /** a .NET member call, a type literal or a hashtable: `text` for the reason, `call` = it runs a method */
  | { t: 'dyn'; start: number; end: number; text: string; call: boolean };

interface PsLexResult {
  tokens: PsToken[];
  /** what the lexer could not read at this level (nested pieces carry their own, see PsCode) */
  errors: PsError[];
  /** every error of the source and all its nested pieces, in position order */
  allErrors: PsError[];
}

/** Variables the lexer resolves in words (the walker's knowledge of the environment). */
interface PsLexEnv {
  home?: string;
}

/** index just past the matching close bracket, honouring quotes, nesting and comments; -1 = never closed */
function scanBalanced(s: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '`') {
      i++;
      continue;
    }
    if (c === "'") {
      i = skipSingle(s, i);
      continue;
    }
    if (c === '"') {
      i = skipDouble(s, i);
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(s[i - 1]!))) {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    if (c === open || (open !== '(' && c === '(') || (open !== '{' && c === '{')) depth++;
    else if (c === close || (close !== ')' && c === ')') || (close !== '}' && c === '}')) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function skipSingle(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "'") {
      if (s[j + 1] === "'") {
        j++;
        continue;
      }
      return j;
    }
  }
  return s.length;
}

function skipDouble(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '`') {
      j++;
      continue;
    }
    if (s[j] === '$' && s[j + 1] === '(') {
      const e = scanBalanced(s, j + 1, '(', ')');
      if (e === -1) return s.length;
      j = e - 1;
      continue;
    }
    if (s[j] === '"') {
      if (s[j + 1] === '"') {
        j++;
        continue;
      }
      return j;
    }
  }
  return s.length;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };

/** `$HOME`, `$env:HOME`, `$env:USERPROFILE` (when the home is known) and `$PWD`; every other variable is a run-time value. */
function homeVar(name: string, env: PsLexEnv): string | null {
  const n = name.toLowerCase();
  if ((n === 'home' || n === 'env:home' || n === 'env:userprofile') && env.home) return env.home;
  if (n === 'pwd') return '.';
  return null;
}

class Lexer {
  readonly errors: PsError[] = [];
  constructor(
    private readonly env: PsLexEnv,
    /** where the text being lexed starts in the whole command */
    private readonly offset: number,
    /** nesting level: pieces deeper than the analysis bound are kept as text only */
    private readonly depth: number,
    /** every error of the whole command */
    readonly all: PsError[],
  ) {}

  private error(message: string, pos: number): void {
    const e = { message, pos: this.offset + pos };
    this.errors.push(e);
    this.all.push(e);
  }

  /** A nested piece of code with its own tokens and errors. */
  private nested(source: string, start: number): PsCode {
    const abs = this.offset + start;
    if (this.depth + 1 > MAX_NESTING) return { source, start: abs, tokens: null, errors: [] };
    const inner = new Lexer(this.env, abs, this.depth + 1, this.all);
    const tokens = inner.run(source);
    return { source, start: abs, tokens, errors: inner.errors };
  }

  /** Expand a double-quoted body: literal text and known variables; `$(…)` goes to `code`. */
  private expandDouble(body: string, bodyStart: number, code: PsCode[]): string | null {
    let out = '';
    let known = true;
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      if (c === '`') {
        const n = body[i + 1] ?? '';
        out += ESCAPES[n] ?? n;
        i++;
        continue;
      }
      if (c === '$') {
        if (body[i + 1] === '(') {
          const e = scanBalanced(body, i + 1, '(', ')');
          code.push(this.nested(body.slice(i + 2, e === -1 ? body.length : e - 1), bodyStart + i + 2));
          known = false;
          i = e === -1 ? body.length : e - 1;
          continue;
        }
        const m = /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?)/.exec(body.slice(i));
        if (m) {
          const v = homeVar(m[1]!.replace(/^\{|\}$/g, ''), this.env);
          if (v === null) known = false;
          else out += v;
          i += m[0].length - 1;
          continue;
        }
      }
      if (c === '"' && body[i + 1] === '"') {
        out += '"';
        i++;
        continue;
      }
      out += c;
    }
    return known ? out : null;
  }

  run(src: string): PsToken[] {
    const toks: PsToken[] = [];
    let i = 0;
    const n = src.length;
    const at = (start: number, end: number) => ({ start: this.offset + start, end: this.offset + end });
    while (i < n) {
      const c = src[i]!;
      if (c === ')' || c === '}') {
        this.error(`unbalanced ${c}`, i);
        i++;
        continue;
      }
      if (c === '\n' || c === '\r') {
        toks.push({ t: 'op', op: ';', ...at(i, i + 1) });
        i++;
        continue;
      }
      if (c === ' ' || c === '\t') {
        i++;
        continue;
      }
      if (c === '`' && (src[i + 1] === '\n' || src[i + 1] === '\r')) {
        i += src[i + 1] === '\r' && src[i + 2] === '\n' ? 3 : 2; // line continuation
        continue;
      }
      if (c === '#') {
        while (i < n && src[i] !== '\n') i++;
        continue;
      }
      if (c === '<' && src[i + 1] === '#') {
        const e = src.indexOf('#>', i + 2);
        i = e === -1 ? n : e + 2;
        continue;
      }
      if (c === ';') {
        toks.push({ t: 'op', op: ';', ...at(i, i + 1) });
        i++;
        continue;
      }
      if (c === '|') {
        const two = src[i + 1] === '|';
        toks.push({ t: 'op', op: two ? '||' : '|', ...at(i, i + (two ? 2 : 1)) });
        i += two ? 2 : 1;
        continue;
      }
      if (c === '&') {
        const two = src[i + 1] === '&';
        toks.push({ t: 'op', op: two ? '&&' : '&', ...at(i, i + (two ? 2 : 1)) });
        i += two ? 2 : 1;
        continue;
      }
      const redir = /^(?:[1-6*])?>>?(?:&[12])?/.exec(src.slice(i, i + 5));
      if (redir && (c === '>' || /[1-6*]/.test(c)) && (c === '>' || src[i + 1] === '>')) {
        toks.push({ t: 'redir', op: redir[0], ...at(i, i + redir[0].length) });
        i += redir[0].length;
        continue;
      }
      if (c === '{') {
        const e = scanBalanced(src, i, '{', '}');
        if (e === -1) this.error('unbalanced {', i);
        const end = e === -1 ? n : e;
        toks.push({ t: 'block', body: this.nested(src.slice(i + 1, e === -1 ? n : e - 1), i + 1), ...at(i, end) });
        i = end;
        continue;
      }
      if (c === '(' || ((c === '$' || c === '@') && src[i + 1] === '(')) {
        const start = c === '(' ? i : i + 1;
        const e = scanBalanced(src, start, '(', ')');
        if (e === -1) this.error('unbalanced (', start);
        const end = e === -1 ? n : e;
        toks.push({ t: 'sub', body: this.nested(src.slice(start + 1, e === -1 ? n : e - 1), start + 1), ...at(i, end) });
        i = end;
        continue;
      }
      if (c === '@' && src[i + 1] === '{') {
        const e = scanBalanced(src, i + 1, '{', '}');
        const body = src.slice(i + 2, e === -1 ? n : e - 1);
        const end = e === -1 ? n : e;
        toks.push({ t: 'dyn', text: '@{…}', call: /[({]/.test(body), ...at(i, end) });
        i = end;
        continue;
      }
      if (c === '@' && (src[i + 1] === "'" || src[i + 1] === '"')) {
        // here-string: @' … '@ / @" … "@ (the closer starts a line)
        const q = src[i + 1]!;
        const e = src.indexOf('\n' + q + '@', i + 2);
        const bodyStart = src.indexOf('\n', i) + 1;
        const body = src.slice(bodyStart, e === -1 ? n : e);
        const code: PsCode[] = [];
        const value = q === "'" ? body : this.expandDouble(body, bodyStart, code);
        const end = e === -1 ? n : e + 3;
        toks.push({ t: 'word', text: src.slice(i, end), value, quoted: true, code, ...at(i, end) });
        i = end;
        continue;
      }
      if (c === '[') {
        // type literal: [IO.File]::WriteAllText(…) or a cast
        const e = src.indexOf(']', i);
        const after = e === -1 ? '' : src.slice(e + 1);
        const m = /^::\s*[A-Za-z_][\w]*\s*(\()?/.exec(after);
        if (e !== -1 && /^\[[A-Za-z_][\w.`\[\], ]*\]$/.test(src.slice(i, e + 1))) {
          const dynEnd = e + 1 + (m ? m[0].length : 0);
          toks.push({ t: 'dyn', text: src.slice(i, e + 1) + (m ? m[0] : ''), call: !!m, ...at(i, dynEnd) });
          i = dynEnd;
          if (m && m[1]) {
            const pe = scanBalanced(src, i - 1, '(', ')');
            const end = pe === -1 ? n : pe;
            toks.push({ t: 'sub', body: this.nested(src.slice(i, pe === -1 ? n : pe - 1), i), ...at(i - 1, end) });
            i = end;
          }
          continue;
        }
      }
      i = this.word(src, i, toks);
    }
    return toks;
  }

  /** A word: bare text, quoted parts and variables, possibly joined ($HOME\.ssh\x). Returns the next index. */
  private word(src: string, i: number, toks: PsToken[]): number {
    const n = src.length;
    const wordStart = i;
    let text = '';
    let value: string | null = '';
    let quoted = false;
    const code: PsCode[] = [];
    let isVarStart = false;
    const at = (start: number, end: number) => ({ start: this.offset + start, end: this.offset + end });
    while (i < n) {
      const d = src[i]!;
      if (/[\s;|&{}()]/.test(d) && !(d === '(' && text === '')) {
        if (d === '(' && text !== '') {
          // Name(…) or $x.Method(…): a call
          const e = scanBalanced(src, i, '(', ')');
          const end = e === -1 ? n : e;
          toks.push({ t: 'dyn', text: text + '(…)', call: true, ...at(wordStart, i) });
          toks.push({ t: 'sub', body: this.nested(src.slice(i + 1, e === -1 ? n : e - 1), i + 1), ...at(i, end) });
          i = end;
          text = '';
          value = null;
        }
        break;
      }
      if (d === '>') break;
      if (d === "'") {
        const e = skipSingle(src, i);
        const body = src.slice(i + 1, e).replace(/''/g, "'");
        text += src.slice(i, e + 1);
        if (value !== null) value += body;
        quoted = true;
        i = Math.min(e + 1, n);
        continue;
      }
      if (d === '"') {
        const e = skipDouble(src, i);
        const body = src.slice(i + 1, e);
        text += src.slice(i, e + 1);
        const v = this.expandDouble(body, i + 1, code);
        value = value === null || v === null ? null : value + v;
        quoted = true;
        i = Math.min(e + 1, n);
        continue;
      }
      if (d === '`') {
        const nx = src[i + 1] ?? '';
        text += d + nx;
        if (value !== null) value += ESCAPES[nx] ?? nx;
        i = Math.min(i + 2, n);
        continue;
      }
      if (d === '$') {
        if (src[i + 1] === '(') {
          const e = scanBalanced(src, i + 1, '(', ')');
          code.push(this.nested(src.slice(i + 2, e === -1 ? n : e - 1), i + 2));
          text += src.slice(i, e === -1 ? n : e);
          value = null;
          i = e === -1 ? n : e;
          continue;
        }
        const m = /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?|[?^$_])/.exec(src.slice(i));
        if (m) {
          if (text === '') isVarStart = true;
          const v = homeVar(m[1]!.replace(/^\{|\}$/g, ''), this.env);
          text += m[0];
          value = value === null || v === null ? null : value + v;
          i += m[0].length;
          // $x.Method(  -> a .NET call
          const mm = /^\.[A-Za-z_]\w*\(/.exec(src.slice(i));
          if (mm) {
            const open = i + mm[0].length - 1;
            const e = scanBalanced(src, open, '(', ')');
            const end = e === -1 ? n : e;
            toks.push({ t: 'dyn', text: text + mm[0] + '…)', call: true, ...at(wordStart, open) });
            toks.push({ t: 'sub', body: this.nested(src.slice(open + 1, e === -1 ? n : e - 1), open + 1), ...at(open, end) });
            i = end;
            text = '';
            value = null;
            break;
          }
          continue;
        }
      }
      text += d;
      if (value !== null) value += d;
      i++;
    }
    if (text !== '') toks.push({ t: 'word', text, value: isVarStart && value === null ? null : value, quoted, code, ...at(wordStart, i) });
    else if (i === wordStart) {
      // nothing consumed: a character no rule above takes; never loop on it
      this.error(`unexpected ${JSON.stringify(src[i])}`, i);
      i++;
    }
    return i;
  }
}

/**
 * Lex PowerShell source into a token tree. `offset` places positions inside a larger command;
 * `depth` is how deep this source already sits (nested pieces past the analysis bound keep only
 * their text).
 */
export function lexPowerShell(source: string, env: PsLexEnv = {}, offset = 0, depth = 0): PsLexResult {
  const all: PsError[] = [];
  const lexer = new Lexer(env, offset, depth, all);
  try {
    const tokens = lexer.run(source);
    return { tokens, errors: lexer.errors, allErrors: [...all].sort((a, b) => a.pos - b.pos) };
  } catch (e) {
    // the lexer is written not to throw; keep that promise even on a bug
    const failed = { message: `lexer failed: ${e instanceof Error ? e.message : String(e)}`, pos: offset };
    return { tokens: [], errors: [...lexer.errors, failed], allErrors: [...all, failed] };
  }
}
