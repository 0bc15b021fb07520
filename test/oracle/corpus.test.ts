/**
 * The oracle's regression corpus (test/oracle/corpus.json): commands the execution oracle ran
 * in a sandbox, with what it observed. Replayed through the analysis in process (no
 * execution, fast): a command once observed changing the sandbox must never be allowed as a
 * read under `review`. Rerecord with
 *   STOPLINE_ORACLE_FULL=1 STOPLINE_ORACLE_RECORD=1 npx vitest run test/oracle/oracle.test.ts
 */
import { describe, expect, it } from 'vitest';
import corpus from './corpus.json';
import { reviewVerdict } from './verdict';

const runs = corpus.runs as [string, string, number][];

describe('oracle regression corpus', () => {
  it('holds observed changes to replay', () => {
    expect(runs.filter((r) => r[2] === 1).length).toBeGreaterThan(100);
  });

  it('allows no command observed changing the sandbox as a read', () => {
    const bad = runs.filter((r) => r[2] === 1).filter((r) => reviewVerdict(r[0], '/oracle/repo', '/oracle/home') === 'read');
    expect(bad.map((r) => r[0]).slice(0, 40), `${bad.length} commands observed changing are allowed as reads`).toEqual([]);
  });
});
