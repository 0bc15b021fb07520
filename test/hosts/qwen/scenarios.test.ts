/**
 * The seven scenarios on the real Qwen Code 0.24.4, running the shipped dist/qwen exactly as
 * built: its hooks/hooks.json (the extension's, with `${CLAUDE_PLUGIN_ROOT}` filled in the way
 * Qwen fills it) in the user settings.json, offline against the harness's fake chat-completions
 * server. Headless in yolo mode (the other headless modes refuse write and shell tools before
 * any hook runs). Qwen's write_file and edit take absolute paths only, and edit wants the file
 * read first in the session. Each scenario asserts the file system and what the model received.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runQwen, startChatServer, type FakeModelScript, type FakeModelServer, type QwenRunResult, type ScriptedToolCall } from '../harness';
import { describeRealHost, fakeNpmEnv, hookRunSummary, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { shippedQwenHooks } from './shipped';

const status = await ensureHosts(HOSTS_FOR.qwen);
const artifactDir = requireArtifact('qwen');
requireArtifact('qwen', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'qwen-scenarios',
  startServer: startChatServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[qwen] ${summary}`;
  },
});
// Qwen hands the model the reason verbatim as the tool message
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /^STOP \// } });

async function qwen(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<QwenRunResult> {
  const r = await runQwen({ project: c.project, prompt, server: s, settings: { hooks: shippedQwenHooks(artifactDir) }, runDir: c.runDir, env: { STOPLINE_TIMING_FILE: runs.timingFile, ...env } });
  expect(r.code, `qwen exited ${r.code}\nstdout: ${r.stdout.slice(-2000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const shell = (id: string, command: string): ScriptedToolCall => ({ id, name: 'run_shell_command', input: { command, is_background: false } });
const agent = (id: string, prompt: string): ScriptedToolCall => ({ id, name: 'agent', input: { description: 'help', prompt, subagent_type: 'general-purpose' } });

/** The model writes new.txt, reads a.txt, edits it (alpha to beta), runs `touch x`, then says `closing`. */
function writeReadEditTouch(c: RealHostCase, closing: string): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        match: 'MAIN-MARK',
        turns: [
          { toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'call_read', name: 'read_file', input: { file_path: join(c.project, 'a.txt') } }] },
          { toolCalls: [{ id: 'call_edit', name: 'edit', input: { file_path: join(c.project, 'a.txt'), old_string: 'alpha', new_string: 'beta' } }] },
          { toolCalls: [shell('call_touch', 'touch x')] },
          { text: closing },
        ],
      },
    ],
  };
}

describeRealHost(status, 'Qwen Code 0.24.4 with dist/qwen', HOSTS_FOR.qwen, TEST_TIMEOUT_MS, () => {
  it('1. review: write_file, edit and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing', async () => {
    const c = runs.newCase('s1');
    const s = await runs.server(writeReadEditTouch(c, 'review finished'));
    await qwen(c, s, '$stopline review -- MAIN-MARK look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectRan(s, 'call_read');
    expect(s.toolResultText('call_read')).toContain('alpha');
    for (const id of ['call_write', 'call_edit', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  });

  it('1b. review: the deferred monitor tool (tool_search + tool_call) runs a shell command, and it is stopped too', async () => {
    const c = runs.newCase('s1-monitor');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          match: 'MAIN-MARK',
          turns: [
            { toolCalls: [{ id: 'call_search', name: 'tool_search', input: { query: 'select:monitor' } }] },
            { toolCalls: [{ id: 'call_monitor', name: 'tool_call', input: { name: 'monitor', arguments: { command: 'touch mon.txt', description: 'watch' } } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await qwen(c, s, '$stopline review -- MAIN-MARK watch the logs');
    expect(existsSync(join(c.project, 'mon.txt'))).toBe(false);
    expectStopped(s, 'call_monitor', 'MODE_FORBIDS_MUTATION');
  });

  it('2. change files=a.txt: editing a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          match: 'MAIN-MARK',
          turns: [
            { toolCalls: [{ id: 'call_read', name: 'read_file', input: { file_path: join(c.project, 'a.txt') } }] },
            { toolCalls: [{ id: 'call_a', name: 'edit', input: { file_path: join(c.project, 'a.txt'), old_string: 'alpha', new_string: 'changed' } }] },
            { toolCalls: [{ id: 'call_b', name: 'write_file', input: { file_path: join(c.project, 'b.txt'), content: 'b\n' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await qwen(c, s, '$stopline change files=a.txt -- MAIN-MARK update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [shell('call_npm', 'npm install left-pad')] }, { text: 'done' }] }] });

    it('change (deps default ask; Qwen cannot ask headless): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await qwen(c, s, '$stopline change -- MAIN-MARK add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await qwen(c, s, '$stopline change deps=allow -- MAIN-MARK add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. subagents (agent, general-purpose)', () => {
    it('agents=1: the first agent launch runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = runs.newCase('s4-budget');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
          { name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [agent('call_spawn1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [agent('call_spawn2', 'SUBTASK-MARK again')] }, { text: 'done' }] },
        ],
      });
      await qwen(c, s, '$stopline change agents=1 -- MAIN-MARK delegate the work');
      expectRan(s, 'call_spawn1');
      expectStopped(s, 'call_spawn2', 'AGENT_BUDGET_EXHAUSTED');
      expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
    });

    it("review: a `touch` inside the subagent is stopped (its calls carry the parent's session and an agent_id)", async () => {
      const c = runs.newCase('s4-child');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [shell('call_child_touch', 'touch child.txt')] }, { text: 'SUB-DONE' }] },
          { name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [agent('call_spawn', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
        ],
      });
      await qwen(c, s, '$stopline review -- MAIN-MARK inspect the project');
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
      // SubagentStart's context does not reach a general-purpose subagent headless (docs/hosts/qwen.md): the stamp explains the stop
      const childFirst = s.requests.find((r) => r.thread === 'child');
      expect(requestText(childFirst?.body)).not.toContain('stopline contract (ARMED)');
    });
  });

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = runs.newCase('s5');
    const s = await runs.server(writeReadEditTouch(c, 'done'));
    await qwen(c, s, 'MAIN-MARK tidy up the project');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_write', 'call_read', 'call_edit', 'call_touch']) expectRan(s, id);
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (c: RealHostCase): FakeModelScript => ({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] }, { text: 'done' }] }] });

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE', async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'self-link');
      const s = await runs.server(script(c));
      await qwen(c, s, '$stopline change -- MAIN-MARK write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs', async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'self-link');
      const s = await runs.server(script(c));
      await qwen(c, s, '$stopline change -- MAIN-MARK write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_write');
    });
  });

  it('7. the contract context from UserPromptSubmit is in the first model request, once, and in no later prompt', async () => {
    const c = runs.newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [{ id: 'call_read', name: 'read_file', input: { file_path: join(c.project, 'a.txt') } }] }, { text: 'ok' }] }] });
    await qwen(c, s, '$stopline review files=a.txt -- MAIN-MARK look at a.txt');
    const turns = s.requests.filter((q) => q.kind === 'turn');
    const count = (body: unknown) => requestText(body).split('stopline contract (ARMED): mode=review').length - 1;
    expect(count(turns[0]?.body)).toBe(1);
    expect(requestText(turns[0]?.body)).toContain('files=a.txt');
    // UserPromptSubmit fires again before the request that carries the read's result: not the person, no second copy
    expect(count(turns[turns.length - 1]?.body)).toBe(1);
  });

  it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
    const c = runs.newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({
      threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [shell('call_rm', 'rm -rf build')] }, { toolCalls: [shell('call_ls', 'ls')] }, { text: 'done' }] }],
    });
    await qwen(c, s, 'MAIN-MARK clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    const first = s.requests.find((q) => q.kind === 'turn');
    expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
  });
});
