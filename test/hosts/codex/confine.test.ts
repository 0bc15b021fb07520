/**
 * Confinement with the artifact as shipped, on the real CLI of Codex 0.171.0; an unproven one-liner under `$stopline review` runs confined too: its file never appears.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTS_FOR, runCodex, startResponsesServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectOneLiner, expectTestRun, ONE_LINER, REVIEW_PROMPT, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

const { skip, world, serve } = await confineRun(HOSTS_FOR.codex);

describe('confinement on Codex 0.171.0', () => {
  const run = async (name: string, prompt: string, command: string) => {
    const w = world(name);
    const codexHome = join(w.runDir, 'codex-home');
    mkdirSync(codexHome, { recursive: true });
    copyFileSync(requireArtifact('codex', 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
    const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
    const s = await serve(startResponsesServer(turns({ id: 'call_cf', name: 'exec_command', input: { cmd: command } })));
    const r = await runCodex({ project: w.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    return { w, s };
  };
  it.skipIf(skip(HOSTS_FOR.codex))('change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('codex-change', CHANGE_PROMPT, TEST_COMMAND);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.codex))('review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('codex-review', REVIEW_PROMPT, ONE_LINER);
    expectOneLiner(w, s, 'call_cf');
  }, 300_000);
});
