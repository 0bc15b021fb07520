/**
 * Confinement with the artifact as shipped, on the real CLI of Codex 0.171.0; an unproven one-liner under `$stopline review` runs confined too: its file never appears.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTS_FOR, runCodex, startResponsesServer } from '../harness';
import { confineSuite, expectOneLiner, ONE_LINER, REVIEW_PROMPT, TEST_COMMAND, type World } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

const run = (w: World, s: Parameters<typeof runCodex>[0]['server'], prompt: string) => {
  const codexHome = join(w.runDir, 'codex-home');
  mkdirSync(codexHome, { recursive: true });
  copyFileSync(requireArtifact('codex', 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
  const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
  return runCodex({ project: w.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: w.runDir, timeoutMs: 240_000 });
};

await confineSuite({ title: 'confinement on Codex 0.171.0', cli: 'codex', hosts: HOSTS_FOR.codex, tool: 'exec_command', server: startResponsesServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'codex-change', input: { cmd: TEST_COMMAND }, run },
  { title: 'review: an unproven one-liner runs confined and writes nothing', world: 'codex-review', prompt: REVIEW_PROMPT, input: { cmd: ONE_LINER }, run, check: expectOneLiner },
]);
