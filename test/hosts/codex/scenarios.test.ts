/**
 * The seven scenarios on the real Codex CLI 0.171.0, running the shipped
 * dist/codex/hooks.json + stopline.mjs exactly as built, with the trust entries a real install
 * writes into config.toml. Offline against the harness's fake Responses server. Each scenario
 * asserts the host effect on the file system and what the model received next.
 *
 * The hooks file is used the two ways it ships for (docs/hosts/codex.md): as a plain user hooks
 * file, copied unchanged to $CODEX_HOME/hooks.json with stopline.mjs beside it (no PLUGIN_ROOT),
 * and with PLUGIN_ROOT naming the artifact folder, as Codex sets it for plugin hooks.
 */
import { expect } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runCodex, startResponsesServer, type CodexRunResult, type FakeModelServer, type TurnContext } from '../harness';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.codex);
const artifactDir = requireArtifact('codex');
requireArtifact('codex', 'stopline.mjs');
const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('codex', startResponsesServer);
// Codex says "Command blocked" for the shell and apply_patch, "Tool call blocked" for other tools
const { expectStopped, expectRan } = stopAssertions({ stopped: /(Command|Tool call) blocked by PreToolUse hook: STOP \//, ran: { never: /blocked by PreToolUse hook/ } });

type Install = 'user-hooks-file' | 'plugin-root';

interface RunOpts {
  install?: Install;
  model?: string;
  env?: Record<string, string | undefined>;
}

async function codex(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<CodexRunResult> {
  const install = opts.install ?? 'user-hooks-file';
  const env: Record<string, string | undefined> = { STOPLINE_TIMING_FILE: runs.timingFile, ...opts.env };
  const codexHome = join(c.runDir, 'codex-home');
  mkdirSync(codexHome, { recursive: true });
  if (install === 'user-hooks-file') copyFileSync(join(artifactDir, 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
  else env.PLUGIN_ROOT = artifactDir;
  const r = await runCodex({ project: c.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: c.runDir, model: opts.model, env });
  expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;
const add = (id: string, path: string) => ({ id, name: 'apply_patch', input: patch(`*** Add File: ${path}\n+${id}\n`) });
const update = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'apply_patch', input: patch(`*** Update File: ${path}\n@@\n-${oldStr}\n+${newStr}\n`) });
const exec = (id: string, cmd: string) => ({ id, name: 'exec_command', input: { cmd } });
const spawn = (id: string, message: string) => ({ id, name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message } });
/** wait for every child the parent spawned so far (ids from the spawn results) */
const waitAll = (id: string) => ({
  id,
  name: 'wait_agent',
  namespace: 'multi_agent_v1',
  input: (ctx: TurnContext) => ({
    targets: ctx.toolResults.flatMap((r) => {
      try {
        const v = JSON.parse(r.text) as { agent_id?: string };
        return v.agent_id ? [v.agent_id] : [];
      } catch {
        return [];
      }
    }),
    timeout_ms: 20000,
  }),
});

describeRealHost(status, 'Codex 0.171.0 with dist/codex', HOSTS_FOR.codex, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create: add, edit: update, shell: exec, task: spawn },
    toolWords: { create: 'apply_patch add', edit: 'apply_patch update', task: 'spawn_agent' },
    run: (c, s, prompt, env) => codex(c, s, prompt, env ? { env } : {}),
    reviewVariants: (['user-hooks-file', 'plugin-root'] as const).map((install) => ({ label: install, run: (c, s, prompt) => codex(c, s, prompt, { install }) })),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Codex cannot ask',
      childCall: "its calls go through the parent's hooks",
      failClosed: 'an explicit deny',
    },
    // the hook sees apply_patch (an add as much as an update) as Edit
    evidenceTools: ['Edit', 'Edit', 'Bash'],
    awaitChildren: waitAll,
    // spawn_agent is offered only with a model slug outside the bundled catalog
    runSubagents: (c, s, prompt) => codex(c, s, prompt, { model: 'fake-model' }),
  });
});
