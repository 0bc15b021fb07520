/**
 * Confinement with the artifact as shipped, on the real CLI of Mistral Vibe 3.0.2, which runs the whole input a pre_tool hook hands back (hook_specific_output.tool_input).
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeRegistry } from '../../../core/registry/vibe';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { HOSTS_FOR, startChatServer } from '../harness';
import { confineSuite, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { runVibe } from './harness';

await confineSuite({ title: 'confinement on Mistral Vibe 3.0.2', cli: 'vibe', hosts: HOSTS_FOR.vibe, tool: 'bash', server: startChatServer }, [
  { title: 'change files=src/config.ts: npm test runs confined (hook_specific_output.tool_input)', world: 'vibe', input: { command: TEST_COMMAND },
    run: (w, s, prompt) => {
      const script = requireArtifact('vibe', 'stopline.mjs');
      mkdirSync(join(w.home, '.vibe'), { recursive: true });
      writeFileSync(join(w.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, false)}\n`);
      return runVibe({ project: w.project, prompt, server: s, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    } },
]);
