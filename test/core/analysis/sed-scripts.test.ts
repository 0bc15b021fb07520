/**
 * The sed script reader over generated scripts: every s/// flag combination and delimiter,
 * with and without a `w file`, addresses and several commands. An in-place edit's targets must
 * always be proven (the files named on the command line, plus any `w` file), whatever letters
 * the pattern or replacement contain; `e` makes the command unknown; a plain print is a read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { sedEffects } from '../../../core/analysis/scripts';

const cwd = '/home/dev/project';
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const DELIMS = ['/', '|', '#', ',', ':', '@', '!', '%', '_', '~', 'x', 'e', 'w', 's', 'g'];
const FLAGS = ['g', 'p', 'i', 'I', 'm', 'M', '2'];
/** pattern / replacement text: letters (e, w, s included on purpose), digits, regex syntax, escapes */
const text = (delim: string) =>
  fc
    .array(fc.constantFrom('a', 'e', 'w', 'W', 's', 'g', 'p', 'x', '1', '.', '*', '^', ' ', '[a-z]', '\\(', '\\)', '\\1', '&', '\\n', '-', '=', '>'), { maxLength: 8 })
    .map((parts) => parts.join('').split(delim).join('\\' + delim));

const flagSet = fc.subarray(FLAGS).chain((fs) => fc.shuffledSubarray(fs, { minLength: fs.length, maxLength: fs.length })).map((fs) => fs.join(''));

const substitution = fc
  .record({ delim: fc.constantFrom(...DELIMS), flags: flagSet, address: fc.constantFrom('', '1', '$', '2,5', '/start/', '/a/,/b/', '1~2', '3!') })
  .chain(({ delim, flags, address }) => fc.record({ pattern: text(delim), replacement: text(delim) }).map(({ pattern, replacement }) => ({ delim, flags, address, pattern, replacement })))
  .filter((s) => !(s.delim === '\\' || (/[a-zA-Z]/.test(s.delim) && (s.pattern + s.replacement).includes(s.delim))));

function render(s: { delim: string; flags: string; address: string; pattern: string; replacement: string }): string {
  return `${s.address}s${s.delim}${s.pattern}${s.delim}${s.replacement}${s.delim}${s.flags}`;
}

describe('sed scripts', () => {
  it('an in-place substitution proves its targets for every flag combination and delimiter', () => {
    fc.assert(
      fc.property(fc.array(substitution, { minLength: 1, maxLength: 3 }), fc.constantFrom('-i', '-i.bak', '--in-place', '-Ei', '-n -i', '-i -e'), (subs, flag) => {
        const script = subs.map(render).join('; ');
        const lead = flag.endsWith('-e') ? flag : flag;
        const cmd = `sed ${lead} ${quote(script)} src/a.txt notes.md`;
        const r = analyzeShell(cmd, { cwd });
        expect(r.mutability, `${cmd}\n${r.segments.map((s) => s.why).join('\n')}`).toBe('write');
        // -i.bak keeps each original as FILE.bak beside it: a write too
        const backups = flag === '-i.bak' ? ['notes.md.bak', 'src/a.txt.bak'] : [];
        expect([...(r.affectedPaths ?? ['<unproven>'])].sort(), cmd).toEqual(['notes.md', 'src/a.txt', ...backups].sort());
      }),
      { numRuns: 400 },
    );
  });

  it('a substitution without -i is a read, and its w file is a proven write', () => {
    fc.assert(
      fc.property(substitution, fc.boolean(), (sub, withW) => {
        const script = render(sub) + (withW ? 'w out.txt' : '');
        const r = analyzeShell(`sed ${quote(script)} in.txt`, { cwd });
        if (withW) {
          expect(r.mutability, script).toBe('write');
          expect(r.affectedPaths, script).toEqual(['out.txt']);
        } else expect(r.mutability, script).toBe('read');
      }),
      { numRuns: 400 },
    );
  });

  it('the e flag and the e command run commands: unknown', () => {
    fc.assert(
      fc.property(substitution, (sub) => {
        const withE = { ...sub, flags: sub.flags + 'e' };
        expect(analyzeShell(`sed ${quote(render(withE))} in.txt`, { cwd }).mutability).toBe('unknown');
        expect(analyzeShell(`sed ${quote(`${render(sub)}; 1e touch x`)} in.txt`, { cwd }).mutability).toBe('unknown');
      }),
      { numRuns: 200 },
    );
  });

  it('reads w/W commands, devices and unreadable scripts', () => {
    expect(sedEffects('/x/w a.txt\n/y/W b.txt').writes).toEqual(['a.txt', 'b.txt']);
    expect(sedEffects('s/a/b/w /dev/stdout').writes).toEqual([]);
    expect(sedEffects('s/a/b').unreadable).toBeDefined();
    expect(sedEffects('1{p;q}').unreadable).toBeUndefined();
    expect(sedEffects('$!N;P;D').writes).toEqual([]);
    expect(sedEffects('a\\\nappended w not-a-file').writes).toEqual([]);
    expect(analyzeShell("sed -i 's/hello/world/' notes.txt", { cwd }).affectedPaths).toEqual(['notes.txt']);
  });
});
