/**
 * Confinement with the artifact as shipped, on the real CLI of GitHub Copilot CLI 1.0.102.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { HOSTS_FOR, runCopilot, startHostChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

await confineSuite({ title: 'confinement on GitHub Copilot CLI 1.0.102', cli: 'copilot', hosts: HOSTS_FOR.copilot, tool: 'bash', server: startHostChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'copilot', input: { command: TEST_COMMAND, description: 'tests' },
    run: (w, s, prompt) => {
      const script = requireArtifact('copilot', 'stopline.mjs');
      return runCopilot({ project: w.project, prompt, server: s, runDir: w.runDir, home: w.home, hookFiles: { stopline: hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`) }, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    } },
]);
