/**
 * build/builtins.mjs is the list of node: modules an artifact may import because Node >= 20,
 * Bun and Deno all provide them. Prove it on the pinned runtimes: each one imports every
 * listed module. A module that disappears from a runtime (or a new entry that one runtime
 * lacks) fails here before an artifact ships with it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED_BUILTINS } from '../../build/builtins.mjs';
import { runFile } from '../../build/runtimes.mjs';
import { isolatedEnv, scratch } from './helpers';

const work = scratch('builtins');
afterAll(() => work.cleanup());

describe('allowed node: built-ins', () => {
  it.each(['node', 'bun', 'deno'] as const)('all import under %s', async (runtime) => {
    const probe = join(work.dir, `probe-${runtime}.mjs`);
    writeFileSync(
      probe,
      `const failed = [];\nfor (const m of ${JSON.stringify(ALLOWED_BUILTINS)}) {\n  try { await import('node:' + m); } catch (e) { failed.push(m + ': ' + e.message); }\n}\nconsole.log(JSON.stringify(failed));\n`,
    );
    const r = await runFile(runtime, probe, { env: isolatedEnv(work.dir), cwd: work.dir, timeoutMs: 60_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  }, 90_000);

  it('leaves out what Node 20 lacks', () => {
    expect(ALLOWED_BUILTINS).not.toContain('sqlite');
    expect(ALLOWED_BUILTINS).not.toContain('test');
  });
});
