/**
 * Confinement with the artifact as shipped, on the real CLI of Hermes Agent 0.19.0, through its plugin.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, startChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { installPlugin, runHermes, writeHermesConfig } from './real-hermes';

await confineSuite({ title: 'confinement on Hermes Agent 0.19.0 (the plugin)', cli: 'hermes', hosts: HOSTS_FOR.hermes, tool: 'terminal', server: startChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined', world: 'hermes', input: { command: TEST_COMMAND },
    // runHermes checks the exit code itself
    run: async (w, s, prompt) => {
      const c = { project: w.project, runDir: w.runDir, home: w.home };
      writeHermesConfig(c, s);
      installPlugin(c, 'stopline');
      await runHermes(c, s, prompt);
    } },
]);
