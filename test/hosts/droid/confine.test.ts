/**
 * Confinement with the artifact as shipped, on the real CLI of Factory Droid 0.225.2.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { HOSTS_FOR, runDroid, startHostChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

await confineSuite({ title: 'confinement on Factory Droid 0.225.2', cli: 'droid', hosts: HOSTS_FOR.droid, tool: 'Execute', server: startHostChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'droid', input: { command: TEST_COMMAND, summary: 'tests', riskLevelReason: 'tests', riskLevel: 'low' },
    run: (w, s, prompt) => {
      const hooksJson = hookFileDoc('droid', `'${process.execPath}' '${requireArtifact('droid', 'stopline.mjs')}'`).hooks;
      return runDroid({ project: w.project, prompt, server: s, runDir: w.runDir, home: w.home, hooksJson, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    } },
]);
