/**
 * Confinement with the artifact as shipped, on the real CLI of Factory Droid 0.225.2.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { HOSTS_FOR, runDroid, startHostChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

const { skip, world, serve } = await confineRun(HOSTS_FOR.droid);

describe('confinement on Factory Droid 0.225.2', () => {
  it.skipIf(skip(HOSTS_FOR.droid))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('droid');
    const hooksJson = hookFileDoc('droid', `'${process.execPath}' '${requireArtifact('droid', 'stopline.mjs')}'`).hooks;
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'Execute', input: { command: TEST_COMMAND, summary: 'tests', riskLevelReason: 'tests', riskLevel: 'low' } })));
    const r = await runDroid({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, home: w.home, hooksJson, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
