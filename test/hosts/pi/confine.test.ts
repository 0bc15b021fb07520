/**
 * Confinement with the artifact as shipped, on the real CLI of each pinned Pi version.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, type InstalledHost, type PiVariant, runPi, startChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { piJitiCache } from './jiti-cache';

const PI: { variant: PiVariant; label: string; hosts: readonly InstalledHost[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];

await confineSuite(
  { title: 'confinement on Pi', cli: 'pi', hosts: [...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']], tool: 'bash', server: startChatServer },
  PI.map((v) => ({
    title: `${v.label}: change files=src/config.ts: npm test runs confined`, world: `pi-${v.variant}`, hosts: v.hosts, input: { command: TEST_COMMAND }, timeoutMs: 360_000,
    run: (w, s, prompt) => runPi({ variant: v.variant, project: w.project, prompt, server: s, extensionFile: requireArtifact('pi', 'stopline.ts'), runDir: w.runDir, env: { TMPDIR: piJitiCache() }, timeoutMs: 300_000 }),
  })),
);
