/**
 * Confinement with the artifact as shipped, on the real CLI of Cline CLI 3.0.65: the confined command comes back as overrideInput.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { CLINE_EVENTS, clineHookFile } from '../../../hosts/cline/install';
import { HOSTS_FOR, startHostChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runCline } from './harness';

const { skip, world, serve } = await confineRun(HOSTS_FOR.cline);

describe('confinement on Cline CLI 3.0.65', () => {
  it.skipIf(skip(HOSTS_FOR.cline))('change files=src/config.ts: npm test runs confined (overrideInput)', async () => {
    const w = world('cline');
    const command = `'${process.execPath}' '${requireArtifact('cline', 'stopline.mjs')}'`;
    const hooks = Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'run_commands', input: { commands: [TEST_COMMAND] } })));
    const r = await runCline({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, hooks, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `cline exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
