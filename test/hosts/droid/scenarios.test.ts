/**
 * The seven issue-5 scenarios on the real Factory Droid (wrapper 0.225.1, binary 0.225.2),
 * offline (a bring-your-own-key custom model at the harness's fake chat server, Airgap Mode),
 * running the shipped dist/droid/stopline.mjs from the user hooks file `stopline install droid`
 * writes (`~/.factory/hooks.json`, the bare event map, absolute runtime and script). The prompt
 * goes through `droid exec -o stream-jsonrpc`, Droid's session worker (the interactive CLI's
 * path), which fires UserPromptSubmit; plain `droid exec` does not (the last test shows it).
 * Each scenario asserts the file system and what the model received.
 */
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runDroid, startHostChatServer, type DroidRunResult, type FakeModelServer } from '../harness';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, writeUserConfig, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.droid);
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('droid', startHostChatServer);
// Droid hands the model "Error: <reason>" for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: /Error: STOP \//, ran: { never: /STOP \// } });

interface RunOpts {
  env?: Record<string, string | undefined>;
  output?: 'jsonrpc' | 'json';
}

async function droid(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<DroidRunResult> {
  const script = requireArtifact('droid', 'stopline.mjs');
  const hooksJson = hookFileDoc('droid', `'${process.execPath}' '${script}'`).hooks;
  const env: Record<string, string | undefined> = { STOPLINE_TIMING_FILE: runs.timingFile, STOPLINE_DASHBOARD: 'off', ...opts.env };
  const r = await runDroid({ project: c.project, prompt, server: s, runDir: c.runDir, home: c.home, hooksJson, env, ...(opts.output ? { output: opts.output } : {}) });
  expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const create = (id: string, path: string, text = `${id}\n`) => ({ id, name: 'Create', input: { file_path: path, content: text } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'Edit', input: { file_path: path, old_str: oldStr, new_str: newStr } });
// a sub-agent's Execute needs the model's own risk label (the parent's, under --skip-permissions-unsafe, does not)
const execute = (id: string, command: string) => ({ id, name: 'Execute', input: { command, summary: 'run it', riskLevelReason: 'a scripted step', riskLevel: 'low' } });
const task = (id: string, prompt: string) => ({ id, name: 'Task', input: { subagent_type: 'worker', description: 'sub agent', prompt, await: true } });

describeRealHost(status, 'Factory Droid 0.225.2 with dist/droid', HOSTS_FOR.droid, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell: execute, task },
    toolWords: { create: 'Create', edit: 'Edit', task: 'Task' },
    run: (c, s, prompt, env) => droid(c, s, prompt, env ? { env } : {}),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Droid cannot ask from a hook',
      childCall: 'a session of its own',
      failClosed: 'an explicit deny: Droid lets a failing hook through',
    },
  });

  it('plain `droid exec -o json` fires no UserPromptSubmit: a directive there is never read (the write runs); a defaultMode in stopline.json still holds', async () => {
    const c = runs.newCase('s9-plain');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });
    await droid(c, s, '$stopline review -- look at a.txt', { output: 'json' });
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
    expectRan(s, 'call_create');

    const d = runs.newCase('s9-default-mode');
    writeUserConfig(d.home, { defaultMode: 'review', defaultLevel: 'guard' });
    const t = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(d.project, 'new.txt'))] }, { text: 'done' }] }] });
    await droid(d, t, 'look at a.txt', { output: 'json' });
    expect(existsSync(join(d.project, 'new.txt'))).toBe(false);
    expectStopped(t, 'call_create', 'MODE_FORBIDS_MUTATION');
  });
});
