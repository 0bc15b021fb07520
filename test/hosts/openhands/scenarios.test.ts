/**
 * The seven scenarios on the real OpenHands CLI 1.16.0 (`openhands --headless`), offline against
 * the fake chat-completions server, running the shipped dist/openhands/stopline.mjs from the
 * user hooks file `stopline install openhands` writes (`~/.openhands/hooks.json`, the bare event
 * map, absolute runtime and script). OpenHands hands no hook context to the model and a task
 * subagent's calls fire no hook: the shared suite asserts what the person gets instead. Each
 * scenario asserts the file system and what the model received.
 */
import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openhandsHooksMap } from '../../../hosts/openhands/install';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runOpenHands, type OpenHandsRunResult } from './harness';
import { describeRealHost, readEvidence, scenarioRuns, requireArtifact, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.openhands);
const TEST_TIMEOUT_MS = 360_000;

const runs = scenarioRuns('openhands', (script) => startChatServer(script));
// OpenHands hands the model "Action rejected: <reason>" for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: /Action rejected: STOP \//, ran: { never: /STOP \// } });

async function openhands(c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>): Promise<OpenHandsRunResult> {
  const script = requireArtifact('openhands', 'stopline.mjs');
  const hooksJson = openhandsHooksMap(`'${process.execPath}' '${script}'`);
  const r = await runOpenHands({ project: c.project, prompt, server: s, runDir: c.runDir, hooksJson, env: { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...env }, timeoutMs: 300_000 });
  expect(r.code, `openhands exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

// every call carries the model's own risk label, which OpenHands requires
const create = (id: string, path: string, text = `${id}\n`) => ({ id, name: 'file_editor', input: { command: 'create', path, file_text: text, security_risk: 'LOW' } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'file_editor', input: { command: 'str_replace', path, old_str: oldStr, new_str: newStr, security_risk: 'LOW' } });
const terminal = (id: string, command: string) => ({ id, name: 'terminal', input: { command, security_risk: 'LOW' } });
const task = (id: string, prompt: string) => ({ id, name: 'task', input: { description: 'sub agent', prompt, subagent_type: 'general-purpose', security_risk: 'LOW' } });

describeRealHost(status, 'OpenHands CLI 1.16.0 with dist/openhands', HOSTS_FOR.openhands, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell: terminal, task },
    toolWords: { create: 'file_editor create', edit: 'file_editor str_replace', task: 'task' },
    run: (c, s, prompt, env) => openhands(c, s, prompt, env),
    expectStopped,
    expectRan,
    evidenceTools: ['Edit', 'Edit', 'Bash'],
    limits: { noContext: 'OpenHands passes no hook context to the model', unseenChildren: 'its subagent fires no hook' },
    words: {
      cannotAsk: 'OpenHands cannot ask from a hook',
      childCall: 'no hook fires there',
      failClosed: 'exit 2 with the decision deny',
    },
  });

  it('no directive: a task runs, and the `touch` inside its subagent runs unseen (the blind spot the task rule closes under a contract)', async () => {
    const c = runs.newCase('s9-unseen');
    const s = await runs.server({
      threads: [
        { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [terminal('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
        { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
      ],
    });
    await openhands(c, s, 'inspect the project');
    expect(existsSync(join(c.project, 'child.txt'))).toBe(true);
    expectRan(s, 'call_task');
    // the guard checked the task call and nothing after it: the child's touch never reached a hook
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.tool)).toEqual(['Task']);
  });
});
