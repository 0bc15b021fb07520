/**
 * The seven scenarios on the real Claude Code 2.1.332, running the shipped plugin folder
 * dist/claude exactly as built (`claude -p … --plugin-dir dist/claude`), offline against the
 * harness's fake Anthropic server. Each scenario asserts the host effect on the file system and
 * what the model received next.
 *
 * Every scenario runs through both of the plugin's doors: the mod (hooks/stopline-mod.mjs,
 * deciding inside Claude Code's process) and the command hooks, which take over when mods are
 * refused (managed settings `allowManagedModsOnly`, set for the run in a private mount namespace;
 * where that cannot be done, a copy of the plugin without its module, as a Claude Code without
 * mods loads it). Each run asserts which door decided (the timing instrument names it) and that
 * the other stayed silent.
 */
import { expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { appendFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { sessionKey } from '../../../core/state/session';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, startAnthropicServer, type ClaudeRunResult, type FakeModelServer } from '../harness';
import { describeRealHost, median, scenarioRuns, requestText, requireArtifact, stopAssertions, writeUserConfig, type RealHostCase, type RealHostRuns } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';
import { CLAUDE_DOORS, runThroughDoor, sayPolicyFallback, type ClaudeDoor } from './doors';

const TOOLS = ['Read', 'Write', 'Edit', 'Bash', 'Agent'];
const status = await ensureHosts(HOSTS_FOR.claude);
const pluginDir = requireArtifact('claude');
requireArtifact('claude', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('claude', startAnthropicServer);
// Claude Code marks a stopped call's result as an error and quotes the stamp
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });

/** The mod's decision times (ms) per hook across the suite, for the latency line after it. */
const modTimes: Record<string, number[]> = {};

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

afterAll(() => {
  const pre = modTimes.PreToolUse ?? [];
  if (pre.length) console.log(`[claude mod] PreToolUse decisions inside Claude Code: ${pre.length}, median ${median(pre).toFixed(3)} ms, p99 ${percentile(pre, 99).toFixed(3)} ms (all hooks: ${Object.values(modTimes).flat().length}; a few per short -p session, so mostly first calls: the bench has the steady state)`);
  sayPolicyFallback();
});

async function claude(door: ClaudeDoor, c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}, args: string[] = []): Promise<ClaudeRunResult> {
  const { r, timing, lines } = await runThroughDoor(door, pluginDir, c, s, prompt, { allowedTools: TOOLS, env, args });
  for (const l of lines) if (l.hook) (modTimes[l.hook] ??= []).push(l.ms);
  appendFileSync(runs.timingFile, readFileSync(timing, 'utf8'));
  return r;
}

/** The plugin's data folder inside the run's HOME (`--plugin-dir` plugins get `<name>-inline`). */
function pluginData(c: RealHostCase): string {
  return join(c.home, '.claude', 'plugins', 'data', 'stopline-inline');
}

/** The cases of one door, in a folder of their own. */
function doorRuns(door: ClaudeDoor): RealHostRuns {
  return {
    get timingFile() {
      return runs.timingFile;
    },
    newCase: (...names) => runs.newCase(door.short, ...names),
    server: (script) => runs.server(script),
  };
}

const write = (id: string, path: string) => ({ id, name: 'Write', input: { file_path: path, content: `${id}\n` } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'Edit', input: { file_path: path, old_string: oldStr, new_string: newStr } });
const bash = (id: string, command: string) => ({ id, name: 'Bash', input: { command } });
const agent = (id: string, prompt: string) => ({ id, name: 'Agent', input: { description: 'helper', prompt, subagent_type: 'general-purpose', run_in_background: false } });

for (const door of CLAUDE_DOORS) {
  describeRealHost(status, `Claude Code 2.1.332 with dist/claude, decided by ${door.name}`, HOSTS_FOR.claude, TEST_TIMEOUT_MS, () => {
    const dr = doorRuns(door);
    sevenScenarios({
      runs: dr,
      tools: { create: write, edit, shell: bash, task: agent },
      toolWords: { create: 'Write', edit: 'Edit', task: 'Agent' },
      run: (c, s, prompt, env) => claude(door, c, s, prompt, env),
      expectStopped,
      expectRan,
      words: {
        cannotAsk: 'no person',
        childCall: 'its calls go through the same hooks',
        failClosed: 'an explicit deny',
        failOpen: 'stopline answers nothing',
        promptEvent: 'UserPromptSubmit',
      },
      read: (id, path) => ({ id, name: 'Read', input: { file_path: path } }),
      dataDir: pluginData,
      contextLabel: { prompt: 'UserPromptSubmit hook additional context: ', subagent: 'SubagentStart hook additional context: ' },
      contextOnce: true,
      contextAlso: ['files=a.txt'],
      subagentChecks: { reply: true },
      childWrites: true,
    });

    it("6. fail closed, a symbolic link planted in place of the session's evidence file: nothing is written through it and the Write is stopped with GUARD_UNAVAILABLE", async () => {
      const c = dr.newCase('s6-link');
      writeUserConfig(c.home, { failMode: 'closed' });
      const sessionId = '0d5e7a41-3c2b-4e8f-9a6d-5b4c3a2f1e0d';
      const runtime = join(pluginData(c), 'runtime');
      mkdirSync(runtime, { recursive: true });
      const victim = join(c.runDir, 'victim.txt');
      writeFileSync(victim, 'not stopline’s\n');
      symlinkSync(victim, join(runtime, `${sessionKey(sessionId)}.jsonl`));
      const s = await dr.server({ threads: [{ name: 'main', turns: [{ toolCalls: [write('toolu_write', join(c.project, 'new.txt'))] }, { text: 'done' }] }] });
      await claude(door, c, s, '$stopline change -- write new.txt', {}, ['--session-id', sessionId]);
      expect(readFileSync(victim, 'utf8')).toBe('not stopline’s\n');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'toolu_write', 'GUARD_UNAVAILABLE');
    });

    it('7. the contract context is in the first model request once via /stopline:stopline and /stopline too (UserPromptExpansion also fires)', async () => {
      for (const [name, prompt] of [
        ['s7-slash', '/stopline:stopline review files=a.txt -- look at a.txt'],
        ['s7-short-slash', '/stopline review files=a.txt -- look at a.txt'],
      ] as const) {
        const c = dr.newCase(name);
        const s = await dr.server({ threads: [{ name: 'main', turns: [{ text: 'ok' }] }] });
        await claude(door, c, s, prompt);
        const text = requestText(s.requests.find((r) => r.kind === 'turn')?.body);
        expect(text).toContain('UserPromptSubmit hook additional context: stopline contract (ARMED)');
        expect(text).toContain('mode=review');
        expect(text.split('additional context: stopline contract (ARMED)').length - 1).toBe(1);
      }
    });
  });
}
