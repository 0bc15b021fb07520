/**
 * Confinement with the artifact as shipped, on the real CLI of OpenClaw 2026.9.6: the confined command comes back in {params}.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { join } from 'node:path';
import { HOSTS_FOR } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runOpenClaw, startOpenClawChatServer } from './harness';

await confineSuite({ title: 'confinement on OpenClaw 2026.9.6', cli: 'openclaw', hosts: HOSTS_FOR.openclaw, tool: 'exec', server: startOpenClawChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined ({params} with the confined command)', world: 'openclaw', input: { title: 'tests', command: TEST_COMMAND },
    run: (w, s, prompt) => {
      const plugin = { dir: join(requireArtifact('openclaw', 'index.js'), '..'), id: 'stopline', conversationAccess: true };
      return runOpenClaw({ project: w.project, prompt, server: s, runDir: w.runDir, plugins: [plugin], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    } },
]);
