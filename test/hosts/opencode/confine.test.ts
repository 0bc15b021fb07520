/**
 * Confinement with the artifact as shipped, on the real CLI of OpenCode 1.18.33.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, runOpenCode, startChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';

await confineSuite({ title: 'confinement on OpenCode 1.18.33', cli: 'opencode', hosts: HOSTS_FOR.opencode, tool: 'bash', server: startChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'opencode', input: { command: TEST_COMMAND, description: 'tests' },
    run: (w, s, prompt) => runOpenCode({ project: w.project, prompt, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 }), timeoutMs: 360_000 },
]);
