/**
 * The one option parser, read the way a getopt caller reads it (only the options that take a
 * value listed): wrappers find the command they run and classifiers their operands from it.
 */
import { describe, expect, test } from 'vitest';
import { has, lastWins, parseOpts, parseTable, value, type OptSpec } from '../../../core/analysis/table';
import { compilePackageOptions } from '../../../core/analysis/package-options';
import type { Arg } from '../../../core/analysis/words';

const w = (...words: (string | null)[]): Arg[] => words.map((v) => (v === null ? { text: '$x', value: null, glob: false } : { text: v, value: v, glob: false }));
const texts = (args: readonly Arg[]) => args.map((a) => a.text);
const TIMEOUT: OptSpec = { stopAtOperand: true, shortWithValue: 'sk', longWithValue: ['signal', 'kill-after'] };

describe('parseOpts', () => {
  test('a short option that takes a value reads it attached or from the next word', () => {
    const p = parseOpts(w('-s', 'KILL', '-k5', '10', 'rm', '-rf', 'x'), TIMEOUT);
    expect(value(p, '-s')).toBe('KILL');
    expect(value(p, '-k')).toBe('5');
    expect(texts(p.rest)).toEqual(['10', 'rm', '-rf', 'x']);
    expect(p.operands).toEqual([]);
  });

  test('a long option takes `=value` or the next word; an abbreviation counts only with `=`', () => {
    expect(value(parseOpts(w('--signal', 'TERM', '1', 'ls'), TIMEOUT), '--signal')).toBe('TERM');
    expect(value(parseOpts(w('--sig=HUP', '1', 'ls'), TIMEOUT), '--signal')).toBe('HUP');
    // without `=` an abbreviation may be a flag the spec does not list: it is left as written
    const p = parseOpts(w('--sig', '1', 'ls'), TIMEOUT);
    expect(has(p, '--sig')).toBe(true);
    expect(texts(p.rest)).toEqual(['1', 'ls']);
  });

  test('clustered short flags before a value option: the rest of the word is its value', () => {
    const p = parseOpts(w('-vfk3', 'x'), TIMEOUT);
    expect(p.sequence).toEqual(['-v', '-f', '-k']);
    expect(value(p, '-k')).toBe('3');
  });

  test('`--` ends the options; without stopAtOperand options may follow operands', () => {
    const p = parseOpts(w('a', '-t', 'dir', 'b', '--', '-c'), { shortWithValue: 't' });
    expect(texts(p.operands)).toEqual(['a', 'b', '-c']);
    expect(value(p, '-t')).toBe('dir');
    expect(p.rest).toEqual([]);
    expect(texts(parseOpts(w('--', '-x', 'y'), TIMEOUT).rest)).toEqual(['-x', 'y']);
  });

  test('a run-time word where an option could be is reported, and stops a wrapper’s options', () => {
    const p = parseOpts(w('-s', 'KILL', null, 'ls'), TIMEOUT);
    expect(p.dynamicWord).toBe(true);
    expect(texts(p.rest)).toEqual(['$x', 'ls']);
    expect(parseOpts(w('--', null), TIMEOUT).dynamicWord).toBe(false);
  });

  test('the last of on/off wins', () => {
    const p = parseOpts(w('-n', '--no-dry-run'));
    expect(lastWins(p, ['-n', '--dry-run'], ['--no-dry-run'])).toBe(false);
    expect(lastWins(parseOpts(w('--no-dry-run', '-n')), ['-n', '--dry-run'], ['--no-dry-run'])).toBe(true);
  });

  test('a listed table still names an option it does not list as unknown (only the getopt reading is open)', () => {
    const t = { options: '-s= --signal=' };
    expect(parseTable(w('-x', 'a'), t, 'prog').unknowns).toHaveLength(1);
    expect(parseTable(w('-x', 'a'), { ...t, valueOptionsOnly: true }, 'prog').unknowns).toEqual([]);
  });

  test('an option that may or may not take the next word leaves a one-reading parse unknown, unless its value is attached', () => {
    const t = { options: '-p? --package?' };
    expect(parseTable(w('--package', 'x'), t, 'prog').unknowns).toHaveLength(1);
    expect(parseTable(w('-p', 'x'), t, 'prog').unknowns).toHaveLength(1);
    const attached = parseTable(w('--package=x', 'a', '-py', 'z'), t, 'prog');
    expect(attached.unknowns).toEqual([]);
    expect(texts(attached.operands)).toEqual(['a', 'z']);
    expect(attached.flags.get('--package')).toEqual(['x']);
    expect(attached.flags.get('-p')).toEqual(['y']);
  });
});

describe('package grammars in the table grammar', () => {
  test('flags, values, package values and maybes read as the package reader needs them', () => {
    expect(compilePackageOptions('-a --name= -e=P --pkg? --color[=] -?')).toEqual([
      { name: '-a', arity: 'flag', packageValue: false },
      { name: '--name', arity: 'value', packageValue: false },
      { name: '-e', arity: 'value', packageValue: true },
      { name: '--pkg', arity: 'maybe', packageValue: false },
      { name: '--color', arity: 'flag', packageValue: false },
      { name: '-?', arity: 'flag', packageValue: false },
    ]);
  });

  test('an effect or a two-value option in a package grammar is refused when the grammar is compiled', () => {
    expect(() => compilePackageOptions('-o=W')).toThrow(/flags, values and maybes only/);
    expect(() => compilePackageOptions('--arg==')).toThrow(/flags, values and maybes only/);
    expect(() => compilePackageOptions('-n=Q')).toThrow(/bad option token/);
  });
});
