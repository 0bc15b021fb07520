/**
 * The registration files under hosts/ are the ones the build renders from core/registry: a row
 * added, dropped or given another timeout there changes dist/ and fails here until the committed
 * copies are regenerated (`node build/host-files.mjs --write`).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { hermesRegistry } from '../../../core/registry/hermes';
import { GENERATED } from '../../../build/host-files.mjs';
import { pluginDoorHooks, renderHookFile, shippedCommand, withHookTuple } from '../../../hosts/cli/install/hook-files';
import { claudeHooks } from '../../../hosts/claude/install';

const REPO = join(__dirname, '..', '..', '..');
const read = (p: string) => readFileSync(join(REPO, p), 'utf8');

describe('committed registration files equal the rendered ones', () => {
  it.each(Object.keys(GENERATED))('%s (as the build writes it into dist/)', (file) => {
    expect(GENERATED[file]!()).toBe(read(file));
  });
});

describe('what is rendered', () => {
  it('Claude: one handler per installed row but the observe-only ones, the group stopline install writes (one matcher and timeout per row)', () => {
    const doc = JSON.parse(renderHookFile('claude')) as { hooks: Record<string, { matcher?: string; hooks: { command: string; timeout: number }[] }[]> };
    expect(Object.keys(doc.hooks)).toEqual(claudeRegistry.events.filter((e) => e.install && !e.install.observeOnly).map((e) => e.native));
    // a shipped file cannot know the person's hooks: the events only those need are left out
    expect(Object.keys(doc.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'SubagentStart', 'Stop', 'SessionEnd']);
    // SessionEnd needs an explicit timeout (Claude cancels it after ~1.5 s otherwise); it has the 10 s of every row
    expect(doc.hooks.SessionEnd![0]!.hooks[0]!.timeout).toBe(10);
    expect(doc.hooks.PreToolUse![0]!.hooks[0]!.timeout).toBe(10);
    expect(doc.hooks.PreToolUse![0]!.matcher).toBe('*');
    const installed = claudeHooks.groups(shippedCommand('claude'));
    expect(Object.entries(doc.hooks).map(([event, groups]) => ({ event, group: groups[0] }))).toEqual(installed);
  });

  it('Codex: SessionEnd is written with the 3 s Codex clamps it to', () => {
    const doc = JSON.parse(renderHookFile('codex')) as { hooks: Record<string, { hooks: { timeout: number }[] }[]> };
    expect(Object.keys(doc.hooks)).toEqual(codexRegistry.events.filter((e) => e.install && !e.install.observeOnly).map((e) => e.native));
    expect(Object.keys(doc.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'SubagentStart', 'Stop', 'SessionEnd']);
    expect(doc.hooks.SessionEnd![0]!.hooks[0]!.timeout).toBe(3);
  });

  it('Hermes: plugin.yaml and the shim list the plugin-door rows, nothing else', () => {
    const plugin = hermesRegistry.events.filter((e) => e.doors.includes('plugin')).map((e) => e.native);
    expect(pluginDoorHooks('hermes')).toEqual(plugin);
    expect(renderHookFile('hermes').split('provides_hooks:\n')[1]!.trim().split('\n').map((l) => l.replace(/^\s*-\s*/, ''))).toEqual(plugin);
    const shim = withHookTuple('hermes', 'import os\n\nHOOKS = (\n    "old_hook",\n)\n\nX = 1\n');
    expect(shim).toBe(`import os\n\nHOOKS = (\n${plugin.map((h) => `    "${h}",`).join('\n')}\n)\n\nX = 1\n`);
  });

  it('a shim without a hook tuple is refused, not shipped registering nothing', () => {
    expect(() => withHookTuple('hermes', 'import os\n')).toThrow(/HOOKS = \(/);
  });
});
