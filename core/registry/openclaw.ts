/**
 * OpenClaw 2026.9.6 (verified offline with `openclaw agent --local`; docs/hosts/openclaw.md): a
 * native plugin's `register(api)` subscribes with `api.on(name, handler)`. `before_tool_call`
 * gets `event {toolName, params, runId, toolCallId}` and `ctx {agentId, sessionKey, sessionId,
 * runId, toolCallId}` (no folder: the plugin learns the workspace at the prompt hook). Tools: exec
 * {command, workdir?}, write {path, content}, edit {path, edits:[{oldText, newText}]}, read
 * {path}, apply_patch {input}; relative paths resolve in the agent's workspace.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { eventRow as e, toolRow as t } from './rows';

/**
 * write/edit/read `path` (docs/hosts/openclaw.md, observed on 2026.9.6 and held by
 * test/hosts/openclaw/path-forms.test.ts): one leading `@` is dropped, `~/` is the home folder, a
 * `file://` URL is its path; Unicode and leading spaces stay part of the name.
 */
const OPENCLAW_PATHS: PathResolver = { steps: ['strip-at', 'expand-home', 'file-url', 'literal'] };

export const openclawRegistry: HostRegistry = {
  family: 'openclaw',
  displayName: hostSpec('openclaw').displayName,
  verifiedVersion: '2026.9.6',
  // the plugin (hosts/openclaw) registers every row with a handler with api.on
  events: [
    e('before_prompt_build', 'prompt:submit', 'prompt.submit', false, { handler: 'prompt', outputs: ['context'], doors: ['bridge', 'listen'] }, 'the current request is `currentUserMessage` (else `prompt`); `ctx.workspaceDir` names the folder; answers {prependContext}; a plugin outside the bundle needs `hooks.allowConversationAccess: true` in its plugins.entries row, or the host never calls it; it cannot refuse a prompt'),
    e('before_tool_call', 'tool:before', 'action.before', true, { handler: 'tool-before', outputs: ['block'], doors: ['bridge', 'listen'], rewrite: 'returned-params' }, 'deny = {block: true, blockReason}, read by the model verbatim; rewrite = {params} with the whole argument object (observed: the tool ran the new command); a throw or 15 s without an answer blocks the call'),
    e('after_tool_call', 'tool:after', 'action.after', false, { handler: 'tool-after', outputs: ['silent'], doors: ['bridge', 'listen'] }, 'observe only: nothing returned reaches the model; a blocked call arrives too, with result.details.status "blocked"'),
    e('agent_end', 'turn:stop', null, false, { handler: 'turn-stop', outputs: ['silent'], doors: [] }, 'observe only: the answer cannot keep the agent going'),
  ],
  tools: [
    t('read', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: OPENCLAW_PATHS }),
    t('ls', 'read', { canonical: 'LS', readFields: ['path'], pathResolver: OPENCLAW_PATHS }),
    t('write', 'write', { canonical: 'Write', pathResolver: OPENCLAW_PATHS, pathFields: ['path'], contentFields: ['content'], hookFields: { content: 'content' } }),
    t('edit', 'multi-edit', { canonical: 'Edit', pathResolver: OPENCLAW_PATHS, pathFields: ['path'], hookEdits: { field: 'edits', oldText: 'oldText', newText: 'newText' } }),
    t('exec', 'shell', { canonical: 'Bash', commandField: 'command', workdirField: 'workdir', pathResolver: OPENCLAW_PATHS }),
    t('apply_patch', 'apply-patch', { canonical: 'Edit', patchField: 'input', pathResolver: OPENCLAW_PATHS, note: 'its paths were not observed: the write reading is applied' }),
    t('process', 'unknown', { kindBy: { field: 'action', cases: { list: 'read', poll: 'read', log: 'read' }, otherwise: 'unknown' }, note: 'write/kill act on a running exec session' }),
    t('sessions_spawn', 'delegate', { canonical: 'Task', taskField: 'task', note: 'one sub-agent session per call; not run offline here' }),
    t('sessions_yield', 'control'),
    t('tool_search', 'read'),
    t('tool_describe', 'read'),
    t('tool_call', 'unknown', { note: 'calls another tool by name (the compact tool-search surface); whether before_tool_call then sees the inner tool was not observed' }),
  ],
  toolPatterns: [],
  deny: 'openclaw-block',
  // requireApproval pauses the run for a person's /approve; offline with `agent --local` nobody can
  // answer it and its unattended outcome was not observed, so an ask is a deny here
  ask: 'deny',
  context: 'before_prompt_build returns {prependContext}, put before the request the model reads',
  unsupported: [
    { canonical: 'session:start', why: 'the plugin does not subscribe to session_start: the contract arms at the prompt hook' },
    { canonical: 'session:end', why: 'the plugin does not subscribe to session_end (not observed on the pinned version)' },
    { canonical: 'notice', why: 'OpenClaw has no notification hook for plugins' },
    { canonical: 'compact:before', why: 'before_compaction is observe-only and was not observed offline' },
    { canonical: 'subagent:start', why: 'sessions_spawn sub-agents were not run offline; their hooks are unverified' },
    { canonical: 'subagent:end', why: 'sessions_spawn sub-agents were not run offline; their hooks are unverified' },
  ],
  blindSpots: [
    '`openclaw agent exec` (the isolated headless turn) loads plugins in discovery mode only: no hook of the guard runs there.',
    'A plugin entry without `hooks.allowConversationAccess: true` never gets before_prompt_build: the contract cannot arm, and every tool call is judged without one.',
    'Sub-agent sessions (sessions_spawn, ACP agents) were not exercised: whether their tool calls reach before_tool_call, and under which session, is unverified; their session key differs, so they do not share the parent contract.',
    'The `tool_call` tool runs another tool by name; whether that inner call fires before_tool_call was not observed.',
    'Tools registered by other plugins are unknown to this table.',
  ],
  callRecord: {
    status: 'kept',
    where: 'SQLite under `~/.openclaw/agents/<agentId>/agent/openclaw-agent.sqlite`',
    why: 'the plugin runs inside OpenClaw and is handed every before_tool_call; reading the SQLite record is not wired',
  },
};
