/**
 * Confinement with the artifact as shipped, on the real CLI of OpenHands 1.16.0, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { openhandsHooksMap } from '../../../hosts/openhands/install';
import { HOSTS_FOR, startChatServer } from '../harness';
import { confineSuite, expectStoppedSaying, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runOpenHands } from './harness';

await confineSuite({ title: 'OpenHands 1.16.0 runs no rewritten command', cli: 'openhands', hosts: HOSTS_FOR.openhands, tool: 'terminal', server: startChatServer }, [
  { title: 'change files=src/config.ts: npm test is stopped, nothing changes', world: 'openhands', input: { command: TEST_COMMAND, security_risk: 'LOW' },
    run: (w, s, prompt) => {
      const hooksJson = openhandsHooksMap(`'${process.execPath}' '${requireArtifact('openhands', 'stopline.mjs')}'`);
      return runOpenHands({ project: w.project, prompt, server: s, hooksJson, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
    }, check: expectStoppedSaying('Action rejected: STOP'), timeoutMs: 360_000 },
]);
