/**
 * Confinement with the artifact as shipped, on the real CLI of Cline CLI 3.0.65: the confined command comes back as overrideInput.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { CLINE_EVENTS, clineHookFile } from '../../../hosts/cline/install';
import { HOSTS_FOR, startHostChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runCline } from './harness';

await confineSuite({ title: 'confinement on Cline CLI 3.0.65', cli: 'cline', hosts: HOSTS_FOR.cline, tool: 'run_commands', server: startHostChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined (overrideInput)', world: 'cline', input: { commands: [TEST_COMMAND] },
    run: (w, s, prompt) => {
      const command = `'${process.execPath}' '${requireArtifact('cline', 'stopline.mjs')}'`;
      const hooks = Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
      return runCline({ project: w.project, prompt, server: s, runDir: w.runDir, hooks, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    } },
]);
