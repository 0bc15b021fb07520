/**
 * The seven scenarios on the real OpenClaw 2026.9.6, offline (`openclaw agent --local` at the
 * harness's fake chat server), loading the shipped dist/openclaw plugin folder the way
 * `stopline install openclaw` names it: `plugins.load.paths` and `plugins.entries.stopline` with
 * `hooks.allowConversationAccess`, without which the prompt hook never runs.
 *
 * OpenClaw hands the model tool-call ids without their underscores: the harness's OpenClaw server
 * emits the scripted ids that way and finds results by the scripted id.
 */
import { dirname } from 'node:path';
import { expect } from 'vitest';
import { ensureHosts, HOSTS_FOR, type FakeModelServer } from '../harness';
import { runOpenClaw, startOpenClawChatServer, type OpenClawRunResult } from './harness';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.openclaw);
const TEST_TIMEOUT_MS = 300_000;

const runs = scenarioRuns('openclaw', startOpenClawChatServer);

// the model reads blockReason verbatim: the stamp itself
const { expectStopped, expectRan } = stopAssertions({ stopped: /STOP \//, ran: { never: /STOP \// } });

async function openclaw(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<OpenClawRunResult> {
  const dir = dirname(requireArtifact('openclaw', 'index.js'));
  const r = await runOpenClaw({
    project: c.project,
    prompt,
    server: s,
    runDir: c.runDir,
    plugins: [{ dir, id: 'stopline', conversationAccess: true }],
    env: { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...env },
    timeoutMs: TEST_TIMEOUT_MS - 30_000,
  });
  expect(r.code, `openclaw exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const write = (callId: string, path: string, text = `${callId}\n`) => ({ id: callId, name: 'write', input: { path, content: text } });
const edit = (callId: string, path: string, oldText: string, newText: string) => ({ id: callId, name: 'edit', input: { path, edits: [{ oldText, newText }] } });
const exec = (callId: string, command: string) => ({ id: callId, name: 'exec', input: { title: 'run it', command } });
const spawn = (callId: string, task: string) => ({ id: callId, name: 'sessions_spawn', input: { task } });

describeRealHost(status, 'OpenClaw 2026.9.6 with dist/openclaw', HOSTS_FOR.openclaw, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create: write, edit, shell: exec, task: spawn },
    toolWords: { create: 'write', edit: 'edit', task: 'sessions_spawn' },
    run: (c, s, prompt, env) => openclaw(c, s, prompt, env),
    expectStopped,
    expectRan,
    // observed: `agent --local` answers a sessions_spawn call "Tool sessions_spawn not found" before any hook runs
    noSubagents: { why: 'openclaw agent --local has no sessions_spawn tool', refusal: 'Tool sessions_spawn not found' },
    words: {
      cannotAsk: 'OpenClaw cannot ask here',
      childCall: 'its calls carry the child session',
      failClosed: 'a block with the stamp',
      failOpen: 'the plugin returns nothing',
      promptEvent: 'before_prompt_build',
    },
  });
});
