/**
 * Cross-host parity, in process: every scenario of the neutral corpus, rendered into each
 * host's payload shape and fed through the entry functions that host's artifact runs, reaches
 * the same decision and reason code on every host. A host that cannot express a step (no batch
 * tool) is accepted only when its registry lists no tool of that kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { driverFor, testSandbox } from './drivers';
import { loadCorpus, runScenario } from './parity';
import { HOSTS } from './renderers';

const corpus = loadCorpus();
const tally = { scenarios: corpus.length, runs: 0, toolSteps: 0, notExpressible: [] as string[] };

describe('the neutral scenario corpus', () => {
  it('has at least 60 scenarios, each with a tool step, every id unique', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.map((s) => s.id)).size).toBe(corpus.length);
    for (const s of corpus) expect(s.steps.some((st) => 'tool' in st)).toBe(true);
  });
});

describe.each(HOSTS)('parity on %s (in process)', (host) => {
  it.each(corpus.map((s) => [s.id, s] as const))('%s', async (_id, sc) => {
    const box = testSandbox();
    const results = await runScenario(sc, driverFor(host, box), box);
    tally.runs += 1;
    for (const r of results) {
      if (r.got) tally.toolSteps += 1;
      else tally.notExpressible.push(`${host}:${sc.id}#${r.step}`);
    }
    const problems = results.flatMap((r) => r.problems.map((p) => `step ${r.step} (${r.op}): ${p}`));
    expect(problems).toEqual([]);
  });
});

afterAll(() => {
  process.stderr.write(`parity: ${tally.scenarios} scenarios x ${HOSTS.length} hosts = ${tally.runs} runs, ${tally.toolSteps} tool decisions compared; not expressible (registry has no such tool): ${tally.notExpressible.join(', ') || 'none'}\n`);
});
