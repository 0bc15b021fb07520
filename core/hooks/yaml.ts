/**
 * A reader for the YAML subset Hermes config files use around their `hooks:` section:
 * block mappings and sequences (including `- key: value` items and sequences written at
 * their key's indentation), plain / single-quoted / double-quoted scalars, `|` and `>`
 * block scalars, comments, and one-line flow collections (`[a, b]`, `{}`).
 *
 * Anything else (anchors, aliases, tags, multi-line flow or quoted scalars, complex keys)
 * is reported with its line:col instead of being guessed. Plain scalars resolve the way
 * PyYAML (YAML 1.1, which Hermes uses) resolves them: yes/no/on/off are booleans, `~` is
 * null, numbers need a digit pattern (floats a dot).
 *
 * `onlyKeys` reads just those top-level keys and skips the rest of the file unparsed, so a
 * YAML feature this reader does not know in an unrelated section cannot break hook loading.
 */
import { MAX_DEPTH, pointerOf, type LocatedDocument } from './jsonc';
import type { Position } from './types';

type YamlResult =
  | { ok: true; doc: LocatedDocument; warnings: { message: string; position: Position }[] }
  | { ok: false; message: string; position: Position };

interface Line {
  /** 1-based line number */
  no: number;
  /** leading spaces */
  indent: number;
  /** the line after its indentation */
  text: string;
}

class YamlError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

const BOOL_TRUE = new Set(['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const BOOL_FALSE = new Set(['no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);

/**
 * Resolve a plain (unquoted) scalar the way PyYAML's safe loader does for common cases.
 * @keep resolvePlainScalar a plain YAML scalar's value (yes, Off, numbers): the tests check each form
 */
export function resolvePlainScalar(s: string): unknown {
  if (NULLS.has(s)) return null;
  if (BOOL_TRUE.has(s)) return true;
  if (BOOL_FALSE.has(s)) return false;
  if (/^[-+]?(?:0|[1-9][0-9_]*)$/.test(s)) return Number(s.replace(/_/g, ''));
  if (/^0x[0-9a-fA-F_]+$/.test(s)) return parseInt(s.slice(2).replace(/_/g, ''), 16);
  if (/^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?$/.test(s) && /[0-9]/.test(s)) return Number(s.replace(/_/g, ''));
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(s)) return NaN;
  return s;
}

export function parseYaml(text: string, opts: { onlyKeys?: readonly string[] } = {}): YamlResult {
  const raw = text.replace(/^\ufeff/, '').split(/\r?\n/);
  const lines: Line[] = [];
  for (let k = 0; k < raw.length; k++) {
    const r = raw[k]!;
    const indent = r.length - r.replace(/^ +/, '').length;
    lines.push({ no: k + 1, indent, text: r.slice(indent) });
  }
  const locations = new Map<string, Position>();
  const warnings: { message: string; position: Position }[] = [];
  let idx = 0;

  const at = (line: Line, offset = 0): Position => ({ line: line.no, col: line.indent + offset + 1 });
  const isBlankOrComment = (l: Line): boolean => l.text.trim() === '' || l.text.startsWith('#');
  const isDocMarker = (l: Line): boolean => l.indent === 0 && /^(---|\.\.\.)(\s|$)/.test(l.text);

  /** index of the next line that carries content, or lines.length */
  const nextSignificant = (from: number): number => {
    let k = from;
    while (k < lines.length && isBlankOrComment(lines[k]!)) k++;
    return k;
  };

  const checkTabs = (l: Line): void => {
    if (l.text.startsWith('\t') && l.text.trim() !== '') throw new YamlError('tab in indentation (YAML allows spaces only)', at(l));
  };

  const isSeqItem = (t: string): boolean => t === '-' || t.startsWith('- ');

  /** `key: rest` split, or null when the text is not a mapping entry */
  const splitEntry = (t: string, line: Line, base: number): { key: string; rest: string; restOffset: number } | null => {
    if (t.startsWith('"') || t.startsWith("'")) {
      const q = readQuoted(t, 0, line, base);
      const after = t.slice(q.end);
      const m = /^\s*:(\s|$)/.exec(after);
      if (!m) return null;
      const restOffset = q.end + m[0].length;
      return { key: q.value, rest: t.slice(restOffset), restOffset };
    }
    if (/^[[{]/.test(t) || isSeqItem(t)) return null;
    if (t.startsWith('? ')) throw new YamlError('complex mapping keys ("? ") are not supported', at(line, base));
    for (let k = 0; k < t.length; k++) {
      const c = t[k];
      if (c === '#' && k > 0 && /\s/.test(t[k - 1]!)) return null;
      if (c === ':' && (k + 1 === t.length || /\s/.test(t[k + 1]!))) {
        const key = t.slice(0, k).trimEnd();
        if (key === '') return null;
        let restOffset = k + 1;
        while (restOffset < t.length && /\s/.test(t[restOffset]!)) restOffset++;
        return { key, rest: t.slice(restOffset), restOffset };
      }
    }
    return null;
  };

  /** a quoted scalar starting at t[start]; must close on this line */
  const readQuoted = (t: string, start: number, line: Line, base: number): { value: string; end: number } => {
    const q = t[start]!;
    let out = '';
    let k = start + 1;
    for (;;) {
      if (k >= t.length) throw new YamlError('quoted string does not close on its line (multi-line quoted strings are not supported)', at(line, base + start));
      const c = t[k]!;
      if (q === "'") {
        if (c === "'") {
          if (t[k + 1] === "'") {
            out += "'";
            k += 2;
            continue;
          }
          return { value: out, end: k + 1 };
        }
        out += c;
        k++;
        continue;
      }
      if (c === '"') return { value: out, end: k + 1 };
      if (c === '\\') {
        const e = t[k + 1];
        const simple: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\u0085', _: '\u00a0' };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          k += 2;
          continue;
        }
        const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        const hex = t.slice(k + 2, k + 2 + len);
        if (len && hex.length === len && /^[0-9a-fA-F]+$/.test(hex)) {
          out += String.fromCodePoint(parseInt(hex, 16));
          k += 2 + len;
          continue;
        }
        throw new YamlError(`bad escape "\\${e ?? ''}" in double-quoted string`, at(line, base + k));
      }
      out += c;
      k++;
    }
  };

  /** nothing but whitespace or a comment may follow a value on its line */
  const expectLineEnd = (t: string, from: number, line: Line, base: number): void => {
    const tail = t.slice(from);
    if (tail.trim() === '' || /^\s+#/.test(tail)) return;
    throw new YamlError(`unexpected text after the value: ${JSON.stringify(tail.trim())}`, at(line, base + from));
  };

  /** one-line flow collection or scalar inside it */
  const parseFlow = (t: string, start: number, line: Line, base: number, path: (string | number)[]): { value: unknown; end: number } => {
    let k = start;
    const ws = (): void => {
      while (k < t.length && t[k] === ' ') k++;
    };
    const item = (p: (string | number)[]): unknown => {
      ws();
      locations.set(pointerOf(p), at(line, base + k));
      const c = t[k];
      if (c === undefined) throw new YamlError('flow collection does not close on its line (multi-line flow collections are not supported)', at(line, base + k));
      if (c === '[' || c === '{') {
        const r = parseFlow(t, k, line, base, p);
        k = r.end;
        return r.value;
      }
      if (c === '"' || c === "'") {
        const q = readQuoted(t, k, line, base);
        k = q.end;
        return q.value;
      }
      if ('&*!|>%@`'.includes(c)) throw new YamlError(`unsupported YAML feature "${c}" in flow collection`, at(line, base + k));
      const s = k;
      while (k < t.length && !',]}'.includes(t[k]!) && !(t[k] === ':' && (t[k + 1] === ' ' || t[k + 1] === undefined)) && !(t[k] === '#' && t[k - 1] === ' ')) k++;
      return resolvePlainScalar(t.slice(s, k).trim());
    };
    if (path.length > MAX_DEPTH) throw new YamlError(`nested deeper than ${MAX_DEPTH} levels`, at(line, base + k));
    const open = t[k]!;
    const close = open === '[' ? ']' : '}';
    k++;
    const arr: unknown[] = [];
    const obj: Record<string, unknown> = {};
    ws();
    if (t[k] === close) return { value: open === '[' ? arr : obj, end: k + 1 };
    for (;;) {
      if (open === '[') {
        arr.push(item([...path, arr.length]));
      } else {
        const key = item([...path, '\u0000key']);
        ws();
        if (t[k] !== ':') throw new YamlError('expected ":" in flow mapping', at(line, base + k));
        k++;
        const ks = String(key);
        obj[ks] = item([...path, ks]);
      }
      ws();
      if (t[k] === ',') {
        k++;
        ws();
        if (t[k] === close) return { value: open === '[' ? arr : obj, end: k + 1 };
        continue;
      }
      if (t[k] === close) return { value: open === '[' ? arr : obj, end: k + 1 };
      if (k >= t.length) throw new YamlError('flow collection does not close on its line (multi-line flow collections are not supported)', at(line, base + k));
      throw new YamlError(`expected "," or "${close}" in flow collection`, at(line, base + k));
    }
  };

  /** a block scalar (`|` / `>`) whose header is `header`, owned by a node at indent `parentIndent` */
  const parseBlockScalar = (header: string, line: Line, base: number, parentIndent: number): string => {
    const m = /^([|>])([-+]?)([1-9]?)([-+]?)(\s+#.*)?\s*$/.exec(header);
    if (!m) throw new YamlError(`bad block scalar header ${JSON.stringify(header)}`, at(line, base));
    const folded = m[1] === '>';
    const chomp = m[2] || m[4] || '';
    const explicit = m[3] ? parentIndent + Number(m[3]) : 0;
    const body: string[] = [];
    let contentIndent = explicit;
    while (idx < lines.length) {
      const l = lines[idx]!;
      const blank = l.text.trim() === '';
      if (!blank) {
        if (contentIndent === 0) {
          if (l.indent <= parentIndent) break;
          contentIndent = l.indent;
        }
        if (l.indent < contentIndent) break;
      }
      body.push(blank ? '' : ' '.repeat(l.indent - contentIndent) + l.text);
      idx++;
    }
    // trailing blank lines belong to the chomping decision, not the content
    let end = body.length;
    while (end > 0 && body[end - 1] === '') end--;
    const content = body.slice(0, end);
    const trailing = body.length - end;
    let textOut: string;
    if (!folded) textOut = content.join('\n');
    else {
      textOut = '';
      for (let k = 0; k < content.length; k++) {
        const cur = content[k]!;
        if (k === 0) {
          textOut = cur;
          continue;
        }
        const prev = content[k - 1]!;
        const moreIndented = cur.startsWith(' ') || prev.startsWith(' ');
        if (cur === '') textOut += '\n';
        else if (prev === '' || moreIndented) textOut += (prev === '' ? '' : '\n') + cur;
        else textOut += ' ' + cur;
      }
    }
    if (content.length === 0) return chomp === '+' ? '\n'.repeat(trailing) : '';
    if (chomp === '-') return textOut;
    if (chomp === '+') return textOut + '\n' + '\n'.repeat(trailing);
    return textOut + '\n';
  };

  /** the value written after `key:` or `- ` on the same line (rest non-empty) */
  const parseInline = (rest: string, line: Line, base: number, ownerIndent: number, path: (string | number)[]): unknown => {
    const c = rest[0]!;
    locations.set(pointerOf(path), at(line, base));
    if (c === '&' || c === '*' || c === '!') {
      const what = c === '&' ? 'anchors (&)' : c === '*' ? 'aliases (*)' : 'tags (!)';
      throw new YamlError(`YAML ${what} are not supported`, at(line, base));
    }
    if (c === '|' || c === '>') {
      idx++;
      return parseBlockScalar(rest, line, base, ownerIndent);
    }
    let value: unknown;
    if (c === '"' || c === "'") {
      const q = readQuoted(rest, 0, line, base);
      expectLineEnd(rest, q.end, line, base);
      value = q.value;
    } else if (c === '[' || c === '{') {
      const f = parseFlow(rest, 0, line, base, path);
      expectLineEnd(rest, f.end, line, base);
      value = f.value;
    } else if (c === '%' || c === '@' || c === '`') {
      throw new YamlError(`a plain value cannot start with "${c}"; quote it`, at(line, base));
    } else {
      const hash = rest.search(/\s#/);
      value = resolvePlainScalar((hash >= 0 ? rest.slice(0, hash) : rest).trim());
    }
    idx++;
    const n = nextSignificant(idx);
    const next = lines[n];
    if (next && !isDocMarker(next) && next.indent > ownerIndent) {
      throw new YamlError('a value continues on the next line (multi-line plain scalars are not supported; quote the value or use "|")', at(next));
    }
    return value;
  };

  /** the value of `key:` / `-` with nothing after it on the line: a nested block, or null */
  const parseNested = (ownerIndent: number, allowSameIndentSeq: boolean, path: (string | number)[]): unknown => {
    const n = nextSignificant(idx);
    const next = lines[n];
    if (!next || isDocMarker(next)) return null;
    checkTabs(next);
    if (next.indent > ownerIndent) {
      idx = n;
      return parseBlock(next.indent, path);
    }
    if (allowSameIndentSeq && next.indent === ownerIndent && isSeqItem(next.text)) {
      idx = n;
      return parseSequence(ownerIndent, path);
    }
    return null;
  };

  const parseMapping = (indent: number, path: (string | number)[]): Record<string, unknown> => {
    const obj: Record<string, unknown> = {};
    for (;;) {
      const n = nextSignificant(idx);
      const line = lines[n];
      if (!line || isDocMarker(line) || line.indent < indent) break;
      checkTabs(line);
      if (line.indent > indent) throw new YamlError('unexpected indentation', at(line));
      if (isSeqItem(line.text)) break;
      idx = n;
      const entry = splitEntry(line.text, line, 0);
      if (!entry) throw new YamlError(`expected "key: value", found ${JSON.stringify(line.text.trim())}`, at(line));
      if (Object.prototype.hasOwnProperty.call(obj, entry.key)) warnings.push({ message: `duplicate key "${entry.key}"; the last one wins`, position: at(line) });
      const childPath = [...path, entry.key];
      const skipThis = path.length === 0 && opts.onlyKeys !== undefined && !opts.onlyKeys.includes(entry.key);
      if (skipThis) {
        skipSection(indent);
        continue;
      }
      let value: unknown;
      const restTrim = entry.rest.trim();
      if (restTrim === '' || restTrim.startsWith('#')) {
        locations.set(pointerOf(childPath), at(line, entry.restOffset));
        idx++;
        value = parseNested(indent, true, childPath);
      } else {
        value = parseInline(entry.rest, line, entry.restOffset, indent, childPath);
      }
      Object.defineProperty(obj, entry.key, { value, enumerable: true, writable: true, configurable: true });
    }
    return obj;
  };

  /** skip a top-level key's value without reading it */
  const skipSection = (indent: number): void => {
    idx++;
    while (idx < lines.length) {
      const l = lines[idx]!;
      if (isDocMarker(l)) return;
      if (l.text.trim() === '' || l.indent > indent || (l.indent === indent && isSeqItem(l.text)) || (l.indent === indent && l.text.startsWith('#'))) {
        idx++;
        continue;
      }
      return;
    }
  };

  const parseSequence = (indent: number, path: (string | number)[]): unknown[] => {
    const arr: unknown[] = [];
    for (;;) {
      const n = nextSignificant(idx);
      const line = lines[n];
      if (!line || isDocMarker(line) || line.indent < indent) break;
      checkTabs(line);
      if (line.indent > indent) throw new YamlError('unexpected indentation', at(line));
      if (!isSeqItem(line.text)) break;
      idx = n;
      const itemPath = [...path, arr.length];
      const after = line.text.slice(1);
      const pad = after.length - after.trimStart().length;
      const rest = after.trimStart();
      if (rest === '' || rest.startsWith('#')) {
        locations.set(pointerOf(itemPath), at(line));
        idx++;
        arr.push(parseNested(indent, false, itemPath));
        continue;
      }
      const col = line.indent + 1 + pad;
      // `- key: value` or `- - x`: the rest is a node at its own column; re-read it as a line
      if (isSeqItem(rest) || splitEntry(rest, { ...line, indent: col }, 0)) {
        lines[idx] = { no: line.no, indent: col, text: rest };
        arr.push(parseBlock(col, itemPath));
        continue;
      }
      arr.push(parseInline(rest, line, 1 + pad, indent, itemPath));
    }
    return arr;
  };

  /** a node that starts on the current line at `indent` */
  const parseBlock = (indent: number, path: (string | number)[]): unknown => {
    if (path.length > MAX_DEPTH) throw new YamlError(`nested deeper than ${MAX_DEPTH} levels`, at(lines[idx] ?? { no: 1, indent: 0, text: '' }));
    const n = nextSignificant(idx);
    const line = lines[n];
    if (!line) return null;
    idx = n;
    locations.set(pointerOf(path), at(line));
    if (isSeqItem(line.text)) return parseSequence(indent, path);
    if (splitEntry(line.text, line, 0)) return parseMapping(indent, path);
    // a lone scalar (document body or a value written on the line below its key)
    return parseInline(line.text, line, 0, indent - 1, path);
  };

  try {
    // leading `---` (and `%` directives before it)
    let n = nextSignificant(0);
    while (n < lines.length && lines[n]!.indent === 0 && lines[n]!.text.startsWith('%')) n = nextSignificant(n + 1);
    if (n < lines.length && isDocMarker(lines[n]!) && lines[n]!.text.startsWith('---')) {
      const after = lines[n]!.text.slice(3).trim();
      if (after !== '' && !after.startsWith('#')) throw new YamlError('content on the "---" line is not supported', at(lines[n]!, 4));
      n++;
    }
    idx = n;
    const first = lines[nextSignificant(idx)];
    let value: unknown = null;
    if (first && !isDocMarker(first)) {
      checkTabs(first);
      value = parseBlock(first.indent, []);
    }
    const rest = nextSignificant(idx);
    const tail = lines[rest];
    if (tail) {
      if (isDocMarker(tail)) {
        if (tail.text.startsWith('---')) warnings.push({ message: 'only the first YAML document is read', position: at(tail) });
      } else throw new YamlError(`unexpected content ${JSON.stringify(tail.text.trim())}`, at(tail));
    }
    if (opts.onlyKeys && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new YamlError('the document is not a mapping', { line: first?.no ?? 1, col: 1 });
    }
    return { ok: true, doc: { value, locations }, warnings };
  } catch (err) {
    if (err instanceof YamlError) return { ok: false, message: err.message, position: err.position };
    return { ok: false, message: err instanceof Error ? err.message : String(err), position: { line: (lines[idx]?.no ?? 1), col: 1 } };
  }
}
