import { describe, expect, it } from 'vitest';
import { parseYaml, resolvePlainScalar } from '../../../core/hooks/yaml';

function value(text: string, opts?: { onlyKeys?: string[] }): unknown {
  const r = parseYaml(text, opts);
  if (!r.ok) throw new Error(`${r.position.line}:${r.position.col} ${r.message}`);
  return r.doc.value;
}

function failure(text: string): { message: string; at: string } {
  const r = parseYaml(text);
  if (r.ok) throw new Error('expected a parse error');
  return { message: r.message, at: `${r.position.line}:${r.position.col}` };
}

describe('YAML subset reader', () => {
  it('reads a Hermes hooks section with nested mappings, sequences and comments', () => {
    const text = [
      '# Hermes config',
      'model: anthropic/claude-sonnet-4.6',
      'hooks:',
      '  pre_tool_call:   # guard writes',
      '    - matcher: "write_file|patch"',
      '      command: ~/.hermes/agent-hooks/guard.sh',
      '      timeout: 10',
      "    - command: 'echo it''s fine'",
      '  post_tool_call:',
      '  - command: log.sh   # compact sequence at the key indent',
      'hooks_auto_accept: false',
    ].join('\n');
    expect(value(text)).toEqual({
      model: 'anthropic/claude-sonnet-4.6',
      hooks: {
        pre_tool_call: [
          { matcher: 'write_file|patch', command: '~/.hermes/agent-hooks/guard.sh', timeout: 10 },
          { command: "echo it's fine" },
        ],
        post_tool_call: [{ command: 'log.sh' }],
      },
      hooks_auto_accept: false,
    });
  });

  it('resolves plain scalars like PyYAML (YAML 1.1)', () => {
    expect(resolvePlainScalar('yes')).toBe(true);
    expect(resolvePlainScalar('Off')).toBe(false);
    expect(resolvePlainScalar('~')).toBe(null);
    expect(resolvePlainScalar('')).toBe(null);
    expect(resolvePlainScalar('42')).toBe(42);
    expect(resolvePlainScalar('-7')).toBe(-7);
    expect(resolvePlainScalar('2.5')).toBe(2.5);
    expect(resolvePlainScalar('1e3')).toBe('1e3'); // PyYAML needs a dot for floats
    expect(resolvePlainScalar('0x1f')).toBe(31);
    expect(resolvePlainScalar('write_file|patch')).toBe('write_file|patch');
    expect(resolvePlainScalar('.inf')).toBe(Infinity);
  });

  it('keeps quoted scalars as strings and decodes double-quoted escapes', () => {
    expect(value('a: "yes"\nb: \'42\'\nc: "tab\\there \\u00e9 \\"q\\""')).toEqual({ a: 'yes', b: '42', c: 'tab\there é "q"' });
  });

  it('strips comments only when preceded by whitespace', () => {
    expect(value('url: http://x/#frag # trailing\ncmd: "a # b"')).toEqual({ url: 'http://x/#frag', cmd: 'a # b' });
  });

  it('reads literal and folded block scalars with chomping', () => {
    const text = ['cmd: |', '  echo one', '    indented', '', '  echo two', 'fold: >-', '  a', '  b', '', '  c', 'keep: |+', '  x', '', 'end: 1'].join('\n');
    expect(value(text)).toEqual({ cmd: 'echo one\n  indented\n\necho two\n', fold: 'a b\nc', keep: 'x\n\n', end: 1 });
  });

  it('reads one-line flow collections', () => {
    expect(value('a: []\nb: {}\nc: [x, "y, z", 3]\nd: {k: v, n: [1, 2]}')).toEqual({ a: [], b: {}, c: ['x', 'y, z', 3], d: { k: 'v', n: [1, 2] } });
  });

  it('reads nested sequences and null items', () => {
    expect(value('- - a\n  - b\n- \n- c: 1\n  d: 2')).toEqual([['a', 'b'], null, { c: 1, d: 2 }]);
  });

  it('handles document markers and CRLF line ends', () => {
    expect(value('---\r\na: 1\r\nb: 2\r\n...\r\n')).toEqual({ a: 1, b: 2 });
  });

  it('records the position of every value', () => {
    const r = parseYaml('hooks:\n  pre_tool_call:\n    - matcher: "["\n      command: x\n');
    if (!r.ok) throw new Error(r.message);
    expect(r.doc.locations.get('/hooks/pre_tool_call/0/matcher')).toEqual({ line: 3, col: 16 });
    expect(r.doc.locations.get('/hooks/pre_tool_call/0/command')).toEqual({ line: 4, col: 16 });
  });

  it('reports duplicate keys as warnings (last wins)', () => {
    const r = parseYaml('a: 1\na: 2');
    expect(r.ok && r.doc.value).toEqual({ a: 2 });
    expect(r.ok && r.warnings[0]).toMatchObject({ message: expect.stringContaining('duplicate key "a"'), position: { line: 2, col: 1 } });
  });

  it.each([
    ['anchors', 'a: &x 1', 'anchors', '1:4'],
    ['aliases', 'a: *x', 'aliases', '1:4'],
    ['tags', 'a: !!str 1', 'tags', '1:4'],
    ['tabs', 'a:\n\tb: 1', 'tab', '2:1'],
    ['unclosed quote', 'a: "open', 'does not close', '1:4'],
    ['multi-line flow', 'a: [1,\n  2]', 'multi-line flow', '1:7'],
    ['multi-line plain', 'a: one\n  two', 'multi-line plain', '2:3'],
    ['bad indentation', 'a:\n    b: 1\n  c: 2', 'unexpected', '3:3'],
    ['not a mapping entry', 'a: 1\njust text', 'expected "key: value"', '2:1'],
  ])('refuses %s with a position', (_name, text, message, at) => {
    const f = failure(text);
    expect(f.message).toContain(message);
    expect(f.at).toBe(at);
  });

  it('onlyKeys skips other top-level sections unparsed', () => {
    const text = ['anchors: &base', '  x: 1', 'other: *base', 'list:', '- [unclosed', 'hooks:', '  pre_tool_call:', '    - command: ok.sh', 'tail: |', '  text'].join('\n');
    expect(parseYaml(text).ok).toBe(false);
    expect(value(text, { onlyKeys: ['hooks'] })).toEqual({ hooks: { pre_tool_call: [{ command: 'ok.sh' }] } });
  });

  it('refuses very deep flow nesting instead of overflowing the stack', () => {
    expect(failure('a: ' + '['.repeat(50000)).message).toContain('nested deeper than 256 levels');
  });

  it('reads an empty document as null', () => {
    expect(value('# only a comment\n')).toBe(null);
    expect(value('')).toBe(null);
  });
});
