/**
 * Confinement with the artifact as shipped, on the real CLI of OpenHands 1.16.0, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { openhandsHooksMap } from '../../../hosts/openhands/install';
import { HOSTS_FOR, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectStopped, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runOpenHands } from './harness';

const { skip, world, serve } = await confineRun(HOSTS_FOR.openhands);

describe('OpenHands 1.16.0 runs no rewritten command', () => {
  it.skipIf(skip(HOSTS_FOR.openhands))('change files=src/config.ts: npm test is stopped, nothing changes', async () => {
    const w = world('openhands');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'terminal', input: { command: TEST_COMMAND, security_risk: 'LOW' } })));
    const hooksJson = openhandsHooksMap(`'${process.execPath}' '${requireArtifact('openhands', 'stopline.mjs')}'`);
    const r = await runOpenHands({ project: w.project, prompt: CHANGE_PROMPT, server: s, hooksJson, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
    expect(r.code, `openhands exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('Action rejected: STOP');
  }, 360_000);
});
