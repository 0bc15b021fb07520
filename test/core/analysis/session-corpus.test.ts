/**
 * The session-style corpus (test/corpus/session-commands.tsv): commands typed the way
 * models and people type them. A command that changes files, runs code or changes remote state
 * (M) is never classified `read`; a read (R) is classified `read`; a read the analysis cannot
 * prove (r) is `unknown`, never `write`, and counts as a cost in test/corpus/measure.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';

const cwd = '/home/dev/project';
const home = '/home/dev';
const rows = readFileSync(join(__dirname, '../../corpus/session-commands.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'))
  .map((l) => {
    const [kind, family, cmd] = l.split('\t');
    return { kind: kind as 'M' | 'R' | 'r', family: family!, cmd: cmd! };
  });

describe('session corpus', () => {
  it('holds at least 300 mutating commands and 200 reads', () => {
    expect(rows.filter((r) => r.kind === 'M').length).toBeGreaterThanOrEqual(300);
    expect(rows.filter((r) => r.kind !== 'M').length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.cmd)).size).toBe(rows.length);
  });

  it.each(rows.map((r) => [`${r.kind} ${r.family}: ${r.cmd}`, r] as const))('%s', (_label, r) => {
    const a = analyzeShell(r.cmd, { cwd, home });
    const detail = a.segments.map((s) => `${s.program}:${s.mutability} ${JSON.stringify(s.paths)} — ${s.why}`).join('\n');
    if (r.kind === 'M') expect(a.mutability, `a mutating command classified read\n${detail}`).not.toBe('read');
    else if (r.kind === 'R') expect(a.mutability, detail).toBe('read');
    else expect(a.mutability, detail).toBe('unknown');
  });
});
