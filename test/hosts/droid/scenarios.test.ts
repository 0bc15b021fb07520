/**
 * The seven issue-5 scenarios on the real Factory Droid (wrapper 0.225.1, binary 0.225.2),
 * offline (a bring-your-own-key custom model at the harness's fake chat server, Airgap Mode),
 * running the shipped dist/droid/stopline.mjs from the user hooks file `stopline install droid`
 * writes (`~/.factory/hooks.json`, the bare event map, absolute runtime and script). The prompt
 * goes through `droid exec -o stream-jsonrpc`, Droid's session worker (the interactive CLI's
 * path), which fires UserPromptSubmit; plain `droid exec` does not (the last test shows it).
 * Each scenario asserts the file system and what the model received.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { droidHooksMap } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runDroid, startHostChatServer, type DroidRunResult, type FakeModelScript, type FakeModelServer } from '../harness';
import { describeRealHost, fakeNpmEnv, hookRunSummary, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, stopAssertions, writeUserConfig, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.droid);
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'droid-scenarios',
  startServer: startHostChatServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[droid] ${summary}`;
  },
});
// Droid hands the model "Error: <reason>" for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: /Error: STOP \//, ran: { never: /STOP \// } });

interface RunOpts {
  env?: Record<string, string | undefined>;
  output?: 'jsonrpc' | 'json';
}

async function droid(c: RealHostCase, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<DroidRunResult> {
  const script = requireArtifact('droid', 'stopline.mjs');
  const hooksJson = droidHooksMap(`'${process.execPath}' '${script}'`);
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
  it('1. review: Create, Edit and `touch x` are stopped with MODE_FORBIDS_MUTATION; cat runs', async () => {
    const c = runs.newCase('s1');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [create('call_create', join(c.project, 'new.txt'))] },
            { toolCalls: [edit('call_edit', join(c.project, 'a.txt'), 'alpha', 'beta')] },
            { toolCalls: [execute('call_touch', 'touch x')] },
            { toolCalls: [execute('call_cat', 'cat a.txt')] },
            { text: 'review finished' },
          ],
        },
      ],
    });
    await droid(c, s, '$stopline review -- look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    for (const id of ['call_create', 'call_edit', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    expectRan(s, 'call_cat');
    expect(s.toolResultText('call_cat')).toContain('alpha');
  });

  it('2. change files=a.txt: editing a.txt succeeds, creating b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [{ name: 'main', turns: [{ toolCalls: [edit('call_a', join(c.project, 'a.txt'), 'alpha', 'changed')] }, { toolCalls: [create('call_b', join(c.project, 'b.txt'))] }, { text: 'done' }] }],
    });
    await droid(c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [execute('call_npm', 'npm install left-pad')] }, { text: 'done' }] }] });

    it('change (deps default ask; Droid cannot ask from a hook): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await droid(c, s, '$stopline change -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await droid(c, s, '$stopline change deps=allow -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. sub-agents (Task)', () => {
    it('agents=1: the first Task runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = runs.newCase('s4-budget');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [task('call_task2', 'SUBTASK-MARK again')] }, { text: 'done' }] },
        ],
      });
      await droid(c, s, '$stopline change agents=1 -- delegate the work');
      expectRan(s, 'call_task1');
      expectStopped(s, 'call_task2', 'AGENT_BUDGET_EXHAUSTED');
      expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
    });

    it("review: a `touch` inside the sub-agent (a session of its own) is stopped, and the child got the contract at its start", async () => {
      const c = runs.newCase('s4-child');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [execute('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
        ],
      });
      await droid(c, s, '$stopline review -- inspect the project');
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
      const childFirst = s.requests.find((r) => r.thread === 'child');
      expect(requestText(childFirst?.body)).toContain('stopline contract (ARMED)');
    });
  });

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = runs.newCase('s5');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [create('call_create', join(c.project, 'new.txt'))] },
            { toolCalls: [edit('call_edit', join(c.project, 'a.txt'), 'alpha', 'beta')] },
            { toolCalls: [execute('call_touch', 'touch x')] },
            { text: 'done' },
          ],
        },
      ],
    });
    await droid(c, s, 'tidy up the project');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_create', 'call_edit', 'call_touch']) expectRan(s, id);
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.mutability)).toEqual(['write', 'write', 'write']);
    expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (c: RealHostCase): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [create('call_create', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE (an explicit deny: Droid lets a failing hook through)', async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'self-link');
      const s = await runs.server(script(c));
      await droid(c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_create', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs', async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'self-link');
      const s = await runs.server(script(c));
      await droid(c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
      expectRan(s, 'call_create');
    });
  });

  it('7. the contract context from UserPromptSubmit is in the first model request', async () => {
    const c = runs.newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
    await droid(c, s, '$stopline review files=a.txt -- look at a.txt');
    const first = s.requests.find((r) => r.kind === 'turn');
    const text = requestText(first?.body);
    expect(text).toContain('stopline contract (ARMED)');
    expect(text).toContain('mode=review');
  });

  it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
    const c = runs.newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [execute('call_rm', 'rm -rf build')] }, { toolCalls: [execute('call_ls', 'ls')] }, { text: 'done' }] }] });
    await droid(c, s, 'clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    const first = s.requests.find((r) => r.kind === 'turn');
    expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
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
