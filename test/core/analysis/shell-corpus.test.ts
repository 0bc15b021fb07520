/**
 * The bypass corpus (test/corpus/shell-corpus.json): every command string with its expected
 * class and affected paths. The one invariant that matters most: a command that can change
 * the file system is never classified `read`.
 */
import { describe, expect, it } from 'vitest';
import corpus from '../../corpus/shell-corpus.json';
import { analyzeShell } from '../../../core/analysis/shell';
import { analyzePowerShell } from '../../../core/analysis/powershell';

interface Case {
  family: string;
  cmd: string;
  class: 'read' | 'write' | 'unknown';
  paths?: string[] | null;
  shell?: 'posix' | 'powershell';
  mutates: boolean;
  note?: string;
}

const { cwd, home } = corpus._meta;
const cases = corpus.cases as Case[];

function run(c: Case) {
  return c.shell === 'powershell' ? analyzePowerShell(c.cmd, { cwd, home }) : analyzeShell(c.cmd, { cwd, home });
}

describe('shell corpus', () => {
  it('has at least 250 command strings across the required families', () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
    const families = new Set(cases.map((c) => c.family));
    for (const f of ['read', 'write', 'redirect', 'wrapper', 'computed', 'interpreter', 'interactive', 'git', 'package', 'powershell', 'reentry', 'robust']) {
      expect(families.has(f), f).toBe(true);
    }
  });

  it.each(cases.map((c) => [`${c.family}: ${JSON.stringify(c.cmd)}`, c] as const))('%s', (_label, c) => {
    const r = run(c);
    const detail = r.segments.map((s) => `${s.program}:${s.mutability} ${JSON.stringify(s.paths)} — ${s.why}`).join('\n');
    expect(r.mutability, detail).toBe(c.class);
    if (c.mutates) expect(r.mutability, `a mutating command classified read\n${detail}`).not.toBe('read');
    if (c.paths !== undefined) {
      if (c.paths === null) expect(r.affectedPaths, detail).toBeNull();
      else expect([...(r.affectedPaths ?? ['<null>'])].sort(), detail).toEqual([...c.paths].sort());
    }
  });
});
