/**
 * A TOML 1.0 reader for the hosts whose hook files are TOML (a hook-file row's `format: 'toml'`).
 * A hooks list sits in a file that also holds the host's other settings, so the whole grammar is
 * read (strings of all four kinds, numbers, dates, arrays, inline tables, dotted keys, `[table]`
 * and `[[array]]` headers): a `[[hooks]]` line inside a multi-line string is text, not a header. A file that breaks the grammar is reported with its line:col and
 * nothing of it is read, as the hosts themselves refuse it.
 *
 * Dates and times are kept as their text (no hook field is a date).
 */
import { MAX_DEPTH, pointerOf, positionsOf, type JsonPath, type LocatedDocument } from './jsonc';
import type { Position } from './types';

type TomlResult = { ok: true; doc: LocatedDocument } | { ok: false; message: string; position: Position };

class TomlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

type Table = Record<string, unknown>;

/** How a table came to exist: a table defined once may not be defined again, an inline one never extended. */
type Origin = 'implicit' | 'header' | 'dotted' | 'inline' | 'array-item';

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\u001b', '"': '"', '\\': '\\' };

export function parseToml(text: string): TomlResult {
  const src = text.replace(/^\ufeff/, '');
  const position = positionsOf(src);

  const root: Table = {};
  const origins = new Map<object, Origin>([[root, 'implicit']]);
  const arrayTables = new Set<unknown[]>();
  const locations = new Map<string, Position>();
  locations.set(pointerOf([]), { line: 1, col: 1 });
  let pos = 0;

  const fail = (message: string, at = pos): never => {
    throw new TomlError(message, at);
  };
  const ws = (): void => {
    while (src[pos] === ' ' || src[pos] === '\t') pos++;
  };
  const comment = (): void => {
    if (src[pos] !== '#') return;
    while (pos < src.length && src[pos] !== '\n') {
      const c = src.charCodeAt(pos);
      if ((c < 0x20 && c !== 0x09) || c === 0x7f) fail('control character in a comment');
      pos++;
    }
  };
  /** the rest of a line after a value or header: blanks, a comment, the line end */
  const endOfLine = (): void => {
    ws();
    comment();
    if (pos >= src.length) return;
    if (src[pos] === '\r' && src[pos + 1] === '\n') pos += 2;
    else if (src[pos] === '\n') pos++;
    else fail(`expected the end of the line, found ${JSON.stringify(src[pos])}`);
  };
  /** blanks, comments and line ends (inside an array) */
  const wsMultiline = (): void => {
    for (;;) {
      ws();
      comment();
      if (src[pos] === '\n') pos++;
      else if (src[pos] === '\r' && src[pos + 1] === '\n') pos += 2;
      else return;
    }
  };

  const hex = (digits: number): string => {
    const h = src.slice(pos, pos + digits);
    if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(h)) fail('bad unicode escape');
    const cp = parseInt(h, 16);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) fail('unicode escape is not a scalar value');
    pos += digits;
    return String.fromCodePoint(cp);
  };

  const escape = (): string => {
    // at the backslash
    pos++;
    const c = src[pos];
    if (c === 'u') {
      pos++;
      return hex(4);
    }
    if (c === 'U') {
      pos++;
      return hex(8);
    }
    if (c !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, c)) {
      pos++;
      return ESCAPES[c]!;
    }
    return fail(`unknown escape \\${c ?? ''}`);
  };

  const checkChar = (allowNewline: boolean): void => {
    const c = src.charCodeAt(pos);
    if (c === 0x0a && allowNewline) return;
    if (c === 0x0d && allowNewline && src[pos + 1] === '\n') return;
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) fail('control character in a string');
  };

  const basicString = (): string => {
    if (src.startsWith('"""', pos)) {
      pos += 3;
      if (src[pos] === '\n') pos++;
      else if (src.startsWith('\r\n', pos)) pos += 2;
      let out = '';
      for (;;) {
        if (pos >= src.length) fail('unterminated """ string');
        if (src.startsWith('"""', pos)) {
          // up to two quotes may end the content right before the closing three
          let n = 3;
          while (src[pos + n] === '"' && n < 5) n++;
          out += '"'.repeat(n - 3);
          pos += n;
          return out;
        }
        if (src[pos] === '\\') {
          // a line-ending backslash trims the line end and the blanks after it
          let k = pos + 1;
          while (src[k] === ' ' || src[k] === '\t') k++;
          if (src[k] === '\n' || (src[k] === '\r' && src[k + 1] === '\n')) {
            pos = k;
            while (src[pos] === ' ' || src[pos] === '\t' || src[pos] === '\n' || src[pos] === '\r') pos++;
            continue;
          }
          out += escape();
          continue;
        }
        checkChar(true);
        out += src[pos++];
      }
    }
    pos++;
    let out = '';
    for (;;) {
      if (pos >= src.length || src[pos] === '\n') fail('unterminated string');
      if (src[pos] === '"') {
        pos++;
        return out;
      }
      if (src[pos] === '\\') {
        out += escape();
        continue;
      }
      checkChar(false);
      out += src[pos++];
    }
  };

  const literalString = (): string => {
    if (src.startsWith("'''", pos)) {
      pos += 3;
      if (src[pos] === '\n') pos++;
      else if (src.startsWith('\r\n', pos)) pos += 2;
      const start = pos;
      for (;;) {
        if (pos >= src.length) fail("unterminated ''' string");
        if (src.startsWith("'''", pos)) {
          let n = 3;
          while (src[pos + n] === "'" && n < 5) n++;
          const out = src.slice(start, pos) + "'".repeat(n - 3);
          pos += n;
          return out;
        }
        checkChar(true);
        pos++;
      }
    }
    pos++;
    const start = pos;
    for (;;) {
      if (pos >= src.length || src[pos] === '\n') fail('unterminated string');
      if (src[pos] === "'") return src.slice(start, pos++);
      checkChar(false);
      pos++;
    }
  };

  const key = (): string[] => {
    const parts: string[] = [];
    for (;;) {
      ws();
      const c = src[pos];
      if (c === '"') {
        if (src.startsWith('"""', pos)) fail('a key cannot be a multi-line string');
        parts.push(basicString());
      } else if (c === "'") {
        if (src.startsWith("'''", pos)) fail('a key cannot be a multi-line string');
        parts.push(literalString());
      } else {
        const start = pos;
        while (pos < src.length && BARE_KEY.test(src[pos]!)) pos++;
        if (pos === start) fail(c === undefined || c === '\n' ? 'expected a key' : `unexpected ${JSON.stringify(c)} where a key belongs`);
        parts.push(src.slice(start, pos));
      }
      ws();
      if (src[pos] !== '.') return parts;
      pos++;
    }
  };

  const DATE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?/;
  const TIME = /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?/;
  const NUMBER = /^[+-]?(?:inf|nan|0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*|(?:0|[1-9](?:_?\d)*)(?:\.\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?)/;

  const scalar = (): unknown => {
    const rest = src.slice(pos, pos + 64);
    if (rest.startsWith('true') && !BARE_KEY.test(rest[4] ?? '')) {
      pos += 4;
      return true;
    }
    if (rest.startsWith('false') && !BARE_KEY.test(rest[5] ?? '')) {
      pos += 5;
      return false;
    }
    const date = DATE.exec(rest);
    if (date) {
      // a space before a time belongs to the date only when a time follows it
      const text = /^\d{4}-\d{2}-\d{2} $/.test(date[0]) ? date[0].trimEnd() : date[0];
      pos += text.length;
      return text;
    }
    const time = TIME.exec(rest);
    if (time && /^\d{2}:/.test(rest)) {
      pos += time[0].length;
      return time[0];
    }
    const num = NUMBER.exec(rest);
    if (num && num[0] !== '' && !/^[+-]$/.test(num[0])) {
      const t = num[0];
      const next = rest[t.length];
      if (next !== undefined && /[A-Za-z0-9_.:]/.test(next)) fail(`bad value ${JSON.stringify(rest.split(/[\s,\]}#]/)[0])}`);
      pos += t.length;
      const sign = t.startsWith('-') ? -1 : 1;
      const body = t.replace(/^[+-]/, '').replace(/_/g, '');
      if (body === 'inf') return sign * Infinity;
      if (body === 'nan') return NaN;
      if (body.startsWith('0x')) return sign * parseInt(body.slice(2), 16);
      if (body.startsWith('0o')) return sign * parseInt(body.slice(2), 8);
      if (body.startsWith('0b')) return sign * parseInt(body.slice(2), 2);
      return sign * Number(body);
    }
    const word = rest.split(/[\s,\]}#]/)[0] ?? '';
    return fail(word === '' ? 'expected a value' : `bad value ${JSON.stringify(word)}`);
  };

  const value = (path: JsonPath, depth: number): unknown => {
    if (depth > MAX_DEPTH) fail('nested too deeply');
    locations.set(pointerOf(path), position(pos));
    const c = src[pos];
    if (c === '"') return basicString();
    if (c === "'") return literalString();
    if (c === '[') {
      pos++;
      const out: unknown[] = [];
      for (;;) {
        wsMultiline();
        if (src[pos] === ']') {
          pos++;
          return out;
        }
        out.push(value([...path, out.length], depth + 1));
        wsMultiline();
        if (src[pos] === ',') {
          pos++;
          continue;
        }
        if (src[pos] === ']') {
          pos++;
          return out;
        }
        fail('expected "," or "]" in an array');
      }
    }
    if (c === '{') {
      pos++;
      const table: Table = {};
      origins.set(table, 'inline');
      ws();
      if (src[pos] === '}') {
        pos++;
        return table;
      }
      for (;;) {
        const keyAt = pos;
        const k = key();
        if (src[pos] !== '=') fail('expected "=" after a key');
        pos++;
        ws();
        assign(table, k, path, keyAt, depth + 1, true);
        ws();
        if (src[pos] === ',') {
          pos++;
          continue;
        }
        if (src[pos] === '}') {
          pos++;
          // an inline table is closed for good
          markInline(table);
          return table;
        }
        fail('expected "," or "}" in an inline table');
      }
    }
    return scalar();
  };

  const markInline = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    origins.set(v, 'inline');
    for (const x of Object.values(v)) markInline(x);
  };

  /** `a.b.c = v` inside `table`: the first parts make (or walk) dotted tables */
  const assign = (table: Table, keys: string[], base: JsonPath, keyAt: number, depth: number, inline: boolean): void => {
    let t = table;
    const path = [...base];
    for (const part of keys.slice(0, -1)) {
      path.push(part);
      const cur = t[part];
      if (cur === undefined) {
        const fresh: Table = {};
        origins.set(fresh, 'dotted');
        t[part] = fresh;
        locations.set(pointerOf(path), position(keyAt));
        t = fresh;
      } else if (isTable(cur) && origins.get(cur) !== 'inline' && origins.get(cur) !== 'header' && !(inline && origins.get(cur) !== 'dotted')) {
        t = cur;
      } else fail(`key "${keys.join('.')}" is already defined`, keyAt);
    }
    const last = keys[keys.length - 1]!;
    if (Object.prototype.hasOwnProperty.call(t, last)) fail(`key "${keys.join('.')}" is already defined`, keyAt);
    t[last] = value([...path, last], depth);
  };

  const isTable = (v: unknown): v is Table => v !== null && typeof v === 'object' && !Array.isArray(v);

  /** walk a header's key path from the root; `[[x]]` items are entered at their last element */
  const walk = (keys: string[], at: number): { table: Table; path: (string | number)[] } => {
    let t = root;
    const path: (string | number)[] = [];
    for (const part of keys) {
      path.push(part);
      let cur = t[part];
      if (cur === undefined) {
        const fresh: Table = {};
        origins.set(fresh, 'implicit');
        t[part] = fresh;
        locations.set(pointerOf(path), position(at));
        cur = fresh;
      }
      if (Array.isArray(cur)) {
        if (!arrayTables.has(cur)) fail(`"${keys.join('.')}" extends an array that is not an array of tables`, at);
        path.push(cur.length - 1);
        cur = cur[cur.length - 1];
      }
      if (!isTable(cur) || origins.get(cur) === 'inline') return fail(`"${keys.join('.')}" is already defined as a value`, at);
      t = cur;
    }
    return { table: t, path };
  };

  let current: { table: Table; path: JsonPath } = { table: root, path: [] };
  try {
    while (pos < src.length) {
      wsMultiline();
      if (pos >= src.length) break;
      const at = pos;
      if (src[pos] === '[') {
        const array = src[pos + 1] === '[';
        pos += array ? 2 : 1;
        const keys = key();
        if (array ? !src.startsWith(']]', pos) : src[pos] !== ']') fail(`expected "${array ? ']]' : ']'}" to close the header`);
        pos += array ? 2 : 1;
        endOfLine();
        const parent = walk(keys.slice(0, -1), at);
        const last = keys[keys.length - 1]!;
        const existing = parent.table[last];
        if (array) {
          let list: unknown[];
          if (existing === undefined) {
            list = [];
            arrayTables.add(list);
            parent.table[last] = list;
            locations.set(pointerOf([...parent.path, last]), position(at));
          } else if (Array.isArray(existing) && arrayTables.has(existing)) list = existing;
          else fail(`"${keys.join('.')}" is already defined and is not an array of tables`, at);
          const item: Table = {};
          origins.set(item, 'array-item');
          list!.push(item);
          const path = [...parent.path, last, list!.length - 1];
          locations.set(pointerOf(path), position(at));
          current = { table: item, path };
        } else {
          let table: Table;
          if (existing === undefined) {
            table = {};
            parent.table[last] = table;
            locations.set(pointerOf([...parent.path, last]), position(at));
          } else if (isTable(existing) && origins.get(existing) === 'implicit') table = existing;
          else fail(`table "${keys.join('.')}" is defined twice`, at);
          origins.set(table!, 'header');
          current = { table: table!, path: [...parent.path, last] };
        }
        continue;
      }
      const k = key();
      if (src[pos] !== '=') fail('expected "=" after a key');
      pos++;
      ws();
      // a header's own table takes dotted keys; `origins` of it is 'header', which assign() may walk from
      assignTop(current.table, k, current.path, at);
      endOfLine();
    }
  } catch (err) {
    if (err instanceof TomlError) return { ok: false, message: err.message, position: position(Math.min(err.offset, src.length)) };
    throw err;
  }
  return { ok: true, doc: { value: root, locations } };

  function assignTop(table: Table, keys: string[], base: JsonPath, keyAt: number): void {
    assign(table, keys, base, keyAt, 1, false);
  }
}
