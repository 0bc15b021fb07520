/**
 * Confinement with the artifact as shipped, on the real CLI of Qwen Code 0.24.4, which runs no rewritten command (its row says why): the command is stopped.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { HOSTS_FOR, runQwen, startChatServer } from '../harness';
import { confineSuite, expectStoppedSaying, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { shippedQwenHooks } from './shipped';

await confineSuite({ title: 'Qwen Code 0.24.4 stops the command', cli: 'qwen', hosts: HOSTS_FOR.qwen, tool: 'run_shell_command', server: startChatServer }, [
  { title: 'Qwen runs no rewritten command: npm test is stopped, nothing changes', world: 'qwen', input: { command: TEST_COMMAND, is_background: false },
    run: (w, s, prompt) => runQwen({ project: w.project, prompt, server: s, settings: { hooks: shippedQwenHooks(requireArtifact('qwen')) }, runDir: w.runDir, timeoutMs: 240_000 }), check: expectStoppedSaying('WRITE_PATH_UNPROVEN') },
]);
