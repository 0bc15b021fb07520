/**
 * OpenCode 1.18.33 (verified; docs/hosts/opencode.md): plugin
 * tool.execute.before gets lower-case tool names and `output.args`: write {filePath,
 * content}, edit {filePath, oldString, newString, replaceAll?}, bash {command, timeout?,
 * workdir?}, task {description, prompt, subagent_type, task_id?, command?}.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { eventRow as e, toolRow as t } from './rows';

/**
 * filePath, patch headers and bash workdir (docs/hosts/opencode.md): absolute as given, else
 * joined with the instance directory; no `~`, `@` or URL handling, such forms are names.
 */
const OPENCODE_PATHS: PathResolver = { steps: ['literal'] };

/**
 * The hooks of OpenCode's plugin object the plugin fills besides `event` (the rows below with a
 * handler and no `bus`), as named in the Hooks type of 1.18.33. The conformance test checks the
 * plugin's hook object against the rows.
 */
export type OpenCodeHookName = 'tool.execute.before' | 'tool.execute.after' | 'experimental.session.compacting';

export const opencodeRegistry: HostRegistry = {
  family: 'opencode',
  displayName: hostSpec('opencode').displayName,
  verifiedVersion: '1.18.33',
  // the plugin (hosts/opencode) registers the rows with a handler: those marked `bus` arrive
  // through its `event` hook, the others are hooks of their own
  events: [
    e('session.created', 'session:start', null, false, { handler: 'session-info', bus: true, outputs: ['context'], doors: [] }, 'event hook (not awaited); a child session (parentID) is remembered for its root; hook context waits for the first prompt, which names the agent to inject with'),
    e('session.updated', null, null, false, { handler: 'session-info', bus: true, outputs: ['silent'], doors: [] }, 'keeps the session -> parent map'),
    e('message.updated', null, null, false, { handler: 'message-info', bus: true, outputs: ['silent'], doors: [] }, 'role and agent of a message, learnt before its parts arrive'),
    e('message.part.updated', 'prompt:submit', 'prompt.submit', false, { handler: 'person-text', bus: true, outputs: ['context'], doors: [] }, 'a user text part: the whole message is read back with client.session.message; synthetic or ignored parts never count; a child session\'s first prompt is subagent:start instead; the prompt has already gone to the model, so a hook deny is told as context'),
    e('tool.execute.before', 'tool:before', 'action.before', true, { handler: 'tool-before', outputs: ['block'], doors: ['bridge', 'listen'], rewrite: 'args-in-place' }, 'rewrite: the command is set in output.args in place (a new args object is ignored; verified on 1.18.33); deny = throw new Error(stamp); waits for the session\'s prompt processing first'),
    e('tool.execute.after', 'tool:after', 'action.after', false, { handler: 'tool-after', outputs: ['context'], doors: ['bridge', 'listen'] }, 'successful calls only; context is appended to output.output; for task also subagent:end'),
    e('session.idle', 'turn:stop', null, false, { handler: 'turn-stop', bus: true, outputs: ['silent'], doors: [] }, 'event hook, not awaited: a hook cannot keep the turn going'),
    e('session.deleted', 'session:end', 'session.end', false, { handler: 'session-end', bus: true, outputs: ['silent'], doors: [] }, 'only on an explicit delete (child first, then root)'),
    e('experimental.session.compacting', 'compact:before', null, false, { handler: 'compacting', outputs: ['context'], doors: [] }, 'declared in the 1.18.33 Hooks type, not seen firing; hook context goes into output.context'),
    e('chat.message', null, null, false, { doors: ['bridge', 'listen'], bridgeAs: { canonical: 'prompt:submit', control: 'prompt.submit', blockable: false } }, 'not used by the plugin: user authority comes from message.part.updated read back through the SDK; the bridge (`stopline guard --host opencode`) gets the parts in its payload and reads it as the prompt'),
    e('permission.ask', null, null, false, { doors: [] }, 'declared but never called in 1.18.33'),
  ],
  tools: [
    t('read', 'read', { canonical: 'Read', pathFields: ['filePath'], pathResolver: OPENCODE_PATHS }),
    t('grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['include'] }),
    t('glob', 'read', { canonical: 'Glob', readFields: ['path'], nameFields: ['pattern'] }),
    t('list', 'read', { canonical: 'LS' }),
    t('lsp', 'read', { canonical: 'LSP' }),
    t('webfetch', 'read', { canonical: 'WebFetch' }),
    t('websearch', 'read', { canonical: 'WebSearch' }),
    t('codesearch', 'read', { canonical: 'WebSearch' }),
    t('write', 'write', { pathResolver: OPENCODE_PATHS, canonical: 'Write', pathFields: ['filePath'], contentFields: ['content'], hookFields: { content: 'content' } }),
    t('edit', 'write', { pathResolver: OPENCODE_PATHS, canonical: 'Edit', pathFields: ['filePath'], contentFields: ['newString'], hookFields: { old_string: 'oldString', new_string: 'newString', replace_all: 'replaceAll' } }),
    t('multiedit', 'multi-edit', { pathResolver: OPENCODE_PATHS, canonical: 'MultiEdit', pathFields: ['filePath'] }),
    t('patch', 'apply-patch', { pathResolver: OPENCODE_PATHS, canonical: 'Edit', patchField: 'patchText' }),
    t('apply_patch', 'apply-patch', { pathResolver: OPENCODE_PATHS, canonical: 'Edit', patchField: 'patchText' }),
    t('bash', 'shell', { pathResolver: OPENCODE_PATHS, canonical: 'Bash', commandField: 'command', workdirField: 'workdir' }),
    t('task', 'task-continuation', { canonical: 'Task', hookFields: { description: 'description', prompt: 'prompt', subagent_type: 'subagent_type' }, note: 'a task_id continues an existing child session (control), otherwise one new subagent' }),
    t('todowrite', 'control', { canonical: 'TodoWrite' }),
    t('todoread', 'control', { canonical: 'TodoRead' }),
    t('question', 'control', { canonical: 'AskUserQuestion' }),
    t('skill', 'control'),
    t('plan_enter', 'control'),
    t('plan_exit', 'control'),
    t('invalid', 'control', { note: 'placeholder OpenCode answers for malformed tool calls' }),
    t('batch', 'unknown', { note: 'runs several tools in one call' }),
  ],
  toolPatterns: [],
  deny: 'opencode-throw',
  ask: 'deny',
  context: 'client.session.prompt({noReply: true, parts: [{type: "text", synthetic: true, text}]}) from the plugin, or appended to output.output in tool.execute.after',
  unsupported: [{ canonical: 'notice', why: 'OpenCode 1.18.33 has no notification event or hook' }],
  blindSpots: [
    'The permission.ask plugin hook has no call site in 1.18.33: a plugin cannot ask, only throw (deny) or allow.',
    'Commands the user runs with `!` in the TUI do not go through tool.execute.before.',
    'MCP tool arguments may not reach tool.execute.before (opencode#18489); MCP tools are classified unknown.',
    'A plugin module with any non-factory export fails to load and OpenCode continues without it (fail open, logged only).',
    'The `event` hook is fire-and-forget: it cannot block.',
  ],
  callRecord: {
    status: 'none',
    why: 'OpenCode keeps sessions in an SQLite database in its data folder (read in its 1.18.33 code, not exercised); the plugin carries no SQLite reader, and it sees every `tool.execute.before` in OpenCode\'s own process',
  },
};
