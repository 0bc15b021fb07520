/**
 * The TOML reader of the hook files that are TOML (Kimi Code's config.toml, Mistral Vibe's
 * hooks.toml): the hooks list is found among the host's other settings, whatever those hold, and
 * a file that breaks the grammar is refused with its line:col.
 */
import { describe, expect, it } from 'vitest';
import { locate } from '../../../core/hooks/jsonc';
import { parseToml } from '../../../core/hooks/toml';

function value(text: string): unknown {
  const r = parseToml(text);
  if (!r.ok) throw new Error(`${r.position.line}:${r.position.col} ${r.message}`);
  return r.doc.value;
}

function error(text: string): string {
  const r = parseToml(text);
  if (r.ok) throw new Error('parsed');
  return `${r.position.line}:${r.position.col} ${r.message}`;
}

describe('parseToml', () => {
  it('reads [[hooks]] tables among a config file\'s other tables', () => {
    const text = [
      'default_model = "kimi-k2"  # the model',
      '',
      '[providers.lab]',
      'type = "openai_legacy"',
      'base_url = "http://127.0.0.1:9/v1"',
      '',
      '[[hooks]]',
      'event = "PreToolUse"',
      "matcher = 'Shell|WriteFile'",
      'command = "~/bin/guard.sh"',
      'timeout = 5',
      '',
      '[models."k2 big"]',
      'provider = "lab"',
      'max_context_size = 262_144',
      '',
      '[[hooks]]',
      'event = "Stop"',
      'command = """',
      'echo one',
      'echo "two" \\',
      '   three"""',
    ].join('\n');
    expect(value(text)).toEqual({
      default_model: 'kimi-k2',
      providers: { lab: { type: 'openai_legacy', base_url: 'http://127.0.0.1:9/v1' } },
      hooks: [
        { event: 'PreToolUse', matcher: 'Shell|WriteFile', command: '~/bin/guard.sh', timeout: 5 },
        { event: 'Stop', command: 'echo one\necho "two" three' },
      ],
      models: { 'k2 big': { provider: 'lab', max_context_size: 262144 } },
    });
  });

  it('a [[hooks]] line inside a multi-line string is text, not a header', () => {
    const text = ['notes = \'\'\'', '[[hooks]]', 'event = "PreToolUse"', "'''", '[[hooks]]', 'event = "Stop"', 'command = "x"'].join('\n');
    expect(value(text)).toEqual({ notes: '[[hooks]]\nevent = "PreToolUse"\n', hooks: [{ event: 'Stop', command: 'x' }] });
  });

  it('reads every value kind: escapes, numbers, booleans, dates, arrays over lines, inline and dotted tables', () => {
    const text = [
      's = "tab\\there \\u00e9 \\"q\\""',
      'lit = \'C:\\path\'',
      'n = [ -17, 0x1F, 0o17, 0b101, 1_000, 3.5e2, +inf ]',
      'flags = [',
      '  true, # first',
      '  false,',
      ']',
      'when = 1979-05-27T07:32:00Z',
      'day = 1979-05-27',
      'at = 07:32:00',
      'point = { x = 1, y.z = "2" }',
      'a.b.c = "dotted"',
      '[[hooks]]',
      'strict = true',
      'env = { HOME = "/h" }',
    ].join('\n');
    expect(value(text)).toEqual({
      s: 'tab\there é "q"',
      lit: 'C:\\path',
      n: [-17, 31, 15, 5, 1000, 350, Infinity],
      flags: [true, false],
      when: '1979-05-27T07:32:00Z',
      day: '1979-05-27',
      at: '07:32:00',
      point: { x: 1, y: { z: '2' } },
      a: { b: { c: 'dotted' } },
      hooks: [{ strict: true, env: { HOME: '/h' } }],
    });
  });

  it('remembers where each value is, for diagnostics', () => {
    const r = parseToml('x = 1\n\n[[hooks]]\nevent = "PreToolUse"\n  timeout = "5"\n[[hooks]]\ncommand = "b"\n');
    if (!r.ok) throw new Error(r.message);
    expect(locate(r.doc, ['hooks', 0, 'timeout'])).toEqual({ line: 5, col: 13 });
    expect(locate(r.doc, ['hooks', 1])).toEqual({ line: 6, col: 1 });
    expect(locate(r.doc, ['hooks', 1, 'command'])).toEqual({ line: 7, col: 11 });
  });

  it('refuses what breaks the grammar, with the place', () => {
    expect(error('a = 1\na = 2\n')).toBe('2:1 key "a" is already defined');
    expect(error('[t]\nx = 1\n[t]\n')).toBe('3:1 table "t" is defined twice');
    expect(error('hooks = []\n[[hooks]]\n')).toBe('2:1 "hooks" is already defined and is not an array of tables');
    expect(error('x = "open\n')).toBe('1:10 unterminated string');
    expect(error('x = bare\n')).toBe('1:5 bad value "bare"');
    expect(error('x = 1 y = 2\n')).toBe('1:7 expected the end of the line, found "y"');
    expect(error('x = "\\q"\n')).toBe('1:7 unknown escape \\q');
    expect(error('[[hooks]\n')).toBe('1:8 expected "]]" to close the header');
    expect(error('p = { a = 1 }\n[p]\n')).toBe('2:1 table "p" is defined twice');
  });

  it('an empty file is an empty table; a byte-order mark and CRLF line ends are read', () => {
    expect(value('')).toEqual({});
    expect(value('\ufeff[[hooks]]\r\nevent = "Stop"\r\n')).toEqual({ hooks: [{ event: 'Stop' }] });
  });
});
