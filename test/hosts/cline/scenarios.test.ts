/**
 * The seven scenarios on the real Cline CLI 3.0.65, offline (`cline --json` at the harness's
 * fake chat server), running the shipped dist/cline/stopline.mjs from the hook files
 * `stopline install cline` writes (`~/.cline/hooks/<Event>`, this node, the script, the event).
 *
 * Cline has no per-call deny: a stopped run_commands has its commands replaced by one that prints
 * the stamp (the model reads it and the run goes on); any other stopped tool is cancelled, which
 * ends the run, so the model reads nothing: that stop is proven by the aborted run and the
 * guard's evidence. No start answer reaches the model, and the artifact runs no stopline.json hooks.
 */
import { expect } from 'vitest';
import { clineHookFile, CLINE_EVENTS } from '../../../hosts/cline/install';
import { ensureHosts, HOSTS_FOR, startHostChatServer, type FakeModelServer } from '../harness';
import { runCline, type ClineRunResult } from './harness';
import { describeRealHost, readEvidence, scenarioRuns, requireArtifact, stoplineDataDir, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.cline);
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('cline', startHostChatServer);

/** The hook files as `stopline install cline` writes them: this node, the shipped script, the event. */
function installedHooks(script = requireArtifact('cline', 'stopline.mjs')): Record<string, string> {
  const command = `'${process.execPath}' '${script}'`;
  return Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
}

let last: { c: RealHostCase; r: ClineRunResult } | undefined;

async function cline(c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>): Promise<ClineRunResult> {
  const r = await runCline({ project: c.project, prompt, server: s, runDir: c.runDir, hooks: installedHooks(), env: { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...env } });
  expect(r.code, `cline exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  last = { c, r };
  return r;
}

const finishReason = (r: ClineRunResult) => (r.events.find((e) => (e as { type?: string }).type === 'run_result') as { finishReason?: string } | undefined)?.finishReason;

function expectStopped(s: FakeModelServer, callId: string, reason: string): void {
  const result = s.toolResult(callId);
  if (result) {
    // run_commands: the model reads the stamp as the output of the command put in its place
    expect(result.text).toMatch(/STOP \//);
    expect(result.text).toContain(reason);
    return;
  }
  // any other tool: cancelled, the run ends there and no request carries the call's result
  expect(s.requestAfterToolCall(callId)).toBeUndefined();
  expect(finishReason(last!.r)).toBe('aborted');
  // with an unusable data folder there is no evidence to read: the aborted run is the proof
  if (reason !== 'GUARD_UNAVAILABLE') {
    const denies = readEvidence(stoplineDataDir(last!.c.home)).filter((e) => e.type === 'check' && e.decision?.reasonCode === reason);
    expect(denies.length).toBeGreaterThanOrEqual(1);
  }
}

function expectRan(s: FakeModelServer, callId: string): void {
  const result = s.toolResult(callId);
  expect(result, `the model never received a result for ${callId}`).toBeDefined();
  expect(result!.text).not.toMatch(/STOP \//);
}

const editor = (id: string, path: string, oldText: string | undefined, newText: string) => ({ id, name: 'editor', input: { path, ...(oldText !== undefined ? { old_text: oldText } : {}), new_text: newText } });
const runCommands = (id: string, command: string) => ({ id, name: 'run_commands', input: { commands: [command] } });
const spawnAgent = (id: string, task: string) => ({ id, name: 'spawn_agent', input: { systemPrompt: 'You are a helper.', task } });

describeRealHost(status, 'Cline CLI 3.0.65 with dist/cline', HOSTS_FOR.cline, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: {
      create: (id, path) => editor(id, path, undefined, `${id}\n`),
      edit: (id, path, oldStr, newStr) => editor(id, path, oldStr, newStr),
      shell: runCommands,
      task: spawnAgent,
    },
    toolWords: { create: 'editor (create)', edit: 'editor', task: 'spawn_agent' },
    run: (c, s, prompt, env) => cline(c, s, prompt, env),
    expectStopped,
    expectRan,
    limits: {
      stopEndsRun: 'a file hook cannot stop one call: a stop of any tool but run_commands cancels the run',
      noContext: "TaskStart's contextModification reaches no request",
      noUserHooks: 'the Cline artifact runs no stopline.json hooks',
    },
    words: {
      cannotAsk: 'Cline cannot ask from a hook',
      childCall: "its calls carry the run's rootSessionId and its own agent_id",
      failClosed: 'run_commands replaced, any other tool cancelled',
      promptEvent: 'TaskStart',
    },
  });
});
