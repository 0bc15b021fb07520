/**
 * The person's hooks get Claude's field names from the tool's registry row, on every host, and
 * the subagent tools are known by their kind, not their name.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { hookInput, launchesSubagents, toolHookInput } from '../../../core/registry/hook-input';
import { REGISTRIES, findToolEntry } from '../../../core/registry/index';
import type { HostRegistry, ToolEntry } from '../../../core/registry/types';
import type { CommandHookAdapter } from '../../../hosts/shared/adapter';
import { copilotAdapter } from '../../../hosts/copilot/adapter';
import { droidAdapter } from '../../../hosts/droid/adapter';
import { geminiAdapter } from '../../../hosts/gemini/adapter';
import { kimiAdapter } from '../../../hosts/kimi/adapter';
import { openhandsAdapter } from '../../../hosts/openhands/adapter';
import { vibeAdapter } from '../../../hosts/vibe/adapter';
import { canonicalInput as piInput } from '../../../hosts/pi/adapter';
import { canonicalInput as opencodeInput } from '../../../hosts/opencode/adapter';
import type { ControlEvent } from '../../../core/protocol';

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

/** An input for a tool row: a path in each path field, a command in its command field, a value in each renamed field. */
function sampleInput(entry: ToolEntry): Record<string, unknown> {
  const input: Record<string, unknown> = { untouched: 1 };
  for (const f of entry.pathFields ?? []) input[f] = 'src/a.ts';
  for (const host of Object.values(entry.hookFields ?? {})) input[host] = 'v';
  if (entry.hookEdits) input[entry.hookEdits.field] = [{ [entry.hookEdits.oldText]: 'x', [entry.hookEdits.newText]: 'y' }];
  if (entry.commandField) input[entry.commandField] = 'ls';
  return input;
}

describe('toolHookInput: one reading of a call for every door', () => {
  it('a name the table lacks, a name that is not text, an input that is not an object: nothing, the raw input goes alone', () => {
    expect(toolHookInput(REGISTRIES.pi, 'nope', { path: 'a' })).toBeUndefined();
    expect(toolHookInput(REGISTRIES.pi, 7, { path: 'a' })).toBeUndefined();
    expect(toolHookInput(REGISTRIES.pi, 'write', ['a'])).toBeUndefined();
    expect(toolHookInput(REGISTRIES.pi, 'write', { path: 'a.txt', content: 'x' })).toEqual({ file_path: 'a.txt', content: 'x' });
  });

  const event = { protocolVersion: 1, kind: 'action.before', sessionId: 's', host: { family: 'claude' } } as ControlEvent;
  const doors: [string, HostRegistry, (tool: string, input: Record<string, unknown>) => unknown][] = [
    ...([
      ['copilot', copilotAdapter],
      ['droid', droidAdapter],
      ['gemini', geminiAdapter],
      ['kimi', kimiAdapter],
      ['openhands', openhandsAdapter],
      ['vibe', vibeAdapter],
    ] as [string, CommandHookAdapter][]).map(([name, a]): [string, HostRegistry, (tool: string, input: Record<string, unknown>) => unknown] => [
      name,
      a.registry,
      (tool, input) => a.userHooks!.canonicalInput!({ hook_event_name: 'x', session_id: 's', tool_name: tool, tool_input: input }, event),
    ]),
    ['pi', REGISTRIES.pi, piInput],
    ['opencode', REGISTRIES.opencode, opencodeInput],
  ];

  it.each(doors)("%s: every tool row reaches the person's hooks as the one function reads it", (_name, registry, door) => {
    expect(registry.tools.length).toBeGreaterThan(0);
    for (const entry of registry.tools) {
      const input = sampleInput(entry);
      const seen = door(entry.name, input);
      expect(seen, entry.name).toEqual(toolHookInput(registry, entry.name, input));
      if (entry.pathFields?.length) expect(seen, entry.name).toMatchObject({ file_path: 'src/a.ts' });
      if (entry.commandField) expect(seen, entry.name).toMatchObject({ command: 'ls' });
    }
  });

  it('no door builds it again: the table lookup and the renaming are called only through toolHookInput', () => {
    const doorFiles = ['copilot', 'droid', 'gemini', 'kimi', 'openhands', 'vibe', 'pi', 'opencode'].map((h) => `hosts/${h}/adapter.ts`).concat('hosts/shared/in-process/runtime.ts');
    for (const file of doorFiles) {
      const text = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
      expect(text, file).toMatch(/\btoolHookInput\(/);
      expect(text, file).not.toMatch(/\bhookInput\(entry/);
    }
  });
});
