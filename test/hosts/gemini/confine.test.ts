/**
 * Confinement with the artifact as shipped, on the real CLI of Gemini CLI 0.61.0.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, runGemini, startGeminiServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { shippedGeminiHooks } from './shipped';

const { skip, world, serve } = await confineRun(HOSTS_FOR.gemini);

describe('confinement on Gemini CLI 0.61.0', () => {
  it.skipIf(skip(HOSTS_FOR.gemini))('Gemini: change files=src/config.ts: npm test runs confined', async () => {
    const w = world('gemini');
    const s = await serve(startGeminiServer(turns({ id: 'call_cf', name: 'run_shell_command', input: { command: TEST_COMMAND } })));
    const r = await runGemini({ project: w.project, prompt: CHANGE_PROMPT, server: s, settings: { hooks: shippedGeminiHooks(requireArtifact('gemini')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `gemini exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
