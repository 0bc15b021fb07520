/**
 * Confinement with the artifact as shipped, on the real CLI of GitHub Copilot CLI 1.0.102.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { HOSTS_FOR, runCopilot, startHostChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

const { skip, world, serve } = await confineRun(HOSTS_FOR.copilot);

describe('confinement on GitHub Copilot CLI 1.0.102', () => {
  it.skipIf(skip(HOSTS_FOR.copilot))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('copilot');
    const script = requireArtifact('copilot', 'stopline.mjs');
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runCopilot({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, home: w.home, hookFiles: { stopline: hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`) }, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
