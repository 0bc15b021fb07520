/**
 * Confinement with the artifact as shipped, on the real CLI of Kimi Code 1.51.0, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectStopped, TEST_COMMAND, turns } from '../shared/confine-real';
import { runKimi } from './harness';
import { kimiHooks } from './hooks';

const { skip, world, serve } = await confineRun(HOSTS_FOR.kimi);

describe('Kimi Code 1.51.0 stops the command', () => {
  it.skipIf(skip(HOSTS_FOR.kimi))('Kimi runs no rewritten command: npm test is stopped, nothing changes', async () => {
    const w = world('kimi');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'Shell', input: { command: TEST_COMMAND } })));
    const r = await runKimi({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, hooks: kimiHooks(), env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `kimi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('WRITE_PATH_UNPROVEN');
  }, 300_000);
});
