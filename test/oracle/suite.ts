/**
 * What every test file that runs commands through the execution oracle shares: the oracle's
 * sandbox, made once before the file's tests and removed after them, and a stable sample of
 * commands (chosen by a hash of the command, so a sample is the same rows on every machine).
 */
import { afterAll, beforeAll } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSet, type RedTeamRow } from '../corpus/redteam/sets.mjs';
import { cleanup, oracleWorkParent, prepare, type OracleCtx } from './run.mjs';

export const REPO = resolve(__dirname, '..', '..');
export const ARTIFACTS = join(REPO, 'test-artifacts', 'oracle');

/** The rows of a corpus file under test/corpus/ (kind, family, oracle, cmd). */
export const corpusRows = (...path: string[]): RedTeamRow[] => readSet(readFileSync(join(REPO, 'test', 'corpus', ...path), 'utf8'));

/** A run's report under test-artifacts/oracle/, for a person to read after it. */
export function writeReport(name: string, report: unknown): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, name), JSON.stringify(report, null, 1));
}

/** `n` of the items, the same ones on every run; all of them, in their order, when there are no more than `n`. */
export function stableSample<T extends { cmd: string }>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const key = (s: string) => createHash('sha1').update(s).digest('hex');
  return [...items].sort((a, b) => (key(a.cmd) < key(b.cmd) ? -1 : 1)).slice(0, n);
}

/**
 * Registers the sandbox's setup and removal for the calling file and returns `usable()`: the
 * sandbox, or null where this machine cannot make one. Under CI the oracle must run, so there a
 * missing sandbox fails the test; elsewhere the test skips, loudly, naming `what`.
 */
export function oracleSandbox(what: string): () => OracleCtx | null {
  let ctx: OracleCtx | null = null;
  let setupError: string | null = null;
  beforeAll(() => {
    try {
      ctx = prepare(oracleWorkParent(join(ARTIFACTS, 'work')));
      console.log(`oracle sandbox: ${ctx.iso.mode}; ${ctx.iso.describe}`);
      if (ctx.iso.mode === 'none') setupError = 'unshare is not usable here (no root, no user namespaces): the oracle cannot sandbox commands';
    } catch (e) {
      setupError = `oracle setup failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  });
  afterAll(() => {
    if (ctx) cleanup(ctx);
  });
  return () => {
    if (setupError) {
      if (process.env.CI === 'true') throw new Error(`${setupError} (CI=true: the oracle must run in CI)`);
      console.warn(`SKIPPED ${what}: ${setupError}`);
      return null;
    }
    return ctx;
  };
}
