/**
 * Exactly one Claude door decides: the mod sets STOPLINE_CLAUDE_MOD to its process's
 * CLAUDE_PID, and every stopline command hook of that process stays silent; anywhere else
 * (no mod, another Claude process) the command hook decides.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS } from '../../../../build/artifacts.mjs';
import { CLAUDE_MOD_SHELL_GUARD, MOD_LIVE_VAR, modDecides } from '../../../../hosts/claude/mod-live';
import { NO_NEEDS, rowsToRegister } from '../../../../hosts/cli/install/observe-events';
import { claudeRegistry } from '../../../../core/registry/claude';
import { repoRoot } from '../../harness';

describe('modDecides', () => {
  it('is true only when the variable equals this process CLAUDE_PID', () => {
    expect(modDecides({ CLAUDE_PID: '42', [MOD_LIVE_VAR]: '42' })).toBe(true);
    expect(modDecides({ CLAUDE_PID: '43', [MOD_LIVE_VAR]: '42' })).toBe(false); // a nested claude
    expect(modDecides({ CLAUDE_PID: '42' })).toBe(false); // no mod
    expect(modDecides({ [MOD_LIVE_VAR]: '' })).toBe(false);
    expect(modDecides({ CLAUDE_PID: '', [MOD_LIVE_VAR]: '' })).toBe(false);
  });
});

describe('the shell guard in front of the command hook', () => {
  const run = (env: Record<string, string>) => execFileSync('/bin/sh', ['-c', `${CLAUDE_MOD_SHELL_GUARD}echo decided`], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });

  it('exits 0 silently when the mod of this process decides, runs the command otherwise', () => {
    expect(run({ CLAUDE_PID: '42', [MOD_LIVE_VAR]: '42' })).toBe('');
    expect(run({ CLAUDE_PID: '43', [MOD_LIVE_VAR]: '42' })).toBe('decided\n');
    expect(run({ CLAUDE_PID: '42' })).toBe('decided\n');
    expect(run({})).toBe('decided\n');
  });
});

describe('the plugin hooks.json', () => {
  const doc = JSON.parse(readFileSync(join(repoRoot, 'hosts', 'claude', 'hooks.json'), 'utf8')) as { modules: string[]; hooks: Record<string, { hooks: { command: string }[] }[]> };

  it('names the mod module the build writes beside it', () => {
    const mod = ARTIFACTS.find((a) => a.id === 'claude-mod')!;
    expect(doc.modules).toEqual([`./${mod.output.split('/').pop()}`]);
    expect(mod.output).toBe('claude/hooks/stopline-mod.mjs');
  });

  it('guards every command hook it registers', () => {
    // every event stopline registers without observe-only needs (hosts/cli/install/observe-events.ts)
    expect(Object.keys(doc.hooks)).toEqual(rowsToRegister(claudeRegistry, NO_NEEDS).map((e) => e.native));
    for (const groups of Object.values(doc.hooks)) for (const g of groups) for (const h of g.hooks) expect(h.command.startsWith(CLAUDE_MOD_SHELL_GUARD)).toBe(true);
  });
});

describe('the hook script itself', () => {
  // the built script as Claude Code runs it: its first part checks for the mod before anything else
  const script = join(repoRoot, 'dist', 'claude', 'stopline.mjs');

  it('answers nothing when the mod decides, even for a payload it would deny', () => {
    const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: {} });
    const env = { PATH: process.env.PATH ?? '', HOME: '/nonexistent', STOPLINE_FAIL_OPEN: '0', STOPLINE_EVALUATOR: '0' };
    const bun = join(repoRoot, 'node_modules', '.bin', 'bun');
    const silent = spawnSync(bun, [script], { input: payload, env: { ...env, CLAUDE_PID: '7', [MOD_LIVE_VAR]: '7' }, encoding: 'utf8' });
    expect([silent.status, silent.stdout]).toEqual([0, '']);
    // the same payload without the mod: fail closed denies (no session id)
    const decided = spawnSync(bun, [script], { input: payload, env: { ...env, CLAUDE_PID: '7' }, encoding: 'utf8' });
    expect(decided.stdout).toContain('GUARD_UNAVAILABLE');
  });
});
