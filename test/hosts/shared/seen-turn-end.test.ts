/**
 * The per-session check through each host's own door, on records in the host's format (small
 * fixtures of our own in the shape Claude Code 2.1.332 and Codex 0.171.0 write): the hook
 * payloads of some of the recorded calls reach the guard, the rest do not, and the turn end's
 * answer is what the host then shows (Claude: systemMessage + additionalContext; Codex:
 * systemMessage + a block reason).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSessionEvents } from '../../../core/evidence/log';
import { sessionKey } from '../../../core/state/session';
import { claudeAdapter } from '../../../hosts/claude/adapter';
import { codexAdapter } from '../../../hosts/codex/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import type { CommandHookAdapter } from '../../../hosts/shared/adapter';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const TRANSCRIPT = join(FIXTURES, 'claude', 'records', 'transcript.jsonl');
const ROLLOUT = join(FIXTURES, 'codex', 'records', 'rollout.jsonl');
const CLAUDE_SESSION = '5e1f0c2a-7d3b-4c11-9a0e-2b6f8d4c1e77';
const CODEX_SESSION = '01a2289a-c971-7a20-a8d5-2f21938f3467';

const dirs: string[] = [];
function envFor(): Record<string, string> {
  const root = mkdtempSync(join(tmpdir(), 'stopline-seen-'));
  dirs.push(root);
  return { HOME: join(root, 'home'), STOPLINE_HOME: join(root, 'data'), XDG_CONFIG_HOME: join(root, 'home', '.config'), STOPLINE_NO_DASHBOARD: '1' };
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function hook(adapter: CommandHookAdapter, env: Record<string, string>, payload: Record<string, unknown>) {
  const r = await answerHook(adapter, JSON.stringify(payload), { env, cwd: '/home/dev/project' });
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null };
}

describe('Claude Code: the transcript against the PreToolUse calls the guard saw', () => {
  const base = { session_id: CLAUDE_SESSION, transcript_path: TRANSCRIPT, cwd: '/home/dev/project', prompt_id: 'p-1', permission_mode: 'default' };
  const pre = (id: string, tool_name: string, tool_input: Record<string, unknown>) => ({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: id });
  const stop = (active = false) => ({ ...base, hook_event_name: 'Stop', stop_hook_active: active, last_assistant_message: 'Done.' });

  it('every call that ran was seen: the turn end prints nothing', async () => {
    const env = envFor();
    await hook(claudeAdapter, env, pre('toolu_01bash', 'Bash', { command: 'npm test' }));
    await hook(claudeAdapter, env, pre('toolu_02read', 'Read', { file_path: '/home/dev/project/a.test.ts' }));
    await hook(claudeAdapter, env, pre('toolu_03edit', 'Edit', { file_path: '/home/dev/project/a.ts', old_string: 'a', new_string: 'b' }));
    await hook(claudeAdapter, env, pre('toolu_05bash', 'Bash', { command: 'false' }));
    const r = await hook(claudeAdapter, env, stop());
    expect(r).toMatchObject({ stdout: '', exitCode: 0 });
    const seen = readSessionEvents(env.STOPLINE_HOME!, sessionKey(CLAUDE_SESSION)).records.filter((e) => e.type === 'seen');
    // the refused Write never ran: not a missed call
    expect(seen[0]!.seen).toMatchObject({ hostCalls: 4, checked: 4, unseen: 0 });
  });

  it('one Bash call bypassed the hook: the person reads a systemMessage, the model the stamp as Stop context', async () => {
    const env = envFor();
    await hook(claudeAdapter, env, pre('toolu_01bash', 'Bash', { command: 'npm test' }));
    await hook(claudeAdapter, env, pre('toolu_02read', 'Read', { file_path: '/home/dev/project/a.test.ts' }));
    await hook(claudeAdapter, env, pre('toolu_03edit', 'Edit', { file_path: '/home/dev/project/a.ts', old_string: 'a', new_string: 'b' }));
    const r = await hook(claudeAdapter, env, stop());
    expect(r.exitCode).toBe(0);
    expect(r.json!.systemMessage).toBe('stopline: 1 tool call in this session ran without stopline checking it (shell 1): its hook did not run. Run `stopline doctor` to see why.');
    const hso = r.json!.hookSpecificOutput as { hookEventName: string; additionalContext: string };
    expect(hso.hookEventName).toBe('Stop');
    expect(hso.additionalContext).toMatch(/^UNSEEN \/ CONTROL\n1 tool call in this session ran without stopline checking it \(shell 1\)/);
    expect(r.json!.decision).toBeUndefined();
    // Claude goes on with the turn (stop_hook_active) and stops again: nothing new, nothing said
    expect((await hook(claudeAdapter, env, stop(true))).stdout).toBe('');
  });

  it('the transcript cannot be read: one stderr line, nothing on stdout', async () => {
    const env = envFor();
    const r = await hook(claudeAdapter, env, { ...stop(), transcript_path: '/nonexistent/t.jsonl' });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("stopline (claude): the host's record of this session's tool calls could not be read (ENOENT); this turn was not compared\n");
  });
});

describe('Codex: the rollout against the PreToolUse calls the guard saw', () => {
  const base = { session_id: CODEX_SESSION, turn_id: 't-1', transcript_path: ROLLOUT, cwd: '/home/dev/project', model: 'gpt-5.5', permission_mode: 'bypassPermissions' };
  const pre = (id: string, tool_name: string, command: string) => ({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_input: { command }, tool_use_id: id });
  const stop = (active = false) => ({ ...base, hook_event_name: 'Stop', stop_hook_active: active, last_assistant_message: 'Done.' });
  const patch = '*** Begin Patch\n*** Update File: a.ts\n@@\n-a\n+b\n*** End Patch\n';

  it('every hooked call seen (write_stdin has no hook, the unsupported call never ran): nothing is said', async () => {
    const env = envFor();
    await hook(codexAdapter, env, pre('call_shell_1', 'Bash', 'npm test'));
    await hook(codexAdapter, env, pre('call_patch_1', 'apply_patch', patch));
    await hook(codexAdapter, env, pre('call_shell_2', 'Bash', 'bash'));
    const r = await hook(codexAdapter, env, stop());
    expect(r).toMatchObject({ stdout: '', exitCode: 0 });
    const seen = readSessionEvents(env.STOPLINE_HOME!, sessionKey(CODEX_SESSION)).records.filter((e) => e.type === 'seen');
    expect(seen[0]!.seen).toMatchObject({ hostCalls: 4, checked: 3, unseen: 0, noHook: 1 });
  });

  it('apply_patch bypassed the hook: a systemMessage for the person, the stamp as the Stop block reason for the model', async () => {
    const env = envFor();
    await hook(codexAdapter, env, pre('call_shell_1', 'Bash', 'npm test'));
    await hook(codexAdapter, env, pre('call_shell_2', 'Bash', 'bash'));
    const r = await hook(codexAdapter, env, stop());
    expect(r.exitCode).toBe(0);
    expect(r.json!.systemMessage).toBe('stopline: 1 tool call in this session ran without stopline checking it (apply-patch 1): its hook did not run. Run `stopline doctor` to see why.');
    expect(r.json!.decision).toBe('block');
    expect(r.json!.reason).toMatch(/^UNSEEN \/ CONTROL\n/);
    expect(Object.keys(r.json!).sort()).toEqual(['decision', 'reason', 'systemMessage']);
    // the turn goes on and stops again with stop_hook_active: nothing new, nothing said, no loop
    expect((await hook(codexAdapter, env, stop(true))).stdout).toBe('');
  });
});
