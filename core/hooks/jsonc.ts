/**
 * The one JSON reader for hand-written files. It remembers where every value starts, so config
 * diagnostics can say `line:col`, and where every value ends, so the installer can splice its
 * edits into the person's text. It also accepts `//` and `/* *\/` comments and trailing commas
 * (stopline.json is hand-written; the hosts' own files are strict JSON and parse the same way).
 */
import type { Position } from './types';

export type JsonPath = readonly (string | number)[];

export interface LocatedDocument {
  value: unknown;
  /** start position of every value, keyed by pointerOf(path) */
  locations: Map<string, Position>;
}

/** One value of the text with its span (offsets into the text, `end` just past the value). */
export type JsonNode = ObjectNode | ArrayNode | ScalarNode;
export interface ObjectNode {
  type: 'object';
  start: number;
  end: number;
  props: PropNode[];
}
export interface PropNode {
  key: string;
  keyStart: number;
  value: JsonNode;
}
export interface ArrayNode {
  type: 'array';
  start: number;
  end: number;
  items: JsonNode[];
}
interface ScalarNode {
  type: 'scalar';
  start: number;
  end: number;
  value: string | number | boolean | null;
}

type JsoncResult =
  | { ok: true; doc: LocatedDocument; root: JsonNode; warnings: { message: string; position: Position }[] }
  | { ok: false; message: string; position: Position };

/** `/hooks/PreToolUse/0/matcher` (RFC 6901 escaping). */
export function pointerOf(path: JsonPath): string {
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Position of the value at `path`, or of its nearest located ancestor. */
export function locate(doc: LocatedDocument, path: JsonPath): Position | undefined {
  for (let n = path.length; n >= 0; n--) {
    const hit = doc.locations.get(pointerOf(path.slice(0, n)));
    if (hit) return hit;
  }
  return undefined;
}

/** config files are shallow; a limit keeps hostile input from costing stack and time */
export const MAX_DEPTH = 256;

class JsonError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Offset -> line:col (both from 1) in one text, by a binary search over its line starts. */
export function positionsOf(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - lineStarts[lo]! + 1 };
  };
}

export function parseJsonc(text: string): JsoncResult {
  const posAt = positionsOf(text);

  const locations = new Map<string, Position>();
  const warnings: { message: string; position: Position }[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skip = (): void => {
    for (;;) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else if (c === '/' && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) throw new JsonError('unterminated comment', i);
        i = end + 2;
      } else return;
    }
  };

  const describe = (at: number): string => (at >= text.length ? 'end of file' : JSON.stringify(text[at]));

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= text.length) throw new JsonError('unterminated string', start);
      const c = text[i]!;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\n') throw new JsonError('line break inside a string', i);
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else throw new JsonError('bad escape in string', i);
        continue;
      }
      out += c;
      i++;
    }
  };

  /** Step past a container's closing bracket and record where it ends. */
  const close = <T extends ObjectNode | ArrayNode>(node: T): T => {
    i++;
    node.end = i;
    return node;
  };

  /** After an item: true when `bracket` closes the container here (a trailing comma allowed), false when another item follows. */
  const atClose = (bracket: string): boolean => {
    skip();
    if (text[i] === ',') {
      i++;
      skip();
      return text[i] === bracket;
    }
    if (text[i] === bracket) return true;
    throw new JsonError(`expected ',' or '${bracket}', found ${describe(i)}`, i);
  };

  const parseValue = (path: (string | number)[]): JsonNode => {
    skip();
    if (path.length > MAX_DEPTH) throw new JsonError(`nested deeper than ${MAX_DEPTH} levels`, i);
    locations.set(pointerOf(path), posAt(i));
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: ObjectNode = { type: 'object', start, end: start, props: [] };
      const seen = new Set<string>();
      skip();
      if (text[i] === '}') return close(obj);
      for (;;) {
        skip();
        if (text[i] !== '"') throw new JsonError(`expected a quoted key, found ${describe(i)}`, i);
        const keyAt = i;
        const key = parseString();
        skip();
        if (text[i] !== ':') throw new JsonError(`expected ':' after key "${key}", found ${describe(i)}`, i);
        i++;
        if (seen.has(key)) warnings.push({ message: `duplicate key "${key}"; the last one wins`, position: posAt(keyAt) });
        seen.add(key);
        path.push(key);
        obj.props.push({ key, keyStart: keyAt, value: parseValue(path) });
        path.pop();
        if (atClose('}')) return close(obj);
      }
    }
    if (c === '[') {
      i++;
      const arr: ArrayNode = { type: 'array', start, end: start, items: [] };
      skip();
      if (text[i] === ']') return close(arr);
      for (;;) {
        path.push(arr.items.length);
        arr.items.push(parseValue(path));
        path.pop();
        if (atClose(']')) return close(arr);
      }
    }
    if (c === '"') {
      const value = parseString();
      return { type: 'scalar', start, end: i, value };
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (m) {
      i += m[0].length;
      const value = m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'null' ? null : Number(m[0]);
      return { type: 'scalar', start, end: i, value };
    }
    throw new JsonError(`unexpected ${describe(i)}`, i);
  };

  try {
    const root = parseValue([]);
    skip();
    if (i < text.length) throw new JsonError(`unexpected ${describe(i)} after the end of the document`, i);
    return { ok: true, doc: { value: nodeValue(root), locations }, root, warnings };
  } catch (err) {
    if (err instanceof JsonError) return { ok: false, message: err.message, position: posAt(err.offset) };
    // deeply nested input can overflow the stack; report it instead of crashing
    return { ok: false, message: err instanceof Error ? err.message : String(err), position: posAt(i) };
  }
}

/** The plain value of a node (what JSON.parse gives, comments dropped; the last duplicate key wins). */
export function nodeValue(node: JsonNode): unknown {
  if (node.type === 'scalar') return node.value;
  if (node.type === 'array') return node.items.map(nodeValue);
  const out: Record<string, unknown> = {};
  // a key such as "__proto__" is a plain member, as in JSON.parse
  for (const p of node.props) Object.defineProperty(out, p.key, { value: nodeValue(p.value), enumerable: true, writable: true, configurable: true });
  return out;
}
