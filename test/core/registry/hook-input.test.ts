/**
 * The person's hooks get Claude's field names from the tool's registry row, on every host, and
 * the subagent tools are known by their kind, not their name.
 */
import { describe, expect, it } from 'vitest';
import { hookInput, launchesSubagents } from '../../../core/registry/hook-input';
import { REGISTRIES, findToolEntry } from '../../../core/registry/index';

const row = (family: keyof typeof REGISTRIES, tool: string) => findToolEntry(REGISTRIES[family], tool)!;

describe('hookInput', () => {
  it('OpenCode edit: camelCase fields renamed, the path as file_path', () => {
    expect(hookInput(row('opencode', 'edit'), { filePath: 'a.ts', oldString: 'x', newString: 'y', replaceAll: true })).toEqual({
      file_path: 'a.ts',
      old_string: 'x',
      new_string: 'y',
      replace_all: true,
    });
  });

  it('OpenCode bash and task: command from the command field, task fields as they are', () => {
    expect(hookInput(row('opencode', 'bash'), { command: 'ls', workdir: '/w' })).toEqual({ command: 'ls' });
    expect(hookInput(row('opencode', 'task'), { description: 'd', prompt: 'p', subagent_type: 'general', task_id: 't' })).toEqual({ description: 'd', prompt: 'p', subagent_type: 'general' });
  });

  it('Pi edit: the edit list in Claude shape, one edit also at the top', () => {
    expect(hookInput(row('pi', 'edit'), { path: 'a.ts', edits: [{ oldText: 'x', newText: 'y' }] })).toEqual({
      file_path: 'a.ts',
      edits: [{ old_string: 'x', new_string: 'y' }],
      old_string: 'x',
      new_string: 'y',
    });
    const two = hookInput(row('pi', 'edit'), { path: 'a.ts', edits: [{ oldText: 'a', newText: 'b' }, { oldText: 'c', newText: 'd' }] });
    expect(two).toEqual({ file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] });
  });

  it('a value that is not plain is not renamed; nothing known gives undefined', () => {
    expect(hookInput(row('opencode', 'edit'), { filePath: 'a.ts', oldString: { not: 'text' } })).toEqual({ file_path: 'a.ts' });
    expect(hookInput(row('opencode', 'grep'), { pattern: 'x' })).toBeUndefined();
    expect(hookInput(row('pi', 'write'), 'not an object')).toBeUndefined();
  });
});

describe('launchesSubagents', () => {
  it.each([
    ['claude', 'Agent', true],
    ['claude', 'Workflow', true],
    ['codex', 'spawn_agent', true],
    ['opencode', 'task', true],
    ['hermes', 'delegate_task', true],
    ['pi', 'subagent', true],
    ['claude', 'Bash', false],
    ['codex', 'wait_agent', false],
  ] as const)('%s %s: %s', (family, tool, launches) => {
    expect(launchesSubagents(row(family, tool))).toBe(launches);
  });

  it('an unknown tool launches nothing', () => {
    expect(launchesSubagents(findToolEntry(REGISTRIES.opencode, 'nope'))).toBe(false);
  });
});
