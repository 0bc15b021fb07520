/**
 * Confinement with the artifact as shipped, on the real CLI of Mistral Vibe 3.0.2, which runs the whole input a pre_tool hook hands back (hook_specific_output.tool_input).
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeRegistry } from '../../../core/registry/vibe';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { HOSTS_FOR, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runVibe } from './harness';

const { skip, world, serve } = await confineRun(HOSTS_FOR.vibe);

describe('confinement on Mistral Vibe 3.0.2', () => {
  it.skipIf(skip(HOSTS_FOR.vibe))('change files=src/config.ts: npm test runs confined (hook_specific_output.tool_input)', async () => {
    const w = world('vibe');
    const script = requireArtifact('vibe', 'stopline.mjs');
    mkdirSync(join(w.home, '.vibe'), { recursive: true });
    writeFileSync(join(w.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, false)}\n`);
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND } })));
    const r = await runVibe({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
