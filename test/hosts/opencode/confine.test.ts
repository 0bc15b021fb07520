/**
 * Confinement with the artifact as shipped, on the real CLI of OpenCode 1.18.33.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, runOpenCode, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

const { skip, world, serve } = await confineRun(HOSTS_FOR.opencode);

describe('confinement on OpenCode 1.18.33', () => {
  it.skipIf(skip(HOSTS_FOR.opencode))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('opencode');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runOpenCode({ project: w.project, prompt: CHANGE_PROMPT, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 360_000);
});
