/**
 * Confinement with the artifact as shipped, on the real CLI of Gemini CLI 0.61.0.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, runGemini, startGeminiServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { shippedGeminiHooks } from './shipped';

await confineSuite({ title: 'confinement on Gemini CLI 0.61.0', cli: 'gemini', hosts: HOSTS_FOR.gemini, tool: 'run_shell_command', server: startGeminiServer }, [
  { title: 'Gemini: change files=src/config.ts: npm test runs confined', world: 'gemini', input: { command: TEST_COMMAND },
    run: (w, s, prompt) => runGemini({ project: w.project, prompt, server: s, settings: { hooks: shippedGeminiHooks(requireArtifact('gemini')) }, runDir: w.runDir, timeoutMs: 240_000 }) },
]);
