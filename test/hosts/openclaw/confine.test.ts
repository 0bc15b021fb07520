/**
 * Confinement with the artifact as shipped, on the real CLI of OpenClaw 2026.9.6: the confined command comes back in {params}.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HOSTS_FOR } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runOpenClaw, startOpenClawChatServer } from './harness';

const { skip, world, serve } = await confineRun(HOSTS_FOR.openclaw);

describe('confinement on OpenClaw 2026.9.6', () => {
  it.skipIf(skip(HOSTS_FOR.openclaw))('change files=src/config.ts: npm test runs confined ({params} with the confined command)', async () => {
    const w = world('openclaw');
    const s = await serve(startOpenClawChatServer(turns({ id: 'call_cf', name: 'exec', input: { title: 'tests', command: TEST_COMMAND } })));
    const plugin = { dir: join(requireArtifact('openclaw', 'index.js'), '..'), id: 'stopline', conversationAccess: true };
    const r = await runOpenClaw({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, plugins: [plugin], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `openclaw exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
