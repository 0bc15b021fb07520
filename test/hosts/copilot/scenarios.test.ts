/**
 * The seven issue-5 scenarios on the real GitHub Copilot CLI 1.0.102, offline (bring-your-own-key
 * at the harness's fake chat server, COPILOT_OFFLINE=true), running the shipped
 * dist/copilot/stopline.mjs. Each scenario asserts the file system and what the model received.
 *
 * The hook file is used the two ways it ships: as the user hook file `stopline install copilot`
 * writes (`~/.copilot/hooks/stopline.json`, absolute runtime and script, the event as argument),
 * and as the plugin folder dist/copilot with `--plugin-dir` (its hooks.json names
 * `${COPILOT_PLUGIN_ROOT}`).
 */
import { expect } from 'vitest';
import { dirname } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runCopilot, startHostChatServer, type CopilotRunResult, type FakeModelServer } from '../harness';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.copilot);
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('copilot', startHostChatServer);
// Copilot hands the model "Denied by preToolUse hook: <reason>" for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: /Denied by preToolUse hook: STOP \//, ran: { never: /Denied by preToolUse hook/ } });

type Install = 'user-hook-file' | 'plugin-dir';

/** The user hook file as `stopline install copilot` writes it: this node, the shipped script, the event as argument. */
function userHookFile(script: string): Record<string, unknown> {
  return hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`);
}

interface RunOpts {
  install?: Install;
  env?: Record<string, string | undefined>;
}

async function copilot(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<CopilotRunResult> {
  const script = requireArtifact('copilot', 'stopline.mjs');
  const install = opts.install ?? 'user-hook-file';
  const env: Record<string, string | undefined> = { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...opts.env };
  const r = await runCopilot({
    project: c.project,
    prompt,
    server: s,
    runDir: c.runDir,
    home: c.home,
    env,
    ...(install === 'user-hook-file' ? { hookFiles: { stopline: userHookFile(script) } } : { pluginDir: dirname(script) }),
  });
  expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const create = (id: string, path: string, text = `${id}\n`) => ({ id, name: 'create', input: { path, file_text: text } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'edit', input: { path, old_str: oldStr, new_str: newStr } });
const bash = (id: string, command: string) => ({ id, name: 'bash', input: { command, description: 'run it' } });
const task = (id: string, prompt: string) => ({ id, name: 'task', input: { description: 'sub agent', prompt, agent_type: 'general-purpose', name: id } });

describeRealHost(status, 'GitHub Copilot CLI 1.0.102 with dist/copilot', HOSTS_FOR.copilot, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell: bash, task },
    toolWords: { create: 'create', edit: 'edit', task: 'task' },
    run: (c, s, prompt, env) => copilot(c, s, prompt, env ? { env } : {}),
    reviewVariants: (['user-hook-file', 'plugin-dir'] as const).map((install) => ({ label: install, run: (c, s, prompt) => copilot(c, s, prompt, { install }) })),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Copilot cannot ask',
      childCall: "its calls carry the child's sessionId and its parent's",
      failClosed: 'an explicit deny, never a crash',
      failOpen: 'stopline answers nothing and exits 0; a crash would deny on Copilot',
      promptEvent: 'userPromptSubmitted',
    },
  });
});
