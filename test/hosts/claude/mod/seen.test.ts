/**
 * The per-session check through the built mod (dist/claude/hooks/stopline-mod.mjs), as Claude
 * Code loads it (./mod-host.ts): the mod keeps the files it reads in a memory volume, and the
 * transcript is Claude Code's and grows between turn ends, so each Stop must read it again.
 * Claude Code's own run of the mod is in test/hosts/claude/seen.test.ts.
 */
import { appendFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireArtifact, tempFoldersPerTest } from '../../shared/real-host';
import { ModHost } from './mod-host';

const bundle = requireArtifact('claude', 'hooks', 'stopline-mod.mjs');
const newDir = tempFoldersPerTest('claude-mod-seen');
const SESSION = '5e1f0c2a-7d3b-4c11-9a0e-2b6f8d4c1e77';
const TRANSCRIPT = join(__dirname, '..', '..', '..', 'fixtures', 'claude', 'records', 'transcript.jsonl');

function person() {
  const root = newDir();
  const home = join(root, 'home');
  const project = join(root, 'proj');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const transcript = join(home, 't.jsonl');
  copyFileSync(TRANSCRIPT, transcript);
  const host = new ModHost(bundle, {
    env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' },
    hookEnv: { CLAUDE_PID: '4242', CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_DATA: join(home, 'data'), CLAUDE_CODE_SESSION_ATTENDED: '0', CLAUDE_PLUGIN_ROOT: join(root, 'plugin') },
  });
  const base = { session_id: SESSION, transcript_path: transcript, cwd: project };
  return {
    host,
    transcript,
    start: () => host.raise('classic.SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' }),
    tool: async (id: string, tool: string, input: Record<string, unknown>) => {
      await host.raise('tool.call', { tool, tool_use_id: id, ...input });
      return host.raise('classic.PreToolUse', { tool, tool_use_id: id, ...input });
    },
    stop: (active = false) => host.raise('classic.Stop', { ...base, hook_event_name: 'Stop', stop_hook_active: active }),
  };
}

const bashLine = (id: string) => JSON.stringify({ type: 'assistant', timestamp: new Date().toISOString(), message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } }] } });
const shown = (host: ModHost) => host.logs.filter((l) => !l.debug).map((l) => l.text);

describe('the mod at the turn end', () => {
  it('reads the transcript through $.fs, tells the person ($.ui.log) and the model (Stop context) about the calls it never saw', async () => {
    const p = person();
    await p.start();
    await p.tool('toolu_01bash', 'Bash', { command: 'npm test' });
    await p.tool('toolu_02read', 'Read', { file_path: '/home/dev/project/a.test.ts' });
    await p.tool('toolu_03edit', 'Edit', { file_path: '/home/dev/project/a.ts', old_string: 'a', new_string: 'b' });
    const r = await p.stop();
    expect(r.calls.filter((c) => c.noun === 'fs.read').map((c) => c.args[0])).toContain(p.transcript);
    const v = r.value as { additionalContext?: string[] };
    expect(v.additionalContext).toHaveLength(1);
    expect(v.additionalContext![0]).toMatch(/^UNSEEN \/ CONTROL\n1 tool call in this session ran without stopline checking it \(shell 1\)/);
    expect(shown(p.host)).toEqual(['1 tool call in this session ran without stopline checking it (shell 1): its hook did not run. Run `stopline doctor` to see why.']);
  });

  it('the transcript grows between turn ends: the next Stop reads it again and reports only the new call', async () => {
    const p = person();
    await p.start();
    for (const [id, tool] of [['toolu_01bash', 'Bash'], ['toolu_02read', 'Read'], ['toolu_03edit', 'Edit'], ['toolu_05bash', 'Bash']] as const) await p.tool(id, tool, { command: 'x', file_path: '/p/a', old_string: 'a', new_string: 'b' });
    expect((await p.stop()).value).toEqual({});
    await p.host.settle();
    appendFileSync(p.transcript, `${bashLine('toolu_later')}\n`);
    const r = await p.stop();
    expect((r.value as { additionalContext?: string[] }).additionalContext?.[0]).toContain('1 tool call in this session ran without stopline checking it (shell 1)');
    // Claude goes on with the turn and stops again: nothing new, nothing said
    await p.host.settle();
    expect((await p.stop(true)).value).toEqual({});
    expect(shown(p.host)).toHaveLength(1);
  });

  it('while Claude already goes on with the turn (stop_hook_active), a new missed call is told to the person only', async () => {
    const p = person();
    await p.start();
    const r = await p.stop(true);
    expect(r.value).toEqual({});
    expect(shown(p.host)[0]).toContain('4 tool calls in this session ran without stopline checking them');
  });
});
