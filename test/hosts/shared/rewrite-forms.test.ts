/**
 * The registry's rewrite column as each command-hook door uses it, through the shared runner:
 * the guard is told `canRewrite` exactly where the host runs a rewritten shell command (its
 * before row's column, a shell tool), and a rewrite answer comes out in the host's own form
 * (the whole tool input, every other field kept). Where the host or the door cannot run one
 * (Qwen; a Hermes shell hook), a command the guard would only let run rewritten is a deny.
 */
import { describe, expect, it } from 'vitest';
import type { HandleOptions } from '../../../core/answer/controller';
import type { Outcome } from '../../../core/answer/outcome';
import type { ControlEvent } from '../../../core/protocol';
import { claudeAdapter } from '../../../hosts/claude/adapter';
import { codexAdapter } from '../../../hosts/codex/adapter';
import { copilotAdapter } from '../../../hosts/copilot/adapter';
import { droidAdapter } from '../../../hosts/droid/adapter';
import { geminiAdapter } from '../../../hosts/gemini/adapter';
import { pluginDoor, shellHookDoor } from '../../../hosts/hermes/doors';
import { qwenAdapter } from '../../../hosts/qwen/adapter';
import { vibeAdapter } from '../../../hosts/vibe/adapter';
import type { CommandHookAdapter } from '../../../hosts/shared/adapter';
import { answerHook, type CoreApi } from '../../../hosts/shared/runner';

/** A guard that confines every shell command it may rewrite, and denies it where it may not. */
function confiningCore(): CoreApi & { told: { tool: string; canRewrite: boolean }[] } {
  const told: { tool: string; canRewrite: boolean }[] = [];
  return {
    told,
    handleEvent: (e, opts: HandleOptions) => {
      const ev = e as ControlEvent;
      if (ev.kind !== 'action.before') return { kind: 'none' };
      told.push({ tool: ev.action!.name, canRewrite: opts.canRewrite === true });
      return opts.canRewrite ? ({ kind: 'rewrite', rewrite: { command: 'CONFINED' }, message: 'runs confined' } as Outcome) : { kind: 'deny', message: 'STOP / CONTROL\nReason: WRITE_PATH_UNPROVEN' };
    },
    failOutcome: () => ({ kind: 'none' }),
  };
}

const base = { session_id: 's1', cwd: '/w/p' };
const CASES: { name: string; adapter: CommandHookAdapter; shell: Record<string, unknown>; write: Record<string, unknown>; args?: string[]; form: (stdout: unknown) => unknown }[] = [
  {
    name: 'Claude Code: hookSpecificOutput.updatedInput, no allow of its own',
    adapter: claudeAdapter,
    shell: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test', description: 'tests', timeout: 60000 } },
    write: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/w/p/a.txt', content: 'x' } },
    form: () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'runs confined', updatedInput: { command: 'CONFINED', description: 'tests', timeout: 60000 } } }),
  },
  {
    name: 'Codex: updatedInput with the allow 0.171.0 needs',
    adapter: codexAdapter,
    shell: { ...base, hook_event_name: 'PreToolUse', turn_id: 't', tool_name: 'Bash', tool_input: { command: 'npm test' } },
    write: { ...base, hook_event_name: 'PreToolUse', turn_id: 't', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch' } },
    form: () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'runs confined', permissionDecision: 'allow', updatedInput: { command: 'CONFINED' } } }),
  },
  {
    name: 'Droid: updatedInput',
    adapter: droidAdapter,
    shell: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Execute', tool_input: { command: 'npm test', riskLevel: 'low' } },
    write: { ...base, hook_event_name: 'PreToolUse', tool_name: 'Create', tool_input: { file_path: '/w/p/a.txt', content: 'x' } },
    form: () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'CONFINED', riskLevel: 'low' } } }),
  },
  {
    name: 'Gemini CLI: hookSpecificOutput.tool_input',
    adapter: geminiAdapter,
    shell: { ...base, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test', description: 'tests' } },
    write: { ...base, hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: '/w/p/a.txt', content: 'x' } },
    form: () => ({ hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { command: 'CONFINED', description: 'tests' } } }),
  },
  {
    name: 'Copilot CLI: modifiedArgs',
    adapter: copilotAdapter,
    shell: { sessionId: 's1', cwd: '/w/p', toolName: 'bash', toolArgs: { command: 'npm test', description: 'tests' } },
    write: { sessionId: 's1', cwd: '/w/p', toolName: 'create', toolArgs: { path: '/w/p/a.txt', file_text: 'x' } },
    args: ['preToolUse'],
    form: () => ({ additionalContext: 'runs confined', permissionDecision: 'allow', modifiedArgs: { command: 'CONFINED', description: 'tests' } }),
  },
  {
    name: 'Hermes, the plugin door: {"action":"modify"} for the shim to put in place',
    adapter: pluginDoor,
    shell: { ...base, hook_event_name: 'pre_tool_call', tool_name: 'terminal', args: { command: 'npm test', timeout: 60 }, task_id: 't' },
    write: { ...base, hook_event_name: 'pre_tool_call', tool_name: 'write_file', args: { path: 'a.txt', content: 'x' }, task_id: 't' },
    form: () => ({ action: 'modify', args: { command: 'CONFINED', timeout: 60 } }),
  },
  {
    name: 'Mistral Vibe: hook_specific_output.tool_input',
    adapter: vibeAdapter,
    shell: { ...base, hook_event_name: 'pre_tool', parent_session_id: null, transcript_path: '/nowhere', tool_name: 'file_system.bash', tool_call_id: 'c1', tool_input: { command: 'npm test' } },
    write: { ...base, hook_event_name: 'pre_tool', parent_session_id: null, transcript_path: '/nowhere', tool_name: 'file_system.write_file', tool_call_id: 'c2', tool_input: { file_path: 'a.txt', content: 'x' } },
    form: () => ({ hook_specific_output: { tool_input: { command: 'CONFINED' } } }),
  },
];

describe('a rewrite in each host’s own form, where its row says it runs one', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const core = confiningCore();
      const ctx = { env: {}, cwd: '/w/p', core, ...(c.args ? { args: c.args } : {}) };
      const shell = await answerHook(c.adapter, JSON.stringify(c.shell), ctx);
      expect(shell.exitCode).toBe(0);
      expect(JSON.parse(shell.stdout)).toEqual(c.form(shell.stdout));
      // a tool that is not a shell is never rewritten: the guard is told so
      await answerHook(c.adapter, JSON.stringify(c.write), ctx);
      expect(core.told.map((t) => t.canRewrite)).toEqual([true, false]);
    });
  }
});

describe('where the host or the door runs none, the guard is told so', () => {
  it('Qwen Code 0.24.4 (its row says why): a command that may only run confined is denied', async () => {
    const core = confiningCore();
    const r = await answerHook(qwenAdapter, JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'npm test' } }), { env: {}, cwd: '/w/p', core });
    expect(core.told).toEqual([{ tool: 'run_shell_command', canRewrite: false }]);
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('a Hermes shell hook (v0.19.0 reads only a block there)', async () => {
    const core = confiningCore();
    const r = await answerHook(shellHookDoor, JSON.stringify({ hook_event_name: 'pre_tool_call', tool_name: 'terminal', tool_input: { command: 'npm test' }, session_id: 's1', cwd: '/w/p', extra: {} }), { env: {}, cwd: '/w/p', core });
    expect(core.told).toEqual([{ tool: 'terminal', canRewrite: false }]);
    expect(JSON.parse(r.stdout)).toMatchObject({ action: 'block' });
  });
});
