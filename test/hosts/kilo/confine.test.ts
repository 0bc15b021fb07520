/**
 * Confinement with the artifact as shipped, on the real CLI of Kilo Code 7.7.7, which loads OpenCode's plugin.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, startChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runKilo } from './harness';

await confineSuite({ title: "confinement on Kilo Code 7.7.7 (OpenCode's plugin)", cli: 'kilo', hosts: HOSTS_FOR.kilo, tool: 'bash', server: startChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'kilo', input: { command: TEST_COMMAND, description: 'tests' },
    run: (w, s, prompt) => runKilo({ project: w.project, prompt, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 }), timeoutMs: 360_000 },
]);
