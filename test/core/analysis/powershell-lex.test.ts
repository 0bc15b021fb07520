/**
 * The PowerShell lexer (core/analysis/powershell-lex.ts): a typed token tree with positions, nested
 * code carried as tokens, and a collected error list instead of exceptions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexPowerShell, type PsToken } from '../../../core/analysis/powershell-lex';
import { MAX_NESTING } from '../../../core/analysis/limits';

const kinds = (toks: PsToken[]) => toks.map((t) => t.t);

describe('PowerShell lexer', () => {
  it('gives words, operators, redirections and positions', () => {
    const src = 'Get-Content a.txt | Set-Content -Path "b $HOME.txt" 2> err.txt; ls';
    const r = lexPowerShell(src, { home: '/h' });
    expect(r.errors).toEqual([]);
    expect(kinds(r.tokens)).toEqual(['word', 'word', 'op', 'word', 'word', 'word', 'redir', 'word', 'op', 'word']);
    const path = r.tokens[5]!;
    expect(path.t === 'word' && path.value).toBe('b /h.txt');
    for (const t of r.tokens) expect(src.slice(t.start, t.end).length).toBe(t.end - t.start);
    expect(src.slice(r.tokens[0]!.start, r.tokens[0]!.end)).toBe('Get-Content');
    expect(src.slice(r.tokens[6]!.start, r.tokens[6]!.end)).toBe('2>');
  });

  it('carries sub-expressions, script blocks and $(…) in strings as nested token lists', () => {
    const r = lexPowerShell('Get-ChildItem | ForEach-Object { Remove-Item $_ } ; "x $(Set-Content y z)"');
    const block = r.tokens.find((t) => t.t === 'block');
    expect(block && block.t === 'block' && block.body.tokens && kinds(block.body.tokens)).toEqual(['word', 'word']);
    const str = r.tokens[r.tokens.length - 1]!;
    expect(str.t).toBe('word');
    if (str.t === 'word') {
      expect(str.value).toBeNull();
      expect(str.code).toHaveLength(1);
      expect(str.code[0]!.source).toBe('Set-Content y z');
      expect(str.code[0]!.tokens && kinds(str.code[0]!.tokens)).toEqual(['word', 'word', 'word']);
    }
  });

  it('collects what it cannot read with its position instead of throwing', () => {
    const r = lexPowerShell('ls ) ; Get-Item (');
    expect(r.errors).toEqual([
      { message: 'unbalanced )', pos: 3 },
      { message: 'unbalanced (', pos: 16 },
    ]);
    expect(r.allErrors).toEqual(r.errors);
    expect(kinds(r.tokens)).toEqual(['word', 'op', 'word', 'sub']);
    // an error inside nested code is that piece's own, at its place in the whole command
    const nested = lexPowerShell('gci | % { $x.Y( }');
    const block = nested.tokens.find((t) => t.t === 'block');
    expect(block && block.t === 'block' && block.body.errors.length + nested.errors.length).toBeGreaterThan(0);
    for (const e of nested.allErrors) expect(e.pos).toBeLessThanOrEqual('gci | % { $x.Y( }'.length);
  });

  it('keeps pieces past the nesting bound as text only', () => {
    const deep = '('.repeat(MAX_NESTING + 4) + 'ls' + ')'.repeat(MAX_NESTING + 4);
    let toks: PsToken[] | null = lexPowerShell(deep).tokens;
    let level = 0;
    while (toks && toks[0] && toks[0].t === 'sub') {
      toks = toks[0].body.tokens;
      level++;
    }
    expect(toks).toBeNull();
    expect(level).toBe(MAX_NESTING + 1);
  });

  it('never throws, and every token and error lies inside the source', () => {
    const alphabet = fc.constantFrom(...'ab $(){}[]@\'"`#;|&><:-_.,=\n\t*12'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')), (src) => {
        const r = lexPowerShell(src);
        const check = (toks: PsToken[] | null) => {
          for (const t of toks ?? []) {
            expect(t.start).toBeGreaterThanOrEqual(0);
            expect(t.end).toBeLessThanOrEqual(src.length);
            if (t.t === 'sub' || t.t === 'block') check(t.body.tokens);
            if (t.t === 'word') for (const c of t.code) check(c.tokens);
          }
        };
        check(r.tokens);
        for (const e of r.allErrors) expect(e.pos).toBeLessThanOrEqual(src.length);
      }),
      { numRuns: 500 },
    );
  });
});
