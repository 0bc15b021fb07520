/**
 * Pi coding agent 1.6.0 / 0.73.1 (verified; docs/hosts/pi.md): tool_call
 * events carry `toolName` and `input`: write {path, content}, edit {path, edits:[{oldText,
 * newText}]}, bash {command, timeout?}, read {path, offset?, limit?}. Subagents exist only
 * through extensions (the optional `subagent` tool: single, tasks, chain shapes).
 */
import type { PathResolverColumn } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { eventRow as e, toolRow as t } from './rows';

/**
 * read/write/edit `path` (resolveToCwd, docs/hosts/pi.md): both versions turn Unicode spaces
 * into spaces, strip one `@` and expand `~`; 1.6.0 also reads `file://` URLs (and Git Bash
 * drive paths on Windows); 0.73.1 keeps a URL as a relative name. The extension does not
 * know which Pi loaded it, so without a version every path both would write is judged.
 */
const PI_PATHS: PathResolverColumn = {
  versions: [
    { since: '0.73.1', resolver: { steps: ['unicode-spaces', 'strip-at', 'expand-home', 'literal'] } },
    { since: '1.6.0', resolver: { steps: ['unicode-spaces', 'strip-at', 'msys-drive', 'expand-home', 'file-url', 'literal'] } },
  ],
};

export const piRegistry: HostRegistry = {
  family: 'pi',
  displayName: hostSpec('pi').displayName,
  verifiedVersion: '1.6.0',
  // the extension (hosts/pi) registers every row with a handler with pi.on; its entry answers
  // resources_discover itself
  events: [
    e('session_start', 'session:start', null, false, { handler: 'session-start', outputs: ['context'], doors: [] }, 'hook context goes in at the next before_agent_start'),
    e('input', 'prompt:submit', 'prompt.submit', true, { handler: 'input', outputs: ['block'], doors: ['bridge', 'listen'], bridgeAs: { canonical: 'prompt:submit', control: 'prompt.submit', blockable: false } }, 'source extension never counts; a contract change while streaming is answered {action: "handled"} and not applied; a hook deny is {action: "handled"}'),
    e('before_agent_start', null, null, false, { handler: 'agent-start', outputs: ['context'], doors: [] }, 'injects the pending context as {message: {customType, content, display: false}}'),
    e('tool_call', 'tool:before', 'action.before', true, { handler: 'tool-before', outputs: ['block'], doors: ['bridge', 'listen'], rewrite: 'args-in-place' }, 'rewrite: the command is set in event.input in place, the object the tool then runs with (verified on 1.6.0 and 0.73.1); deny = {block: true, reason}; ask = ctx.ui.confirm where hasUI, else deny'),
    e('tool_result', 'tool:after', 'action.after', false, { handler: 'tool-after', outputs: ['context'], doors: ['bridge', 'listen'] }, 'not sent for a blocked call; context is appended to the content'),
    e('agent_end', 'turn:stop', null, false, { handler: 'turn-stop', outputs: ['silent'], doors: [] }, 'observed only: the answer cannot keep the agent going'),
    e('session_before_compact', 'compact:before', null, false, { handler: 'compacting', outputs: ['silent'], doors: [] }, 'observed only: hook context is not passed to the compaction'),
    e('session_shutdown', 'session:end', 'session.end', false, { handler: 'session-end', outputs: ['silent'], doors: [] }),
    e('user_bash', null, null, false, { handler: 'user-shell', outputs: ['silent'], doors: [] }, 'a command the person typed with ! never reaches tool_call: recorded as a bypass (1.6.0; 0.73.1 emits it only in the interactive TUI)'),
    e('resources_discover', null, null, false, { plugin: true, doors: [] }, 'hands Pi the skills folder shipped next to the extension (/skill:stopline)'),
  ],
  tools: [
    t('read', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: PI_PATHS }),
    t('grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob'] }),
    t('find', 'read', { canonical: 'Glob', readFields: ['path'], nameFields: ['pattern'] }),
    t('ls', 'read', { canonical: 'LS' }),
    t('write', 'write', { pathResolver: PI_PATHS, canonical: 'Write', pathFields: ['path'], contentFields: ['content'], hookFields: { content: 'content' } }),
    t('edit', 'multi-edit', { pathResolver: PI_PATHS, canonical: 'Edit', pathFields: ['path'], hookEdits: { field: 'edits', oldText: 'oldText', newText: 'newText' } }),
    t('bash', 'shell', { canonical: 'Bash', commandField: 'command' }),
    t('powershell', 'powershell', { canonical: 'PowerShell', commandField: 'command' }),
    t('subagent', 'delegate-batch', { canonical: 'Task', note: 'single {agent, task} = 1, {tasks} = tasks.length, {chain} = 1 at a time; other shapes cannot be counted' }),
  ],
  toolPatterns: [],
  deny: 'pi-block',
  ask: 'ui-prompt',
  context: 'before_agent_start returns {message: {customType, content, display: false}}, sent as an extra user message after the prompt',
  unsupported: [
    { canonical: 'notice', why: 'Pi has no notification event' },
    { canonical: 'subagent:start', why: 'Pi has no built-in subagents; extension subagents run as separate Pi processes' },
    { canonical: 'subagent:end', why: 'Pi has no built-in subagents; extension subagents run as separate Pi processes' },
  ],
  blindSpots: [
    "User-initiated shell commands (`!cmd`, `!!cmd`, rpc `bash`) never go through tool_call; 1.6.0 only emits user_bash.",
    'Pi 1.6.0 skips project .pi/extensions under -p unless the project is trusted: a guard placed there silently does not run.',
    'Subagent processes started by the subagent extension do not inherit the parent contract through any verified channel.',
    'Tools registered by other extensions are unknown to this table.',
  ],
  callRecord: {
    status: 'kept',
    where: 'a session file (`$PI_CODING_AGENT_DIR/sessions/--<cwd>--/<time>_<uuid>.jsonl`; none with `--no-session`)',
    why: 'the extension runs inside pi and is handed every `tool_call` pi makes; reading the session file at a turn end is not wired yet',
  },
};
