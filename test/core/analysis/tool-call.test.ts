/**
 * analyzeToolCall per host, for every tool each registry lists. Inputs come from the
 * captured host payloads in test/fixtures/<host>/ where the lab captured that tool, and
 * from the documented input shapes (host notes) otherwise. A completeness check makes a
 * registry tool without a case fail. The hosts with a test folder keep their cases there
 * (test/hosts/<host>/rows.ts, toolCases).
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { isAction } from '../../../core/protocol';
import { REGISTRIES, findToolEntry, type RegistryFamily } from '../../../core/registry/index';
import { FOLDER_ROWS } from '../../hosts/harness/folder-rows';
import type { HostTestRows } from '../../hosts/harness/host-rows';
import { doc, fx, PROJECT as P, type ToolCase } from '../../hosts/harness/tool-cases';

import cWrite from '../../fixtures/claude/PreToolUse-Write.json';
import cEdit from '../../fixtures/claude/PreToolUse-Edit.json';
import cBash from '../../fixtures/claude/PreToolUse-Bash.json';
import cRead from '../../fixtures/claude/PreToolUse-Read.json';
import cAgent from '../../fixtures/claude/PreToolUse-Agent.json';
import cEnterWt from '../../fixtures/claude/PreToolUse-EnterWorktree.json';
import cExitWt from '../../fixtures/claude/PreToolUse-ExitWorktree.json';
import cTaskCreate from '../../fixtures/claude/PreToolUse-TaskCreate.json';
import cTaskUpdate from '../../fixtures/claude/PreToolUse-TaskUpdate.json';
import cToolSearch from '../../fixtures/claude/PreToolUse-ToolSearch.json';
import cMcp from '../../fixtures/claude/PreToolUse-mcp__lab__ask_user.json';

/** Claude Code's cases; every other host keeps its own in its test folder (its rows' toolCases). */
const CLAUDE_CASES: ToolCase[] = [
  fx('Write', cWrite.tool_input, cWrite.cwd, 'write', { paths: ['created.txt'] }),
  fx('Edit', cEdit.tool_input, cEdit.cwd, 'write', { paths: ['edit-me.txt'] }),
  fx('Bash', cBash.tool_input, cBash.cwd, 'write', { paths: ['watched.txt', '.claude/settings.local.json'] }),
  fx('Read', cRead.tool_input, cRead.cwd, 'read'),
  fx('Agent', cAgent.tool_input, cAgent.cwd, 'delegate', { delegation: 1 }),
  fx('EnterWorktree', cEnterWt.tool_input, cEnterWt.cwd, 'write', { paths: null }),
  fx('ExitWorktree', cExitWt.tool_input, cExitWt.cwd, 'write', { paths: null }),
  fx('TaskCreate', cTaskCreate.tool_input, cTaskCreate.cwd, 'control'),
  fx('TaskUpdate', cTaskUpdate.tool_input, cTaskUpdate.cwd, 'control'),
  fx('ToolSearch', cToolSearch.tool_input, cToolSearch.cwd, 'control'),
  fx('mcp__lab__ask_user', cMcp.tool_input, cMcp.cwd, 'unknown'),
  doc('ExitWorktree', { action: 'keep' }, 'control'),
  doc('MultiEdit', { file_path: `${P}/src/a.ts`, edits: [{ old_string: 'a', new_string: "createHash('md5')" }] }, 'write', { paths: ['src/a.ts'], hash: true }),
  doc('NotebookEdit', { notebook_path: `${P}/nb.ipynb`, cell_id: 'c1', new_source: '!pip install polars', edit_mode: 'replace' }, 'write', { paths: ['nb.ipynb'], dep: true }),
  doc('PowerShell', { command: 'Remove-Item -Recurse build' }, 'write', { paths: ['build'] }),
  doc('Monitor', { command: 'tail -f app.log | grep ERROR', description: 'watch errors' }, 'read'),
  doc('Monitor', { ws: 'ws://127.0.0.1:9229/x' }, 'read'),
  doc('NotebookRead', { notebook_path: `${P}/nb.ipynb` }, 'read'),
  doc('Grep', { pattern: 'TODO', path: 'src' }, 'read'),
  doc('Glob', { pattern: '**/*.ts' }, 'read'),
  doc('LS', { path: P }, 'read'),
  doc('LSP', { operation: 'hover', file_path: `${P}/a.ts` }, 'read'),
  doc('WebFetch', { url: 'https://example.com', prompt: 'x' }, 'read'),
  doc('WebSearch', { query: 'x' }, 'read'),
  doc('BashOutput', { bash_id: 'b1' }, 'read'),
  doc('ListAgents', {}, 'read'),
  doc('ListMcpResourcesTool', {}, 'read'),
  doc('ReadMcpResourceTool', { server: 's', uri: 'x://y' }, 'read'),
  doc('Task', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' }, 'delegate', { delegation: 1 }),
  doc('Workflow', { name: 'wf' }, 'delegate', { delegation: 1, unbounded: true }),
  ...['TodoWrite', 'TodoRead', 'TaskList', 'TaskGet', 'TaskOutput', 'TaskStop', 'KillShell', 'KillBash', 'EnterPlanMode', 'ExitPlanMode', 'AskUserQuestion', 'Skill', 'SlashCommand', 'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'PushNotification', 'EndConversation', 'WaitForMcpServers', 'CronCreate', 'CronDelete', 'CronList'].map((t) => doc(t, {}, 'control')),
  doc('DeferredToolPlaceholder', {}, 'unknown'),
  doc('mcp__filesystem__write_file', { path: `${P}/notes.md`, content: 'x' }, 'write', { paths: ['notes.md'] }),
  doc('mcp__github__create_pull_request', { title: 't' }, 'write', { paths: null }),
  doc('mcp__github__get_file_contents', { path: 'a' }, 'read'),
  doc('mcp__shell__run_command', { command: 'ls' }, 'unknown'),
  doc('NotARealTool', {}, 'unknown'),
];

const CASES: Partial<Record<RegistryFamily, readonly ToolCase[]>> = {
  claude: CLAUDE_CASES,
  ...Object.fromEntries(Object.entries<HostTestRows>(FOLDER_ROWS).flatMap(([host, rows]) => (rows.toolCases ? [[host, rows.toolCases]] : []))),
};

// every registry, so a host without cases fails its completeness check
for (const family of Object.keys(REGISTRIES) as RegistryFamily[]) {
  const registry = REGISTRIES[family];
  const cases = CASES[family] ?? [];
  describe(`${registry.displayName} (${family})`, () => {
    it('has a case for every tool in the registry', () => {
      const covered = new Set(cases.map((c) => c.tool));
      const missing = registry.tools.map((t) => t.name).filter((n) => !covered.has(n));
      expect(missing).toEqual([]);
    });

    it.each(cases.map((c) => [`${c.tool} (${c.from}) -> ${c.mutability}`, c] as const))('%s', (_label, c) => {
      const a = analyzeToolCall(registry, c.tool, c.input, { cwd: c.cwd, home: '/home/dev' });
      const why = (a.segments ?? []).map((s) => `${s.program}: ${s.why}`).join('\n');
      expect(isAction({ ...a }), 'the result is a valid Action').toBe(true);
      expect(a.name).toBe(c.tool);
      expect(a.mutability, why).toBe(c.mutability);
      const paths = c.paths !== undefined ? c.paths : c.mutability === 'unknown' ? null : [];
      expect(a.affectedPaths, why).toEqual(paths);
      expect(a.delegationCount).toBe(c.delegation ?? 0);
      expect(a.unboundedDelegation).toBe(c.unbounded ?? false);
      if (c.dep !== undefined) expect(a.dependencyIntent).toBe(c.dep);
      if (c.hash !== undefined) expect(a.hashIntent).toBe(c.hash);
      expect(a.cwd).toBe(c.cwd);
      const entry = findToolEntry(registry, c.tool);
      expect(a.canonicalName).toBe(entry?.canonical);
    });
  });
}

describe('analyzeToolCall never throws on odd input', () => {
  const odd: unknown[] = [undefined, null, 0, 'text', [], [1, 2], { command: null }, { command: 42 }, { command: ['rm', 'x'] }, { file_path: {} }, { edits: [null, 3, 'x'] }, { patch: 5, mode: 'patch' }, { tasks: 'not json' }, Object.create(null)];
  for (const family of Object.keys(REGISTRIES) as RegistryFamily[]) {
    const registry = REGISTRIES[family];
    it(`${family}: every tool with every odd input gives a valid Action`, () => {
      for (const t of registry.tools) {
        for (const input of odd) {
          const a = analyzeToolCall(registry, t.name, input, { cwd: P });
          expect(isAction(a), `${t.name} ${JSON.stringify(input)}`).toBe(true);
          if (t.kind === 'shell' || t.kind === 'powershell') {
            // no readable command: never a read
            if (!(typeof (input as { command?: unknown })?.command === 'string')) expect(a.mutability).not.toBe('read');
          }
        }
      }
    });
  }

  it('odd tool names and options', () => {
    const reg = REGISTRIES.claude;
    for (const name of ['', '   ', 'x'.repeat(100_000), 'mcp__', '__proto__', 'constructor'] as string[]) {
      const a = analyzeToolCall(reg, name, {}, {});
      expect(isAction(a)).toBe(true);
      expect(a.mutability).toBe('unknown');
    }
    expect(analyzeToolCall(reg, 42 as unknown as string, {}, {}).name).toBe('(unnamed tool)');
    expect(analyzeToolCall(reg, 'Bash', { command: 'ls' }, { cwd: 7 as unknown as string }).mutability).toBe('read');
  });

  it('a huge command is unknown, not a crash', () => {
    const a = analyzeToolCall(REGISTRIES.claude, 'Bash', { command: 'echo ' + 'a'.repeat(300_000) }, { cwd: P });
    expect(a.mutability).toBe('unknown');
    expect(a.segments?.[0]?.why).toMatch(/longer than/);
  });
});

describe("a tool row's canonical name", () => {
  const canonicalToolName = (family: RegistryFamily, tool: string) => findToolEntry(REGISTRIES[family], tool)?.canonical;
  it.each([
    ['claude', 'Agent', 'Task'],
    ['claude', 'Bash', 'Bash'],
    ['codex', 'apply_patch', 'Edit'],
    ['codex', 'spawn_agent', 'Task'],
    ['opencode', 'bash', 'Bash'],
    ['opencode', 'write', 'Write'],
    ['hermes', 'terminal', 'Bash'],
    ['hermes', 'patch', 'Edit'],
    ['hermes', 'delegate_task', 'Task'],
    ['pi', 'edit', 'Edit'],
    ['pi', 'subagent', 'Task'],
  ] as const)('%s %s -> %s', (fam, tool, canon) => {
    expect(canonicalToolName(fam, tool)).toBe(canon);
  });
  it('is undefined for tools with no canonical name', () => {
    expect(canonicalToolName('claude', 'mcp__x__y')).toBeUndefined();
    expect(canonicalToolName('pi', 'nope')).toBeUndefined();
  });
});
