/**
 * The seven issue-5 scenarios on the real OpenCode 1.18.33 (plus the host agent switch),
 * running the shipped plugin dist/opencode/stopline.js exactly as built from the global plugin
 * folder, offline against the harness's fake chat-completions server. Each scenario asserts the
 * host effect on the file system and what the model received next.
 *
 * Prompt words go to `opencode run` as separate arguments; `--` is put in front of them so the
 * directive's own ` -- ` reaches OpenCode (yargs would take the first `--` as the end of its
 * options and drop it).
 *
 * Per-call decision cost: the plugin appends one line per tool.execute.before to
 * STOPLINE_TIMING_FILE (time spent inside the plugin, measured in OpenCode's Bun); the suite
 * prints median and p99 at the end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureHosts,
  HOSTS_FOR,
  requestAfterToolCall,
  runOpenCode,
  startChatServer,
  type FakeModelScript,
  type FakeModelServer,
  type OpenCodeRunResult,
} from '../harness';
import { stagedToolsDir } from '../harness/hosts';
import { describeRealHost, fakeNpmEnv, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';
import { summarizeTimings } from './timings';

const SCENARIO_TIMEOUT = 600_000;
let plugin = '';

const status = await ensureHosts(HOSTS_FOR.opencode);

beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});

const runs = realHostRuns({
  prefix: 'opencode-scenarios',
  startServer: startChatServer,
  describeTimings: (file) => {
    const summary = summarizeTimings(file, 'tool.execute.before');
    return summary && `[opencode] stopline decisions inside OpenCode 1.18.33: ${summary}`;
  },
});
// the plugin throws the stamp, and OpenCode hands the model the thrown message as the result
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function opencode(c: RealHostCase, s: FakeModelServer, prompt: string, opts: { env?: Record<string, string | undefined>; args?: string[]; config?: Record<string, unknown> } = {}): Promise<OpenCodeRunResult> {
  const r = await runOpenCode({
    project: c.project,
    prompt,
    server: s,
    pluginFile: plugin,
    runDir: c.runDir,
    args: [...(opts.args ?? []), '--'],
    ...(opts.config ? { config: opts.config } : {}),
    env: { STOPLINE_TIMING_FILE: runs.timingFile, ...opts.env },
    timeoutMs: 300_000,
  });
  expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
  return r;
}

/** The model writes new.txt, reads a.txt, edits it (alpha to beta), runs `touch x`, then says `closing`. */
function writeReadEditTouch(c: RealHostCase, closing: string): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'call_write', name: 'write', input: { filePath: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'call_read', name: 'read', input: { filePath: join(c.project, 'a.txt') } }] },
          { toolCalls: [{ id: 'call_edit', name: 'edit', input: { filePath: join(c.project, 'a.txt'), oldString: 'alpha', newString: 'beta' } }] },
          { toolCalls: [{ id: 'call_bash', name: 'bash', input: { command: 'touch x' } }] },
          { text: closing },
        ],
      },
    ],
  };
}

describeRealHost(status, 'OpenCode 1.18.33 with dist/opencode/stopline.js', HOSTS_FOR.opencode, SCENARIO_TIMEOUT, () => {
  it('1. review: write, edit and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing; read runs', async () => {
    const c = runs.newCase('s1');
    const s = await runs.server(writeReadEditTouch(c, 'review finished'));
    await opencode(c, s, '$stopline review -- look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expectRan(s, 'call_read');
    for (const id of ['call_write', 'call_edit', 'call_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  });

  it('2. change files=a.txt: writing a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = runs.newCase('s2');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_a', name: 'write', input: { filePath: join(c.project, 'a.txt'), content: 'changed\n' } }] },
            { toolCalls: [{ id: 'call_b', name: 'write', input: { filePath: join(c.project, 'b.txt'), content: 'b\n' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await opencode(c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_npm', name: 'bash', input: { command: 'npm install left-pad' } }] }, { text: 'done' }] }],
    });
    const npmEnv = (c: RealHostCase) => {
      const env = fakeNpmEnv(c.runDir, c.home);
      // keep the staged ripgrep on PATH (OpenCode would download one)
      return { ...env, PATH: [join(c.runDir, 'fake-bin'), stagedToolsDir(), process.env.PATH].filter(Boolean).join(':') };
    };

    it('change (deps default ask, no person to ask): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = runs.newCase('s3-ask');
      const s = await runs.server(script());
      await opencode(c, s, '$stopline change -- add left-pad', { env: npmEnv(c) });
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = runs.newCase('s3-allow');
      const s = await runs.server(script());
      await opencode(c, s, '$stopline change deps=allow -- add left-pad', { env: npmEnv(c) });
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. subagents (the task tool)', () => {
    it('agents=1: the first task runs its child, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = runs.newCase('s4-budget');
      const task = (id: string) => ({ id, name: 'task', input: { description: 'helper', prompt: 'SUBTASK-MARK reply briefly', subagent_type: 'general' } });
      const s = await runs.server({
        threads: [
          { name: 'sub', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [task('call_task1')] }, { toolCalls: [task('call_task2')] }, { text: 'done' }] },
        ],
      });
      await opencode(c, s, '$stopline change agents=1 -- delegate the work');
      expect(s.requests.filter((r) => r.thread === 'sub')).toHaveLength(1);
      expectRan(s, 'call_task1');
      expect(s.toolResultText('call_task1')).toContain('SUB-DONE');
      expectStopped(s, 'call_task2', 'AGENT_BUDGET_EXHAUSTED');
    });

    it('review: a write made inside the child session is stopped, and the child received the contract', async () => {
      const c = runs.newCase('s4-child');
      const s = await runs.server({
        threads: [
          {
            name: 'sub',
            match: 'CHILD-MARK',
            turns: [{ toolCalls: [{ id: 'call_child_write', name: 'write', input: { filePath: join(c.project, 'child.txt'), content: 'c\n' } }] }, { text: 'SUB-DONE' }],
          },
          {
            name: 'main',
            turns: [{ toolCalls: [{ id: 'call_task', name: 'task', input: { description: 'helper', prompt: 'CHILD-MARK write child.txt', subagent_type: 'general' } }] }, { text: 'done' }],
          },
        ],
      });
      await opencode(c, s, '$stopline review -- inspect the project');
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_write', 'MODE_FORBIDS_MUTATION');
      // injected into the child before its tool was decided, so the child's next request has it
      expect(requestText(requestAfterToolCall(s.requests, 'call_child_write')?.body)).toContain('stopline contract (ARMED): mode=review');
    });
  });

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = runs.newCase('s5');
    const s = await runs.server(writeReadEditTouch(c, 'done'));
    await opencode(c, s, 'look at a.txt and tidy up');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_write', 'call_read', 'call_edit', 'call_bash']) expectRan(s, id);
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    expect(checks.map((e) => (e.action as { tool?: string } | undefined)?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (c: RealHostCase): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_write', name: 'write', input: { filePath: join(c.project, 'new.txt'), content: 'new\n' } }] }, { text: 'done' }] }],
    });

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE', async () => {
      const c = runs.newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'file');
      const s = await runs.server(script(c));
      await opencode(c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs', async () => {
      const c = runs.newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'file');
      const s = await runs.server(script(c));
      const r = await opencode(c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_write');
      expect(r.stderr).toMatch(/stopline \(opencode\): .*failing open/);
    });
  });

  it('7. the contract context from the prompt is in the model request (at the latest the one after the first tool call)', async () => {
    const c = runs.newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_read', name: 'read', input: { filePath: join(c.project, 'a.txt') } }] }, { text: 'ok' }] }] });
    await opencode(c, s, '$stopline review files=a.txt -- look at a.txt');
    const text = requestText(requestAfterToolCall(s.requests, 'call_read')?.body);
    expect(text).toContain('stopline contract (ARMED): mode=review');
    expect(text).toContain('files=a.txt');
    const first = s.requests.find((r) => r.kind === 'turn');
    console.log(`[opencode] contract context already in the first model request: ${requestText(first?.body).includes('stopline contract (ARMED)')}`);
  });

  it('host agent switch: review under plan, then `--session … --agent build` moves the contract to change; plan never does', async () => {
    const c = runs.newCase('s8-switch');
    // OpenCode's own defaults: plan denies edits, build allows them (no harness overrides)
    const config = { permission: { edit: undefined, bash: undefined, task: undefined } };
    const write = (id: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath: join(c.project, 'new.txt'), content: 'new\n' } }] });
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('call_w1'), { text: 'reviewed' }, write('call_w2'), { text: 'still review' }, write('call_w3'), { text: 'done' }] }] });
    const first = await opencode(c, s, '$stopline review -- look at a.txt', { args: ['--agent', 'plan'], config });
    expectStopped(s, 'call_w1', 'MODE_FORBIDS_MUTATION');
    const session = /"sessionID":"(ses_[A-Za-z0-9]+)"/.exec(first.stdout)?.[1];
    expect(session, 'no session id in the run output').toBeDefined();
    // the same agent again: no switch, still review
    await opencode(c, s, 'carry on', { args: ['--session', session!, '--agent', 'plan'], config });
    expectStopped(s, 'call_w2', 'MODE_FORBIDS_MUTATION');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    // the person switches to the editing agent
    await opencode(c, s, 'carry on', { args: ['--session', session!, '--agent', 'build'], config });
    expectRan(s, 'call_w3');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readEvidence(stoplineDataDir(c.home)).some((e) => e.type === 'contract' && (e.change as { via?: string } | undefined)?.via === 'host')).toBe(true);
  });
});
