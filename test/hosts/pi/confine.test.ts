/**
 * Confinement with the artifact as shipped, on the real CLI of each pinned Pi version.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOSTS_FOR, type InstalledHost, type PiVariant, runPi, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { piJitiCache } from './jiti-cache';

const { skip, world, serve } = await confineRun([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);

const PI: { variant: PiVariant; label: string; hosts: readonly InstalledHost[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];

describe('confinement on Pi', () => {
  for (const v of PI) {
    it.skipIf(skip(v.hosts))(`${v.label}: change files=src/config.ts: npm test runs confined`, async () => {
      const w = world(`pi-${v.variant}`);
      const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND } })));
      const r = await runPi({ variant: v.variant, project: w.project, prompt: CHANGE_PROMPT, server: s, extensionFile: requireArtifact('pi', 'stopline.ts'), runDir: w.runDir, env: { TMPDIR: piJitiCache() }, timeoutMs: 300_000 });
      expect(r.code, `pi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
      expectTestRun(w, s, 'call_cf');
    }, 360_000);
  }
});
