/**
 * Confinement with the artifact as shipped, on the real CLI of Kimi Code 1.51.0, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, startChatServer } from '../harness';
import { confineSuite, expectStoppedSaying, TEST_COMMAND } from '../shared/confine-real';
import { runKimi } from './harness';
import { kimiHooks } from './hooks';

await confineSuite({ title: 'Kimi Code 1.51.0 stops the command', cli: 'kimi', hosts: HOSTS_FOR.kimi, tool: 'Shell', server: startChatServer }, [
  { title: 'Kimi runs no rewritten command: npm test is stopped, nothing changes', world: 'kimi', input: { command: TEST_COMMAND },
    run: (w, s, prompt) => runKimi({ project: w.project, prompt, server: s, runDir: w.runDir, hooks: kimiHooks(), env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 }), check: expectStoppedSaying('WRITE_PATH_UNPROVEN') },
]);
