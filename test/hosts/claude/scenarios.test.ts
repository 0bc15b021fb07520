/**
 * The seven issue-5 scenarios on the real Claude Code 2.1.332, running the shipped plugin
 * folder dist/claude exactly as built (`claude -p … --plugin-dir dist/claude`), offline
 * against the harness's fake Anthropic server. Each scenario asserts the host effect on the
 * file system and what the model received next.
 *
 * Every scenario runs through both of the plugin's doors: the mod (hooks/stopline-mod.mjs,
 * deciding inside Claude Code's process) and the command hooks, which take over when mods are
 * refused (managed settings `allowManagedModsOnly`, set for the run in a private mount namespace;
 * where that cannot be done, a copy of the plugin without its module, as a Claude Code without
 * mods loads it). Each run asserts which door decided (the timing instrument names it) and that
 * the other stayed silent.
 */
import { describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { appendFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { sessionKey } from '../../../core/state/session';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runClaude, startAnthropicServer, type ClaudeRunResult, type FakeModelScript, type FakeModelServer } from '../harness';
import { describeRealHost, fakeNpmEnv, hookRunSummary, median, readEvidence, realHostRuns, requestText, requireArtifact, seedBrokenDataFolder, seedUserHooks, stopAssertions, writeUserConfig, type RealHostCase } from '../shared/real-host';
import { CLAUDE_DOORS, doorLaunch, expectDecidedBy, type ClaudeDoor } from './doors';

const TOOLS = ['Read', 'Write', 'Edit', 'Bash', 'Agent'];
const status = await ensureHosts(HOSTS_FOR.claude);
const pluginDir = requireArtifact('claude');
requireArtifact('claude', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({
  prefix: 'claude-scenarios',
  startServer: startAnthropicServer,
  describeTimings: (file) => {
    const summary = hookRunSummary(file);
    return summary && `[claude] ${summary}`;
  },
});
// Claude Code marks a stopped call's result as an error and quotes the stamp
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });

/** The mod's decision times (ms) per hook across the suite, for the latency line after it. */
const modTimes: Record<string, number[]> = {};
/** Why mods were refused some other way than by policy (said after the suite). */
const policyFallback = new Set<string>();

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

afterAll(() => {
  const pre = modTimes.PreToolUse ?? [];
  if (pre.length) console.log(`[claude mod] PreToolUse decisions inside Claude Code: ${pre.length}, median ${median(pre).toFixed(3)} ms, p99 ${percentile(pre, 99).toFixed(3)} ms (all hooks: ${Object.values(modTimes).flat().length}; a few per short -p session, so mostly first calls: the bench has the steady state)`);
  for (const why of policyFallback) console.log(`[claude] mods were refused by loading the plugin without its module, not by managed policy: ${why}`);
});

async function claude(door: ClaudeDoor, c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}, args: string[] = []): Promise<ClaudeRunResult> {
  const timing = join(c.runDir, 'timing.jsonl');
  const launch = doorLaunch(door, pluginDir, c.runDir);
  if (launch.fallback) policyFallback.add(launch.fallback);
  const r = await runClaude({
    project: c.project,
    prompt,
    server: s,
    pluginDir: launch.pluginDir,
    allowedTools: TOOLS,
    runDir: c.runDir,
    env: { STOPLINE_TIMING_FILE: timing, ...env },
    ...(args.length ? { args } : {}),
    ...(launch.wrapper ? { wrapper: launch.wrapper } : {}),
  });
  expect(r.code, `claude exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  // exactly one door decided: every timing line is the expected door's
  const lines = expectDecidedBy(door, timing);
  for (const l of lines) if (l.hook) (modTimes[l.hook] ??= []).push(l.ms);
  appendFileSync(runs.timingFile, readFileSync(timing, 'utf8'));
  return r;
}

/** The plugin's data folder inside the run's HOME (`--plugin-dir` plugins get `<name>-inline`). */
function pluginData(c: RealHostCase): string {
  return join(c.home, '.claude', 'plugins', 'data', 'stopline-inline');
}

/** The model writes new.txt, reads a.txt, edits it (alpha to beta), runs `touch x`, then says `closing`. */
function writeReadEditTouch(c: RealHostCase, closing: string): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'toolu_write', name: 'Write', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'toolu_read', name: 'Read', input: { file_path: join(c.project, 'a.txt') } }] },
          { toolCalls: [{ id: 'toolu_edit', name: 'Edit', input: { file_path: join(c.project, 'a.txt'), old_string: 'alpha', new_string: 'beta' } }] },
          { toolCalls: [{ id: 'toolu_bash', name: 'Bash', input: { command: 'touch x' } }] },
          { text: closing },
        ],
      },
    ],
  };
}

for (const door of CLAUDE_DOORS) {
  describeRealHost(status, `Claude Code 2.1.332 with dist/claude, decided by ${door.name}`, HOSTS_FOR.claude, TEST_TIMEOUT_MS, () => {
    it('1. review: Write, Edit and `touch x` are stopped with MODE_FORBIDS_MUTATION and change nothing', async () => {
      const c = runs.newCase(door.short, 's1');
      const s = await runs.server(writeReadEditTouch(c, 'review finished'));
      await claude(door, c, s, '$stopline review -- look at a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      expectRan(s, 'toolu_read');
      for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    });

    it('2. change files=a.txt: writing a.txt succeeds, writing b.txt is stopped with PATH_OUTSIDE_CONTRACT', async () => {
      const c = runs.newCase(door.short, 's2');
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [{ id: 'toolu_a', name: 'Write', input: { file_path: join(c.project, 'a.txt'), content: 'changed\n' } }] },
              { toolCalls: [{ id: 'toolu_b', name: 'Write', input: { file_path: join(c.project, 'b.txt'), content: 'b\n' } }] },
              { text: 'done' },
            ],
          },
        ],
      });
      await claude(door, c, s, '$stopline change files=a.txt -- update a.txt');
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
      expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
      expectRan(s, 'toolu_a');
      expectStopped(s, 'toolu_b', 'PATH_OUTSIDE_CONTRACT');
    });

    describe('3. dependencies', () => {
      const script = (): FakeModelScript => ({
        threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'toolu_npm', name: 'Bash', input: { command: 'npm install left-pad' } }] }, { text: 'done' }] }],
      });

      it('change (deps default ask, no person): `npm install left-pad` is stopped with DEPENDENCY_NOT_AUTHORIZED', async () => {
        const c = runs.newCase(door.short, 's3-ask');
        const s = await runs.server(script());
        await claude(door, c, s, '$stopline change -- add left-pad', fakeNpmEnv(c.runDir, c.home));
        expect(existsSync(join(c.project, 'npm-ran.txt'))).toBe(false);
        expectStopped(s, 'toolu_npm', 'DEPENDENCY_NOT_AUTHORIZED');
      });

      it('change deps=allow: the same command reaches the shell', async () => {
        const c = runs.newCase(door.short, 's3-allow');
        const s = await runs.server(script());
        await claude(door, c, s, '$stopline change deps=allow -- add left-pad', fakeNpmEnv(c.runDir, c.home));
        expect(readFileSync(join(c.project, 'npm-ran.txt'), 'utf8')).toBe('install left-pad\n');
        expectRan(s, 'toolu_npm');
        expect(s.toolResultText('toolu_npm')).toContain('fake npm: install left-pad');
      });
    });

    describe('4. subagents', () => {
      it('agents=1: the first Agent launch runs, the second is stopped with AGENT_BUDGET_EXHAUSTED', async () => {
        const c = runs.newCase(door.short, 's4-budget');
        const agent = (id: string) => ({ id, name: 'Agent', input: { description: 'helper', prompt: 'SUBTASK-MARK reply briefly', subagent_type: 'general-purpose', run_in_background: false } });
        const s = await runs.server({
          threads: [
            { name: 'sub', match: 'SUBTASK-MARK', turns: [{ text: 'SUB-DONE' }] },
            { name: 'main', turns: [{ toolCalls: [agent('toolu_agent1')] }, { toolCalls: [agent('toolu_agent2')] }, { text: 'done' }] },
          ],
        });
        await claude(door, c, s, '$stopline change agents=1 -- delegate the work');
        expect(s.requests.filter((r) => r.thread === 'sub')).toHaveLength(1);
        expectRan(s, 'toolu_agent1');
        expect(s.toolResultText('toolu_agent1')).toContain('SUB-DONE');
        expectStopped(s, 'toolu_agent2', 'AGENT_BUDGET_EXHAUSTED');
      });

      it('review: a Write made inside the subagent is stopped, and the child got the contract at start', async () => {
        const c = runs.newCase(door.short, 's4-child');
        const s = await runs.server({
          threads: [
            {
              name: 'sub',
              match: 'CHILD-MARK',
              turns: [{ toolCalls: [{ id: 'toolu_child_write', name: 'Write', input: { file_path: join(c.project, 'child.txt'), content: 'c\n' } }] }, { text: 'SUB-DONE' }],
            },
            {
              name: 'main',
              turns: [
                { toolCalls: [{ id: 'toolu_agent', name: 'Agent', input: { description: 'helper', prompt: 'CHILD-MARK write child.txt', subagent_type: 'general-purpose', run_in_background: false } }] },
                { text: 'done' },
              ],
            },
          ],
        });
        await claude(door, c, s, '$stopline review -- inspect the project');
        expect(existsSync(join(c.project, 'child.txt'))).toBe(false);
        expectStopped(s, 'toolu_child_write', 'MODE_FORBIDS_MUTATION');
        const childFirst = s.requests.find((r) => r.thread === 'sub');
        expect(requestText(childFirst?.body)).toContain('SubagentStart hook additional context: stopline contract');
      });
    });

    it('5. no directive: every tool runs and the evidence has one check per action', async () => {
      const c = runs.newCase(door.short, 's5');
      const s = await runs.server(writeReadEditTouch(c, 'done'));
      await claude(door, c, s, 'look at a.txt and tidy up');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
      expect(existsSync(join(c.project, 'x'))).toBe(true);
      for (const id of ['toolu_write', 'toolu_read', 'toolu_edit', 'toolu_bash']) expectRan(s, id);
      const checks = readEvidence(pluginData(c)).filter((e) => e.type === 'check');
      expect(checks.map((e) => e.action?.tool)).toEqual(['Write', 'Read', 'Edit', 'Bash']);
      expect(checks.every((e) => e.decision?.reasonCode === 'CONTROL_INACTIVE')).toBe(true);
    });

    describe('6. fail mode with an unusable data folder', () => {
      const script = (c: RealHostCase): FakeModelScript => ({
        threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'toolu_write', name: 'Write', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] }, { text: 'done' }] }],
      });

      it('fail closed: the Write is stopped with GUARD_UNAVAILABLE', async () => {
        const c = runs.newCase(door.short, 's6-closed');
        seedBrokenDataFolder(c, 'closed', 'self-link');
        const s = await runs.server(script(c));
        await claude(door, c, s, '$stopline change -- write new.txt');
        expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
        expectStopped(s, 'toolu_write', 'GUARD_UNAVAILABLE');
      });

      it('fail open: the same Write runs', async () => {
        const c = runs.newCase(door.short, 's6-open');
        seedBrokenDataFolder(c, 'open', 'self-link');
        const s = await runs.server(script(c));
        await claude(door, c, s, '$stopline change -- write new.txt');
        expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
        expectRan(s, 'toolu_write');
      });

      it("fail closed, a symbolic link planted in place of the session's evidence file: nothing is written through it and the Write is stopped with GUARD_UNAVAILABLE", async () => {
        const c = runs.newCase(door.short, 's6-link');
        writeUserConfig(c.home, { failMode: 'closed' });
        const sessionId = '0d5e7a41-3c2b-4e8f-9a6d-5b4c3a2f1e0d';
        const runtime = join(pluginData(c), 'runtime');
        mkdirSync(runtime, { recursive: true });
        const victim = join(c.runDir, 'victim.txt');
        writeFileSync(victim, 'not stopline’s\n');
        symlinkSync(victim, join(runtime, `${sessionKey(sessionId)}.jsonl`));
        const s = await runs.server(script(c));
        await claude(door, c, s, '$stopline change -- write new.txt', {}, ['--session-id', sessionId]);
        expect(readFileSync(victim, 'utf8')).toBe('not stopline’s\n');
        expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
        expectStopped(s, 'toolu_write', 'GUARD_UNAVAILABLE');
      });
    });

    it('7. the contract context from UserPromptSubmit is in the first model request (also via /stopline:stopline and /stopline)', async () => {
      for (const [name, prompt] of [
        ['s7-dollar', '$stopline review files=a.txt -- look at a.txt'],
        ['s7-slash', '/stopline:stopline review files=a.txt -- look at a.txt'],
        ['s7-short-slash', '/stopline review files=a.txt -- look at a.txt'],
      ] as const) {
        const c = runs.newCase(door.short, name);
        const s = await runs.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
        await claude(door, c, s, prompt);
        const first = s.requests.find((r) => r.kind === 'turn');
        const text = requestText(first?.body);
        expect(text).toContain('UserPromptSubmit hook additional context: stopline contract (ARMED)');
        expect(text).toContain('mode=review');
        // the slash form also fires UserPromptExpansion: the contract is still injected once
        expect(text.split('additional context: stopline contract (ARMED)').length - 1).toBe(1);
      }
    });

    it("the person's own stopline.json hooks run next to the guard: context reaches the model, an exit-2 hook stops `rm -rf`", async () => {
      const c = runs.newCase(door.short, 's8-user-hooks');
      seedUserHooks(c.home);
      mkdirSync(join(c.project, 'build'));
      const s = await runs.server({
        threads: [
          {
            name: 'main',
            turns: [{ toolCalls: [{ id: 'toolu_rm', name: 'Bash', input: { command: 'rm -rf build' } }] }, { toolCalls: [{ id: 'toolu_ls', name: 'Bash', input: { command: 'ls' } }] }, { text: 'done' }],
          },
        ],
      });
      await claude(door, c, s, 'clean up the build folder');
      expect(existsSync(join(c.project, 'build'))).toBe(true);
      expect(s.toolResult('toolu_rm')?.text).toContain('USER-HOOK: no rm -rf here');
      expectRan(s, 'toolu_ls');
      const first = s.requests.find((r) => r.kind === 'turn');
      expect(requestText(first?.body)).toContain('USER-HOOK-CONTEXT');
    });
  });
}
