/**
 * The seven issue-5 scenarios on the real Codex CLI 0.171.0, running the shipped
 * dist/codex/hooks.json + stopline.mjs exactly as built, with the trust entries a real install
 * writes into config.toml. Offline against the harness's fake Responses server. Each scenario
 * asserts the host effect on the file system and what the model received next.
 *
 * The hooks file is used the two ways it ships for (host notes §12): as a plain user hooks
 * file, copied unchanged to $CODEX_HOME/hooks.json with stopline.mjs beside it (no PLUGIN_ROOT),
 * and with PLUGIN_ROOT naming the artifact folder, as Codex sets it for plugin hooks.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runCodex, startResponsesServer, type CodexRunResult, type FakeModelScript, type FakeModelServer } from '../harness';
import { describeRealHost, fakeNpmEnv, hookRunSummary, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stoplineDataDir, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.codex);
const artifactDir = requireArtifact('codex');
requireArtifact('codex', 'stopline.mjs');
const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'codex-scenarios',
  startServer: startResponsesServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[codex] ${summary}`;
  },
});
// Codex says "Command blocked" for the shell and apply_patch, "Tool call blocked" for other tools
const { expectStopped, expectRan } = stopAssertions({ stopped: /(Command|Tool call) blocked by PreToolUse hook: STOP \//, ran: { never: /blocked by PreToolUse hook/ } });

type Install = 'user-hooks-file' | 'plugin-root';

interface Case extends RealHostCase {
  codexHome: string;
}

function newCase(name: string): Case {
  const c = runs.newCase(name);
  const codexHome = join(c.runDir, 'codex-home');
  mkdirSync(codexHome, { recursive: true });
  return { ...c, codexHome };
}

interface RunOpts {
  install?: Install;
  model?: string;
  env?: Record<string, string | undefined>;
}

async function codex(c: Case, s: FakeModelServer, prompt: string, opts: RunOpts = {}): Promise<CodexRunResult> {
  const install = opts.install ?? 'user-hooks-file';
  const env: Record<string, string | undefined> = { STOPLINE_TIMING_FILE: runs.timingFile, ...opts.env };
  if (install === 'user-hooks-file') copyFileSync(join(artifactDir, 'stopline.mjs'), join(c.codexHome, 'stopline.mjs'));
  else env.PLUGIN_ROOT = artifactDir;
  const r = await runCodex({ project: c.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: c.runDir, model: opts.model, env });
  expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;

describeRealHost(status, 'Codex 0.171.0 with dist/codex', HOSTS_FOR.codex, TEST_TIMEOUT_MS, () => {
  for (const install of ['user-hooks-file', 'plugin-root'] as const) {
    it(`1. review (${install}): apply_patch add, apply_patch update and \`touch x\` are stopped with MODE_FORBIDS_MUTATION`, async () => {
      const c = newCase(`s1-${install}`);
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [{ id: 'call_add', name: 'apply_patch', input: patch('*** Add File: new.txt\n+new\n') }] },
              { toolCalls: [{ id: 'call_update', name: 'apply_patch', input: patch('*** Update File: a.txt\n@@\n-alpha\n+beta\n') }] },
              { toolCalls: [{ id: 'call_touch', name: 'exec_command', input: { cmd: 'touch x' } }] },
              { toolCalls: [{ id: 'call_cat', name: 'exec_command', input: { cmd: 'cat a.txt' } }] },
              { text: 'review finished' },
            ],
          },
        ],
      });
      await codex(c, s, '$stopline review -- look at a.txt', { install });
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      for (const id of ['call_add', 'call_update', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
      expectRan(s, 'call_cat');
      expect(s.toolResultText('call_cat')).toContain('alpha');
    });
  }

  it('2. change files=a.txt: patching a.txt succeeds, adding b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
    const c = newCase('s2');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_a', name: 'apply_patch', input: patch('*** Update File: a.txt\n@@\n-alpha\n+changed\n') }] },
            { toolCalls: [{ id: 'call_b', name: 'apply_patch', input: patch('*** Add File: b.txt\n+b\n') }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await codex(c, s, '$stopline change files=a.txt -- update a.txt');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
  });

  describe('3. dependencies', () => {
    const script = (): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_npm', name: 'exec_command', input: { cmd: 'npm install left-pad' } }] }, { text: 'done' }] }],
    });

    it('change (deps default ask; Codex cannot ask): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
      const c = newCase('s3-ask');
      const s = await runs.server(script());
      await codex(c, s, '$stopline change -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
      expectStopped(s, 'call_npm', 'DEPENDENCY_NOT_AUTHORIZED');
    });

    it('change deps=allow: the same command reaches the shell', async () => {
      const c = newCase('s3-allow');
      const s = await runs.server(script());
      await codex(c, s, '$stopline change deps=allow -- add left-pad', { env: fakeNpmEnv(c.runDir, c.home) });
      expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
      expectRan(s, 'call_npm');
      expect(s.toolResultText('call_npm')).toContain('fake npm: install left-pad');
    });
  });

  describe('4. subagents (spawn_agent needs a model slug outside the bundled catalog)', () => {
    const spawn = (id: string, message: string) => ({ id, name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message } });
    /** wait for every child the parent spawned so far (ids from the spawn results) */
    const waitAll = (id: string) => ({
      id,
      name: 'wait_agent',
      namespace: 'multi_agent_v1',
      input: (ctx: { toolResults: { text: string }[] }) => ({
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

    it('agents=1: the first spawn_agent runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
      const c = newCase('s4-budget');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
          {
            name: 'main',
            turns: [{ toolCalls: [spawn('call_spawn1', 'SUBTASK-MARK reply briefly')] }, { toolCalls: [spawn('call_spawn2', 'SUBTASK-MARK again')] }, { toolCalls: [waitAll('call_wait')] }, { text: 'done' }],
          },
        ],
      });
      await codex(c, s, '$stopline change agents=1 -- delegate the work', { model: 'fake-model' });
      expectRan(s, 'call_spawn1');
      expectStopped(s, 'call_spawn2', 'AGENT_BUDGET_EXHAUSTED');
      expect(s.requests.filter((r) => r.thread === 'child').length).toBeGreaterThanOrEqual(1);
    });

    it('review: a `touch` inside the child agent is stopped, and the child got the contract at start', async () => {
      const c = newCase('s4-child');
      const s = await runs.server({
        threads: [
          { name: 'child', match: 'CHILD-MARK', turns: [{ toolCalls: [{ id: 'call_child_touch', name: 'exec_command', input: { cmd: 'touch child.txt' } }] }, { text: 'SUB-DONE' }] },
          { name: 'main', turns: [{ toolCalls: [spawn('call_spawn', 'CHILD-MARK create child.txt')] }, { toolCalls: [waitAll('call_wait')] }, { text: 'done' }] },
        ],
      });
      await codex(c, s, '$stopline review -- inspect the project', { model: 'fake-model' });
      expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
      expectStopped(s, 'call_child_touch', 'MODE_FORBIDS_MUTATION');
      const childFirst = s.requests.find((r) => r.thread === 'child');
      expect(requestText(childFirst?.body)).toContain('stopline contract (ARMED)');
    });
  });

  it('5. no directive: every tool runs and the evidence has one check per action', async () => {
    const c = newCase('s5');
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            { toolCalls: [{ id: 'call_add', name: 'apply_patch', input: patch('*** Add File: new.txt\n+new\n') }] },
            { toolCalls: [{ id: 'call_update', name: 'apply_patch', input: patch('*** Update File: a.txt\n@@\n-alpha\n+beta\n') }] },
            { toolCalls: [{ id: 'call_touch', name: 'exec_command', input: { cmd: 'touch x' } }] },
            { text: 'done' },
          ],
        },
      ],
    });
    await codex(c, s, 'tidy up the project');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_add', 'call_update', 'call_touch']) expectRan(s, id);
    const checks = readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'check');
    // one record per checked call, in order (evidence names tools by their canonical name)
    expect(checks.map((e) => e.action?.mutability)).toEqual(['write', 'write', 'write']);
    expect(checks[2]?.action?.tool).toBe('Bash');
    expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
  });

  describe('6. fail mode with an unusable data folder', () => {
    const script = (): FakeModelScript => ({
      threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_add', name: 'apply_patch', input: patch('*** Add File: new.txt\n+new\n') }] }, { text: 'done' }] }],
    });

    it('fail closed: the write is stopped with GUARD_UNAVAILABLE', async () => {
      const c = newCase('s6-closed');
      seedBrokenDataFolder(c, 'closed', 'self-link');
      const s = await runs.server(script());
      await codex(c, s, '$stopline change -- write new.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_add', 'GUARD_UNAVAILABLE');
    });

    it('fail open: the same write runs', async () => {
      const c = newCase('s6-open');
      seedBrokenDataFolder(c, 'open', 'self-link');
      const s = await runs.server(script());
      await codex(c, s, '$stopline change -- write new.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_add');
    });
  });

  it('7. the contract context from UserPromptSubmit is in the first model request', async () => {
    const c = newCase('s7');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
    await codex(c, s, '$stopline review files=a.txt -- look at a.txt');
    const first = s.requests.find((r) => r.kind === 'turn');
    const text = requestText(first?.body);
    expect(text).toContain('stopline contract (ARMED)');
    expect(text).toContain('mode=review');
  });

  it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
    const c = newCase('s8-user-hooks');
    seedUserHooks(c.home);
    mkdirSync(join(c.project, 'build'));
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [{ toolCalls: [{ id: 'call_rm', name: 'exec_command', input: { cmd: 'rm -rf build' } }] }, { toolCalls: [{ id: 'call_ls', name: 'exec_command', input: { cmd: 'ls' } }] }, { text: 'done' }],
        },
      ],
    });
    await codex(c, s, 'clean up the build folder');
    expect(existsSync(join(c.project, 'build'))).toBe(true);
    expect(s.toolResultText('call_rm')).toContain('USER-HOOK: no rm -rf here');
    expectRan(s, 'call_ls');
    const first = s.requests.find((r) => r.kind === 'turn');
    expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
  });
});
