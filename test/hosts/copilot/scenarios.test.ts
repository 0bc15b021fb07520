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
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copilotHooksDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, runCopilot, startHostChatServer, type CopilotRunResult, type FakeModelScript, type FakeModelServer } from '../harness';
import { describeRealHost, fakeNpmEnv, hookRunSummary, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.copilot);
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'copilot-scenarios',
  startServer: startHostChatServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[copilot] ${summary}`;
  },
});
// Copilot hands the model "Denied by preToolUse hook: <reason>" for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: /Denied by preToolUse hook: STOP \//, ran: { never: /Denied by preToolUse hook/ } });

type Install = 'user-hook-file' | 'plugin-dir';

/** The user hook file as `stopline install copilot` writes it: this node, the shipped script, the event as argument. */
function userHookFile(script: string): Record<string, unknown> {
  return copilotHooksDoc((event) => `'${process.execPath}' '${script}' ${event}`);
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
  for (const install of ['user-hook-file', 'plugin-dir'] as const) {
    it(`1. review (${install}): create, edit and \`touch x\` are stopped with MODE_FORBIDS_MUTATION; cat runs`, async () => {
      const c = runs.newCase(`s1-${install}`);
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [create('call_create', join(c.project, 'new.txt'))] },
              { toolCalls: [edit('call_edit', join(c.project, 'a.txt'), 'alpha', 'beta')] },
              { toolCalls: [bash('call_touch', 'touch x')] },
              { toolCalls: [bash('call_cat', 'cat a.txt')] },
              { text: 'review finished' },
            ],
          },
        ],
      });
      await copilot(c, s, '$stopline review -- look at a.txt', { install });
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      for (const id of ['call_create', 'call_edit', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
      expectRan(s, 'call_cat');
      expect(s.toolResultText('call_cat')).toContain('alpha');
    });
  }

  it('2. change files=a.txt: editing a.txt succeeds, creating b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [{ name: 'main', turns: [{ toolCalls: [edit('call_a', join(c.project, 'a.txt'), 'alpha', 'changed')] }, { toolCalls: [create('call_b', join(c.project, 'b.txt'))] }, { text: 'done' }] }],
    });
    await copilot(c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [bash('call_npm', 'npm install left-pad')] }, { text: 'done' }] }] });

    it('change (deps default ask; Copilot cannot ask): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await copilot(c, s, '$stopline change -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await copilot(c, s, '$stopline change deps=allow -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. sub-agents (task)', () => {
    it('agents=1: the first task runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = runs.newCase('s4-budget');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [task('call_task2', 'SUBTASK-MARK again')] }, { text: 'done' }] },
        ],
      });
      await copilot(c, s, '$stopline change agents=1 -- delegate the work');
      expectRan(s, 'call_task1');
      expectStopped(s, 'call_task2', 'AGENT_BUDGET_EXHAUSTED');
      expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
    });

    it("review: a `touch` inside the sub-agent is stopped (its calls carry the child's sessionId and its parent's), and the sub-agent got the contract at its start", async () => {
      const c = runs.newCase('s4-child');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [bash('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
        ],
      });
      await copilot(c, s, '$stopline review -- inspect the project');
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
      // subagentStart's additionalContext reaches the sub-agent's first request
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
            { toolCalls: [bash('call_touch', 'touch x')] },
            { text: 'done' },
          ],
        },
      ],
    });
    await copilot(c, s, 'tidy up the project');
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

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE (an explicit deny, never a crash)', async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'self-link');
      const s = await runs.server(script(c));
      await copilot(c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_create', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs (stopline answers nothing and exits 0; a crash would deny on Copilot)', async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'self-link');
      const s = await runs.server(script(c));
      await copilot(c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('call_create\n');
      expectRan(s, 'call_create');
    });
  });

  it('7. the contract context from userPromptSubmitted is in the first model request', async () => {
    const c = runs.newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
    await copilot(c, s, '$stopline review files=a.txt -- look at a.txt');
    const first = s.requests.find((r) => r.kind === 'turn');
    const text = requestText(first?.body);
    expect(text).toContain('stopline contract (ARMED)');
    expect(text).toContain('mode=review');
  });

  it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
    const c = runs.newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [bash('call_rm', 'rm -rf build')] }, { toolCalls: [bash('call_ls', 'ls')] }, { text: 'done' }] }] });
    await copilot(c, s, 'clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    const first = s.requests.find((r) => r.kind === 'turn');
    expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
  });
});
