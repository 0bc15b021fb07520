/**
 * Codex CLI 0.171.0 (verified; docs/hosts/codex.md): the hook sees exec_command
 * as `Bash` {command}, apply_patch as `apply_patch` {command: <patch envelope>},
 * spawn_agent {message}, and wait_agent as `multi_agent_v1wait_agent` {targets, timeout_ms}.
 * write_stdin has no hook at all.
 */
import type { PathResolver } from '../paths/path-resolve';
import { mcpDoubleUnderscorePatterns } from './mcp';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { codexEvents } from './codex-events';

/**
 * apply_patch headers and exec_command workdir (docs/hosts/codex.md): absolute as given, else
 * joined with the turn cwd; `~/x` (seen on the real 0.171.0: the folder `~` in the project),
 * `@` and URL forms are plain names.
 */
const CODEX_PATHS: PathResolver = { steps: ['literal'] };

export const codexRegistry: HostRegistry = {
  family: 'codex',
  displayName: hostSpec('codex').displayName,
  verifiedVersion: '0.171.0',
  events: codexEvents,
  tools: [
    t('Bash', 'shell', { canonical: 'Bash', commandField: 'command', note: 'exec_command as the hook sees it; workdir is not in the hook input' }),
    t('apply_patch', 'apply-patch', { canonical: 'Edit', patchField: 'command', pathResolver: CODEX_PATHS, note: 'the whole patch envelope arrives in tool_input.command' }),
    t('spawn_agent', 'delegate', { canonical: 'Task', note: 'one child agent per call; its tool calls go through the same hooks (verified)' }),
    t('multi_agent_v1spawn_agent', 'delegate', { canonical: 'Task', note: 'namespaced spelling (unverified; wait_agent arrives namespaced)' }),
    t('multi_agent_v1wait_agent', 'control', { note: 'waits for child agents (name as the hook spells it)' }),
    t('wait_agent', 'control'),
    t('multi_agent_v1send_input', 'control', { note: 'sends a message to a running child (unverified name)' }),
    t('send_input', 'control'),
    t('multi_agent_v1close_agent', 'control'),
    t('close_agent', 'control'),
    t('update_plan', 'control', { canonical: 'TodoWrite' }),
    t('request_user_input', 'control', { canonical: 'AskUserQuestion' }),
    t('view_image', 'read', { canonical: 'Read', readFields: ['path'] }),
    t('web_search', 'read', { canonical: 'WebSearch' }),
    t('tool_search', 'control'),
    t('get_goal', 'control'),
    t('create_goal', 'control'),
    t('update_goal', 'control'),
    t('exec_command', 'shell', { canonical: 'Bash', commandField: 'cmd', workdirField: 'workdir', pathResolver: CODEX_PATHS, note: 'model-side name; 0.171.0 hooks report it as Bash' }),
    t('shell_command', 'shell', { canonical: 'Bash', commandField: 'command', note: 'older tool name (unsupported call in 0.171.0)' }),
    t('write_stdin', 'unknown', { noHook: true, note: 'keystrokes into a running process; 0.171.0 fires no hook for it' }),
  ],
  toolPatterns: [
    { namePattern: '^(?:multi_agent_v1)?(?:list_agents|resume_agent)$', kind: 'control', note: 'child-agent bookkeeping' },
    ...mcpDoubleUnderscorePatterns().map((p) => ({ ...p, note: `${p.note ?? ''} (MCP naming on Codex not exercised in 0.171.0)` })),
  ],
  deny: 'codex-hso-deny+exit2',
  ask: 'deny',
  context: 'hookSpecificOutput.additionalContext (SessionStart, UserPromptSubmit, PostToolUse; plain stdout also works on SessionStart/UserPromptSubmit), delivered as a developer message',
  unsupported: [{ canonical: 'notice', why: 'Codex 0.171.0 has no Notification event; unknown event keys are ignored without a warning' }],
  blindSpots: [
    'write_stdin (keystrokes into a running exec_command session) fires no PreToolUse: `bash`/`python` started with a TTY and driven by write_stdin writes unseen, so interactive programs are classified unknown.',
    'PreToolUse cannot ask a person: permissionDecision "ask" is ignored and the tool runs, so ask is rendered as deny.',
    'Untrusted hooks are skipped silently; a hook command that cannot find its script exits non-zero and Codex runs the tool (fail open).',
    'exec_command `apply_patch <<EOF` heredocs write files through Bash (the shell analysis parses such heredocs) and fire no PostToolUse.',
    'The hook input carries only the command string, not exec_command workdir: relative targets are placed against the session cwd.',
  ],
  callRecord: {
    status: 'compared',
    record: 'rollout',
    where: 'the session rollout (`transcript_path`: `$CODEX_HOME/sessions/<yyyy>/<mm>/<dd>/rollout-<time>-<session>.jsonl`), one JSON line per item; each function or custom tool call carries the `call_id` the hooks get as `tool_use_id`',
  },
};
