/**
 * Confinement with the artifact as shipped, on the real CLI of Kilo Code 7.7.7, which loads OpenCode's plugin.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runKilo } from './harness';

const { skip, world, serve } = await confineRun(HOSTS_FOR.kilo);

describe('confinement on Kilo Code 7.7.7 (OpenCode\'s plugin)', () => {
  it.skipIf(skip(HOSTS_FOR.kilo))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('kilo');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runKilo({ project: w.project, prompt: CHANGE_PROMPT, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `kilo exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 360_000);
});
