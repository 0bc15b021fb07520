/**
 * What the mod door reads ahead of a decision (hosts/claude/mod/door.ts `writeTargets`): the
 * targets of the write the payload maps to and the program files it runs, placed as decide()
 * places them, so a write is decided in one run; a read names none.
 */
import { describe, expect, it } from 'vitest';
import { claudeAdapter } from '../../../../hosts/claude/adapter';
import { writeTargets } from '../../../../hosts/claude/mod/door';

const payload = (tool_name: string, tool_input: Record<string, unknown>) => ({
  session_id: 's',
  transcript_path: '/t.jsonl',
  cwd: '/p',
  hook_event_name: 'PreToolUse',
  tool_name,
  tool_input,
  tool_use_id: 'toolu_1',
});

describe('the mod reads ahead where a write lands', () => {
  const env = { HOME: '/home/u' };

  it('a shell write: its targets from the analysis, joined with the working folder', () => {
    expect(writeTargets(claudeAdapter, payload('Bash', { command: 'echo x > out/a.txt && touch b' }), env, '/p').paths).toEqual(['/p/out/a.txt', '/p/b']);
  });

  it('a Write: its file, `~/` from the home', () => {
    expect(writeTargets(claudeAdapter, payload('Write', { file_path: '/p/src/x.ts', content: '' }), env, '/p').paths).toEqual(['/p/src/x.ts']);
    expect(writeTargets(claudeAdapter, payload('Write', { file_path: '~/x.txt', content: '' }), env, '/p').paths).toEqual(['/home/u/x.txt']);
  });

  it('a program file a command runs by its path: where it lands (running one of stopline\'s own is judged there)', () => {
    expect(writeTargets(claudeAdapter, payload('Bash', { command: './build/run.sh' }), env, '/p')).toEqual({ paths: ['/p/build/run.sh'], runs: true, shell: true });
    // a plain write runs nothing: stopline's own paths are read only where a target holds one
    expect(writeTargets(claudeAdapter, payload('Bash', { command: 'echo x > out/a.txt' }), env, '/p').runs).toBe(false);
  });

  it('a command the analysis may not prove may be confined: the launchers in use are read ahead for it', () => {
    expect(writeTargets(claudeAdapter, payload('Bash', { command: 'python3 -c "print(1)"' }), env, '/p').shell).toBe(true);
  });

  it('a read, a read-only command, a payload the adapter refuses: nothing', () => {
    expect(writeTargets(claudeAdapter, payload('Read', { file_path: '/p/a.txt' }), env, '/p').paths).toEqual([]);
    // nor a confinement to come: the launchers in use are not read for it
    expect(writeTargets(claudeAdapter, payload('Bash', { command: 'git status' }), env, '/p')).toEqual({ paths: [], runs: false, shell: false });
    expect(writeTargets(claudeAdapter, { hook_event_name: 'PreToolUse' }, env, '/p').paths).toEqual([]);
  });
});
