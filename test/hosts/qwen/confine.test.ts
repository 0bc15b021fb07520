/**
 * Confinement with the artifact as shipped, on the real CLI of Qwen Code 0.24.4, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, runQwen, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectStopped, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { shippedQwenHooks } from './shipped';

const { skip, world, serve } = await confineRun(HOSTS_FOR.qwen);

describe('Qwen Code 0.24.4 stops the command', () => {
  it.skipIf(skip(HOSTS_FOR.qwen))('Qwen runs no rewritten command: npm test is stopped, nothing changes', async () => {
    const w = world('qwen');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'run_shell_command', input: { command: TEST_COMMAND, is_background: false } })));
    const r = await runQwen({ project: w.project, prompt: CHANGE_PROMPT, server: s, settings: { hooks: shippedQwenHooks(requireArtifact('qwen')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `qwen exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('WRITE_PATH_UNPROVEN');
  }, 300_000);
});
