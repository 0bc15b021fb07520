/**
 * Confinement with the artifact as shipped, on the real CLI of Hermes Agent 0.19.0, through its plugin.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, it } from 'vitest';
import { HOSTS_FOR, startChatServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectTestRun, TEST_COMMAND, turns } from '../shared/confine-real';
import { installPlugin, runHermes, writeHermesConfig } from './real-hermes';

const { skip, world, serve } = await confineRun(HOSTS_FOR.hermes);

describe('confinement on Hermes Agent 0.19.0 (the plugin)', () => {
  it.skipIf(skip(HOSTS_FOR.hermes))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('hermes');
    const c = { project: w.project, runDir: w.runDir, home: w.home };
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'terminal', input: { command: TEST_COMMAND } })));
    writeHermesConfig(c, s);
    installPlugin(c, 'stopline');
    await runHermes(c, s, CHANGE_PROMPT);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
