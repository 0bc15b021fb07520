/**
 * The seven scenarios on the real Gemini CLI 0.61.0, running the shipped dist/gemini exactly as
 * built: its hooks/hooks.json (the extension's, with `${extensionPath}` filled in the way Gemini
 * fills it) in the user settings.json, offline against the harness's fake Gemini API. Headless
 * (`-p`) in yolo mode, the only mode in which the write and shell tools are offered at all. Each
 * scenario asserts the file system and what the model received next.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runGemini, startGeminiServer, type FakeModelScript, type FakeModelServer, type GeminiRunResult } from '../harness';
import { shippedGeminiHooks } from './shipped';
import { describeRealHost, fakeNpmEnv, hookRunSummary, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.gemini);
const artifactDir = requireArtifact('gemini');
requireArtifact('gemini', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'gemini-scenarios',
  startServer: startGeminiServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[gemini] ${summary}`;
  },
});
// Gemini hands the model {"error": "Tool execution blocked: <reason>"} for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: 'Tool execution blocked: STOP /', ran: { never: 'Tool execution blocked' } });

async function gemini(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<GeminiRunResult> {
  const r = await runGemini({ project: c.project, prompt, server: s, settings: { hooks: shippedGeminiHooks(artifactDir) }, runDir: c.runDir, env: { STOPLINE_TIMING_FILE: runs.timingFile, ...env } });
  expect(r.code, `gemini exited ${r.code}\nstdout: ${r.stdout.slice(-2000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

/** The model writes new.txt, reads a.txt, replaces alpha with beta in it, runs `touch x`, then says `closing`. */
function writeReadEditTouch(closing: string, marker = 'MAIN-MARK'): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        match: marker,
        turns: [
          { toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: 'new.txt', content: 'new\n' } }] },
          { toolCalls: [{ id: 'call_read', name: 'read_file', input: { file_path: 'a.txt' } }] },
          { toolCalls: [{ id: 'call_edit', name: 'replace', input: { file_path: 'a.txt', instruction: 'rename', old_string: 'alpha', new_string: 'beta' } }] },
          { toolCalls: [{ id: 'call_touch', name: 'run_shell_command', input: { command: 'touch x' } }] },
          { text: closing },
        ],
      },
    ],
  };
}

const shell = (id: string, command: string) => ({ id, name: 'run_shell_command', input: { command } });
const agent = (id: string, prompt: string) => ({ id, name: 'invoke_agent', input: { agent_name: 'generalist', prompt } });
/** A subagent's thread: its own calls, then complete_task (how a Gemini subagent ends), then text. */
const childThread = (name: string, match: string, calls: ReturnType<typeof shell>[]): FakeModelScript['threads'][number] => ({
  name,
  match,
  turns: [...calls.map((c) => ({ toolCalls: [c] })), { toolCalls: [{ id: `call_${name}_done`, name: 'complete_task', input: { result: { response: 'SUB-DONE' } } }] }, { text: 'SUB-DONE' }],
});

describeRealHost(status, 'Gemini CLI 0.61.0 with dist/gemini', HOSTS_FOR.gemini, TEST_TIMEOUT_MS, () => {
  it('1. review: write_file, replace and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing', async () => {
    const c = runs.newCase('s1');
    const s = await runs.server(writeReadEditTouch('review finished'));
    await gemini(c, s, '$stopline review -- MAIN-MARK look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectRan(s, 'call_read');
    expect(s.toolResultText('call_read')).toContain('alpha');
    for (const id of ['call_write', 'call_edit', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  });

  it('2. change files=a.txt: replacing in a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          match: 'MAIN-MARK',
          turns: [
            { toolCalls: [{ id: 'call_a', name: 'replace', input: { file_path: 'a.txt', instruction: 'change', old_string: 'alpha', new_string: 'changed' } }] },
            { toolCalls: [{ id: 'call_b', name: 'write_file', input: { file_path: 'b.txt', content: 'b\n' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await gemini(c, s, '$stopline change files=a.txt -- MAIN-MARK update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [shell('call_npm', 'npm install left-pad')] }, { text: 'done' }] }] });

    it('change (deps default ask; Gemini cannot ask headless): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await gemini(c, s, '$stopline change -- MAIN-MARK add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await gemini(c, s, '$stopline change deps=allow -- MAIN-MARK add left-pad', fakeNpmEnv(c.runDir, c.home));
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. subagents (invoke_agent generalist)', () => {
    it('agents=1: the first invoke_agent runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = runs.newCase('s4-budget');
      const s = await runs.server({
        threads: [
          childThread('child', 'SUBTASK-MARK', []),
          { name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [agent('call_spawn1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [agent('call_spawn2', 'SUBTASK-MARK again')] }, { text: 'done' }] },
        ],
      });
      await gemini(c, s, '$stopline change agents=1 -- MAIN-MARK delegate the work');
      expectRan(s, 'call_spawn1');
      expectStopped(s, 'call_spawn2', 'AGENT_BUDGET_EXHAUSTED');
      expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
    });

    it("review: a `touch` inside the subagent is stopped (its calls carry the parent's session)", async () => {
      const c = runs.newCase('s4-child');
      const s = await runs.server({
        threads: [
          childThread('child', 'CHILD-MARK', [shell('call_child_touch', 'touch child.txt')]),
          { name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [agent('call_spawn', 'CHILD-MARK create child.txt')] }, { text: 'done' }] },
        ],
      });
      await gemini(c, s, '$stopline review -- MAIN-MARK inspect the project');
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
      // a delegation is no change: review lets the subagent start
      expectRan(s, 'call_spawn');
    });
  });

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = runs.newCase('s5');
    const s = await runs.server(writeReadEditTouch('done'));
    await gemini(c, s, 'MAIN-MARK tidy up the project');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_write', 'call_read', 'call_edit', 'call_touch']) expectRan(s, id);
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.map((e) => e.action?.mutability)).toEqual(['write', 'read', 'write', 'write']);
    expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (): FakeModelScript => ({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [{ id: 'call_write', name: 'write_file', input: { file_path: 'new.txt', content: 'new\n' } }] }, { text: 'done' }] }] });

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE', async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'self-link');
      const s = await runs.server(script());
      await gemini(c, s, '$stopline change -- MAIN-MARK write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs', async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'self-link');
      const s = await runs.server(script());
      await gemini(c, s, '$stopline change -- MAIN-MARK write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_write');
    });
  });

  it('7. the contract context from BeforeAgent is in the first model request, once', async () => {
    const c = runs.newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ text: 'ok' }] }] });
    const r = await gemini(c, s, '$stopline review files=a.txt -- MAIN-MARK look at a.txt');
    const first = s.requests.find((q) => q.kind === 'turn');
    const text = requestText(first?.body);
    expect(text.split('stopline contract (ARMED): mode=review').length - 1).toBe(1);
    expect(text).toContain('files=a.txt');
    // the notice reaches the person on stderr
    expect(r.stderr).toContain('stopline: contract set: ARMED / review');
  });

  it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
    const c = runs.newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({
      threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [shell('call_rm', 'rm -rf build')] }, { toolCalls: [shell('call_ls', 'ls')] }, { text: 'done' }] }],
    });
    await gemini(c, s, 'MAIN-MARK clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    const first = s.requests.find((q) => q.kind === 'turn');
    expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
  });
});
