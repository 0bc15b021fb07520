/**
 * Robustness: arbitrary input never throws and always yields a well-formed analysis;
 * a mutating command stays write/unknown however it is wrapped; the documented limits
 * (length, nesting depth, segment count) turn into `unknown`, never a crash or `read`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { analyzePowerShell } from '../../../core/analysis/powershell';
import { MAX_COMMAND_CHARS, MAX_NESTING, MAX_SEGMENTS } from '../../../core/analysis/limits';
import type { ShellAnalysis } from '../../../core/analysis/types';

const opts = { cwd: '/home/dev/project', home: '/home/dev' };

function wellFormed(r: ShellAnalysis): void {
  expect(['read', 'write', 'unknown']).toContain(r.mutability);
  if (r.mutability === 'unknown') expect(r.affectedPaths).toBeNull();
  if (r.mutability === 'read') expect(r.affectedPaths).toEqual([]);
  expect(typeof r.dependencyIntent).toBe('boolean');
  expect(typeof r.hashIntent).toBe('boolean');
  expect(r.delegationCount).toBe(0);
  for (const s of r.segments) expect(typeof s.why).toBe('string');
}

const SHELL_CHARS = fc.constantFrom(...'abrmx $(){}[]|&;<>"\'`\\\n\t*?~=#!-./0123456789@%^'.split(''));

describe('never throws', () => {
  it('on random shell-ish strings', () => {
    fc.assert(
      fc.property(fc.array(SHELL_CHARS, { maxLength: 120 }).map((a) => a.join('')), (s) => {
        wellFormed(analyzeShell(s, opts));
        wellFormed(analyzePowerShell(s, opts));
      }),
      { numRuns: 1500 },
    );
  });

  it('on random unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        wellFormed(analyzeShell(s, opts));
        wellFormed(analyzePowerShell(s, opts));
      }),
      { numRuns: 500 },
    );
  });

  it('on non-strings', () => {
    for (const v of [undefined, null, 42, {}, [], Symbol.iterator]) {
      const r = analyzeShell(v as unknown as string, opts);
      expect(r.mutability).toBe('unknown');
      expect(analyzePowerShell(v as unknown as string, opts).mutability).toBe('unknown');
    }
  });
});

const MUTATING = ['rm -rf build', 'touch a', 'mv a b', 'cp a b', 'sed -i s/a/b/ f', 'echo x > f', 'git reset --hard', 'npm install x', 'python -c "x"', 'chmod +x f', 'tar xf a.tar', 'dd of=disk bs=1', 'git clean -fd', 'truncate -s0 f', 'ln -s a b', 'find . -delete'];

/** Ways to embed a command; each keeps it executing. */
const WRAPS: ((c: string) => string)[] = [
  (c) => `sudo ${c}`,
  (c) => `timeout 5 ${c}`,
  (c) => `env FOO=1 ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `nohup ${c}`,
  (c) => `command ${c}`,
  (c) => `stdbuf -o0 ${c}`,
  (c) => `FOO=bar ${c}`,
  (c) => `(${c})`,
  (c) => `{ ${c}; }`,
  (c) => `true && ${c}`,
  (c) => `false || ${c}`,
  (c) => `ls | ${c}`,
  (c) => `${c} | cat`,
  (c) => `echo $(${c})`,
  (c) => `if true; then ${c}; fi`,
  (c) => `for i in 1; do ${c}; done`,
  (c) => `f() { ${c}; }; f`,
  (c) => `bash -c '${c.replace(/'/g, `'\\''`)}'`,
  (c) => `sh -c "${c.replace(/["\\$`]/g, '\\$&')}"`,
  (c) => `cd sub && ${c}`,
  (c) => `${c} 2>/dev/null`,
  (c) => `${c} &`,
  (c) => `bash <<'EOS'\n${c}\nEOS`,
  (c) => `eval '${c.replace(/'/g, `'\\''`)}'`,
  (c) => `echo \`${c.replace(/[`\\]/g, '\\$&')}\``,
  (c) => `echo x | xargs -I{} sh -c '${c.replace(/'/g, `'\\''`)}'`,
  (c) => `find . -maxdepth 0 -exec sh -c '${c.replace(/'/g, `'\\''`)}' \\;`,
  (c) => `watch -n 1 -x sh -c '${c.replace(/'/g, `'\\''`)}'`,
  (c) => `sudo -u nobody env -C /tmp ${c}`,
];

describe('mutating commands stay write/unknown under any wrapping', () => {
  it('random stacks of wrappers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MUTATING), fc.array(fc.integer({ min: 0, max: WRAPS.length - 1 }), { maxLength: 4 }), (base, wraps) => {
        let cmd = base;
        for (const i of wraps) cmd = WRAPS[i]!(cmd);
        const r = analyzeShell(cmd, opts);
        expect(r.mutability, cmd).not.toBe('read');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('limits', () => {
  it(`a command longer than ${MAX_COMMAND_CHARS} characters is unknown`, () => {
    const r = analyzeShell('ls ' + 'a'.repeat(MAX_COMMAND_CHARS), opts);
    expect(r.mutability).toBe('unknown');
    expect(r.unknownReasons.join()).toMatch(/longer than/);
    expect(analyzePowerShell('gci ' + 'a'.repeat(MAX_COMMAND_CHARS), opts).mutability).toBe('unknown');
  });

  it(`shell re-entry deeper than ${MAX_NESTING} levels is unknown`, () => {
    let cmd = 'ls';
    for (let i = 0; i < MAX_NESTING + 3; i++) cmd = `bash -c ${JSON.stringify(cmd)}`;
    const r = analyzeShell(cmd, opts);
    expect(r.mutability).toBe('unknown');
    expect(r.unknownReasons.join()).toMatch(/nested deeper/);
  });

  it('shallow re-entry is still followed', () => {
    let cmd = 'rm deep.txt';
    for (let i = 0; i < MAX_NESTING - 2; i++) cmd = `bash -c ${JSON.stringify(cmd)}`;
    expect(analyzeShell(cmd, opts).affectedPaths).toEqual(['deep.txt']);
  });

  it('deep command substitution nesting is unknown, not a stack overflow', () => {
    const cmd = 'echo ' + '$('.repeat(300) + 'rm x' + ')'.repeat(300);
    const r = analyzeShell(cmd, opts);
    expect(r.mutability).not.toBe('read');
  });

  it('deep subshell nesting does not crash', () => {
    const cmd = '( '.repeat(400) + 'rm x' + ' )'.repeat(400);
    expect(analyzeShell(cmd, opts).mutability).not.toBe('read');
  });

  it(`more than ${MAX_SEGMENTS} segments: the rest is unknown`, () => {
    const r = analyzeShell('true;'.repeat(MAX_SEGMENTS + 50), opts);
    expect(r.mutability).toBe('unknown');
    expect(r.segments.length).toBe(MAX_SEGMENTS + 1);
  });

  it('PowerShell script-block nesting past the limit is unknown', () => {
    const cmd = 'ForEach-Object { '.repeat(MAX_NESTING + 3) + 'Get-Content a' + ' }'.repeat(MAX_NESTING + 3);
    expect(analyzePowerShell(cmd, opts).mutability).toBe('unknown');
  });
});
