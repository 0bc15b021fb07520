/**
 * The red-team sets (test/corpus/redteam/set-*.tsv, docs/analysis.md): no mutating command of any
 * set is classified read. Reads classified unknown are a cost, counted by
 * test/corpus/redteam/measure.mjs, not asserted here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { readSet } from '../../corpus/redteam/sets.mjs';

const dir = join(__dirname, '../../corpus/redteam');
const sets = readdirSync(dir).filter((f) => /^set-.*\.tsv$/.test(f)).sort();

describe('red-team sets', () => {
  it('hold at least 600 mutating commands and 300 reads each', () => {
    for (const f of sets) {
      const rows = readSet(readFileSync(join(dir, f), 'utf8'));
      expect(rows.filter((r) => r.kind === 'M').length, f).toBeGreaterThanOrEqual(600);
      expect(rows.filter((r) => r.kind === 'R').length, f).toBeGreaterThanOrEqual(300);
      expect(new Set(rows.map((r) => r.cmd)).size, `${f}: a command appears twice`).toBe(rows.length);
    }
  });

  it.each(sets)('%s: no mutating command is classified read', (f) => {
    const rows = readSet(readFileSync(join(dir, f), 'utf8'));
    const read = rows.filter((r) => r.kind === 'M' && analyzeShell(r.cmd, { cwd: '/home/dev/project', home: '/home/dev' }).mutability === 'read').map((r) => r.cmd);
    expect(read).toEqual([]);
  });
});
