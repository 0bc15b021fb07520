/**
 * Confinement with the artifact as shipped, on the real CLI of Claude Code 2.1.332, through both
 * doors: the command hooks wrap the command when they answer, the plugin's mod (the default door)
 * hands Claude Code the same short form, whose launcher runs the plugin's hook script, which
 * builds the sandbox when the command runs. An unproven one-liner under `$stopline review` runs
 * confined too: its file never appears.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { HOSTS_FOR, runClaude, startAnthropicServer } from '../harness';
import { CHANGE_PROMPT, confineSuite, type ConfineCase, expectOneLiner, expectTestRun, handedShortForm, ONE_LINER, REVIEW_PROMPT, SANDBOX, TEST_COMMAND } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { CLAUDE_DOORS, type ClaudeDoor, doorLaunch, expectDecidedBy } from './doors';

const CMD = CLAUDE_DOORS.find((d) => d.short === 'cmd')!;
const MOD = CLAUDE_DOORS.find((d) => d.short === 'mod')!;

/** One case through `door`: the door that answered is the one asked for, then `check`; the mod hands back its launcher. */
const viaDoor = (door: ClaudeDoor, title: string, world: string, prompt: string, command: string, check: NonNullable<ConfineCase['check']>): ConfineCase => ({
  title,
  world,
  prompt,
  input: { command, description: 'run it' },
  run: (w, s, p) => {
    const launch = doorLaunch(door, requireArtifact('claude'), w.runDir);
    const env = { STOPLINE_TIMING_FILE: join(w.runDir, 'timing.jsonl') };
    return runClaude({ project: w.project, prompt: p, server: s, pluginDir: launch.pluginDir, allowedTools: ['Bash'], runDir: w.runDir, env, ...(launch.wrapper ? { wrapper: launch.wrapper } : {}), timeoutMs: 240_000 });
  },
  check: (w, s, callId) => {
    expectDecidedBy(door, join(w.runDir, 'timing.jsonl'));
    check(w, s, callId);
    if (door === MOD && SANDBOX.ok) expect(handedShortForm(w), 'the mod handed back the runner line, not the launcher').toBe(true);
  },
});

await confineSuite({ title: 'confinement on Claude Code 2.1.332', cli: 'claude', hosts: HOSTS_FOR.claude, callId: 'toolu_cf', tool: 'Bash', server: startAnthropicServer }, [
  viaDoor(CMD, 'the command hooks: change files=src/config.ts: npm test runs confined', 'claude-change', CHANGE_PROMPT, TEST_COMMAND, expectTestRun),
  // the mod decides inside Claude Code's process, where no sandbox can be started: its rewrite
  // runs the plugin's hook script, which builds the sandbox when the command runs
  viaDoor(MOD, 'the mod (the default door): change files=src/config.ts: npm test runs confined', 'claude-mod', CHANGE_PROMPT, TEST_COMMAND, expectTestRun),
  viaDoor(CMD, 'the command hooks: review: an unproven one-liner runs confined and writes nothing', 'claude-review', REVIEW_PROMPT, ONE_LINER, expectOneLiner),
  viaDoor(MOD, 'the mod: review: an unproven one-liner runs confined and writes nothing', 'claude-mod-review', REVIEW_PROMPT, ONE_LINER, expectOneLiner),
]);
