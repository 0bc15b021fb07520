/**
 * Confinement with the artifact as shipped, on the real CLI of Claude Code 2.1.332, through both
 * doors: the command hooks wrap the command when they answer, the plugin's mod (the default door)
 * hands Claude Code the same short form, whose launcher runs the plugin's hook script, which
 * builds the sandbox when the command runs. An unproven one-liner under `$stopline review` runs
 * confined too: its file never appears.
 * What is proven, and why the fixture lives under `.tmp/`: test/hosts/shared/confine-real.ts.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HOSTS_FOR, runClaude, startAnthropicServer } from '../harness';
import { CHANGE_PROMPT, confineRun, expectOneLiner, expectTestRun, handedShortForm, ONE_LINER, REVIEW_PROMPT, SANDBOX, TEST_COMMAND, turns } from '../shared/confine-real';
import { requireArtifact } from '../shared/real-host';
import { CLAUDE_DOORS, doorLaunch, expectDecidedBy } from './doors';

const { skip, world, serve } = await confineRun(HOSTS_FOR.claude);

describe('confinement on Claude Code 2.1.332', () => {
  const run = async (name: string, prompt: string, command: string, door = CLAUDE_DOORS.find((d) => d.short === 'cmd')!) => {
    const w = world(name);
    const s = await serve(startAnthropicServer(turns({ id: 'toolu_cf', name: 'Bash', input: { command, description: 'run it' } })));
    const launch = doorLaunch(door, requireArtifact('claude'), w.runDir);
    const timing = join(w.runDir, 'timing.jsonl');
    const r = await runClaude({ project: w.project, prompt, server: s, pluginDir: launch.pluginDir, allowedTools: ['Bash'], runDir: w.runDir, env: { STOPLINE_TIMING_FILE: timing }, ...(launch.wrapper ? { wrapper: launch.wrapper } : {}), timeoutMs: 240_000 });
    expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectDecidedBy(door, timing);
    return { w, s };
  };
  it.skipIf(skip(HOSTS_FOR.claude))('the command hooks: change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('claude-change', CHANGE_PROMPT, TEST_COMMAND);
    expectTestRun(w, s, 'toolu_cf');
  }, 300_000);
  // the mod decides inside Claude Code's process, where no sandbox can be started: its rewrite
  // runs the plugin's hook script, which builds the sandbox when the command runs
  it.skipIf(skip(HOSTS_FOR.claude))('the mod (the default door): change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('claude-mod', CHANGE_PROMPT, TEST_COMMAND, CLAUDE_DOORS.find((d) => d.short === 'mod')!);
    expectTestRun(w, s, 'toolu_cf');
    if (SANDBOX.ok) expect(handedShortForm(w), 'the mod handed back the runner line, not the launcher').toBe(true);
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.claude))('the command hooks: review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('claude-review', REVIEW_PROMPT, ONE_LINER);
    expectOneLiner(w, s, 'toolu_cf');
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.claude))('the mod: review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('claude-mod-review', REVIEW_PROMPT, ONE_LINER, CLAUDE_DOORS.find((d) => d.short === 'mod')!);
    expectOneLiner(w, s, 'toolu_cf');
    if (SANDBOX.ok) expect(handedShortForm(w), 'the mod handed back the runner line, not the launcher').toBe(true);
  }, 300_000);
});
