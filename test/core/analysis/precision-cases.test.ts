/**
 * The generated precision cases (test/corpus/precision/cases.tsv, made by generate.mjs): the
 * classes where the analysis was wrong in either direction. A mutating row (M) is never `read`,
 * and an install row (family deps) always carries dependency intent; a read (R) is `read`. The
 * committed file must be what the generator writes. test/oracle/precision.test.ts runs the rows
 * CI can run and checks the labels against what the commands do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { CASES, generate, toTsv } from '../../corpus/precision/generate.mjs';
import { readSet } from '../../corpus/redteam/sets.mjs';

const cwd = '/home/dev/project';
const home = '/home/dev';
const rows = readSet(readFileSync(CASES, 'utf8'));

describe('precision cases', () => {
  it('are what the generator writes', () => {
    expect(readFileSync(CASES, 'utf8')).toBe(toTsv(generate()));
  });

  it('cover every class with reads and writes', () => {
    for (const family of ['deps', 'family', 'ro-mode', 'no-table', 'backups']) expect(rows.filter((r) => r.family === family).length, family).toBeGreaterThan(30);
    expect(rows.filter((r) => r.kind === 'R').length).toBeGreaterThan(250);
    expect(new Set(rows.map((r) => r.cmd)).size).toBe(rows.length);
  });

  it.each(rows.map((r) => [`${r.kind} ${r.family}: ${r.cmd}`, r] as const))('%s', (_label, r) => {
    const a = analyzeShell(r.cmd, { cwd, home });
    const detail = a.segments.map((s) => `${s.program}:${s.mutability} ${JSON.stringify(s.paths)} — ${s.why}`).join('\n');
    if (r.kind === 'M') expect(a.mutability, `a mutating command classified read\n${detail}`).not.toBe('read');
    else expect(a.mutability, detail).toBe('read');
    if (r.family === 'deps') expect(a.dependencyIntent, `no dependency intent\n${detail}`).toBe(true);
  });
});
