import { describe, expect, it } from 'vitest';
import { locate, parseJsonc, type JsonNode } from '../../../core/hooks/jsonc';

describe('JSONC reader', () => {
  it('parses strict JSON exactly like JSON.parse', () => {
    const text = '{"a":[1,2.5,-3e2,true,false,null],"b":{"c":"x\\n\\u00e9"}}';
    const r = parseJsonc(text);
    expect(r.ok && r.doc.value).toEqual(JSON.parse(text));
  });

  it('accepts comments and trailing commas', () => {
    const r = parseJsonc('// header\n{\n  /* block */ "a": [1, 2,],\n  "b": "//not a comment", // tail\n}\n');
    expect(r.ok && r.doc.value).toEqual({ a: [1, 2], b: '//not a comment' });
  });

  it('locates values by path and falls back to the nearest parent', () => {
    const r = parseJsonc('{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": 5 }\n    ]\n  }\n}');
    if (!r.ok) throw new Error(r.message);
    expect(locate(r.doc, ['hooks', 'PreToolUse', 0, 'matcher'])).toEqual({ line: 4, col: 20 });
    expect(locate(r.doc, ['hooks', 'PreToolUse', 0, 'hooks'])).toEqual({ line: 4, col: 7 });
  });

  it.each([
    ['{"a": 1,, }', 'expected a quoted key', '1:9'],
    ['{"a": 1}\n{"b": 2}', 'after the end of the document', '2:1'],
    ['{\n  "a": "open\n}', 'line break inside a string', '2:13'],
    ['{"a": tru}', 'unexpected', '1:7'],
    ['[1 2]', "expected ',' or ']'", '1:4'],
    ['{"a": 1 /* never closed', 'unterminated comment', '1:9'],
    ['', 'end of file', '1:1'],
  ])('reports %j with line:col', (text, message, at) => {
    const r = parseJsonc(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain(message);
      expect(`${r.position.line}:${r.position.col}`).toBe(at);
    }
  });

  it('gives every value its span in the text, so an edit can splice the text the person wrote', () => {
    const text = '{ // mine\n  "a": [1, "two",],\n  "b": {"c": null}\n}';
    const r = parseJsonc(text);
    if (!r.ok) throw new Error(r.message);
    const spans = (n: JsonNode): string[] => [text.slice(n.start, n.end), ...(n.type === 'object' ? n.props.flatMap((p) => [text.slice(p.keyStart, p.keyStart + p.key.length + 2), ...spans(p.value)]) : n.type === 'array' ? n.items.flatMap(spans) : [])];
    expect(spans(r.root)).toEqual([text, '"a"', '[1, "two",]', '1', '"two"', '"b"', '{"c": null}', '"c"', 'null']);
  });

  it('warns on duplicate keys and keeps the last', () => {
    const r = parseJsonc('{"a": 1,\n "a": 2}');
    expect(r.ok && r.doc.value).toEqual({ a: 2 });
    expect(r.ok && r.warnings).toEqual([{ message: 'duplicate key "a"; the last one wins', position: { line: 2, col: 2 } }]);
  });

  it('does not let "__proto__" keys change the prototype', () => {
    const r = parseJsonc('{"__proto__": {"polluted": true}}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.getPrototypeOf(r.doc.value)).toBe(Object.prototype);
      expect(Object.keys(r.doc.value as object)).toEqual(['__proto__']);
    }
  });

  it('refuses very deep nesting quickly instead of overflowing the stack', () => {
    const t0 = Date.now();
    const r = parseJsonc('['.repeat(100000));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('nested deeper than 256 levels');
    expect(Date.now() - t0).toBeLessThan(500);
  });
});
