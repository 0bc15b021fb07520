/**
 * GitHub Copilot CLI 1.0.102 (facts and how each was seen: docs/hosts/copilot.md). stopline
 * registers the native camelCase events, whose payloads carry the host's own tool names and
 * camelCase fields: `{sessionId, timestamp, cwd, toolName, toolArgs}` before a tool, with
 * bash {command, description, mode?, shellId?}, create {path, file_text}, edit {path, old_str,
 * new_str}, view {path, view_range?}, task {description, prompt, agent_type, name}. The payload
 * does not name its event: the hook command passes it as an argument.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { copilotEvents } from './copilot-events';

/**
 * create / edit / view `path` (docs/hosts/copilot.md, observed on 1.0.102): absolute as given,
 * else joined with the session cwd, `..` collapsed; `~/x`, `@x`, ` x` and `file://…` are plain
 * names in the cwd (`~/x` needs a folder named `~`).
 */
const COPILOT_PATHS: PathResolver = { steps: ['literal'] };

/** `edit` and its older alias `str_replace`: Claude's old_string / new_string are old_str / new_str here. */
const EDIT_FIELDS = { old_string: 'old_str', new_string: 'new_str' } as const;

export const copilotRegistry: HostRegistry = {
  family: 'copilot',
  displayName: hostSpec('copilot').displayName,
  verifiedVersion: '1.0.102',
  events: copilotEvents,
  tools: [
    t('bash', 'shell', { canonical: 'Bash', commandField: 'command', note: 'mode "async" keeps the shell for write_bash; detach leaves it running' }),
    t('powershell', 'powershell', { canonical: 'PowerShell', commandField: 'command', note: 'the shell tool on Windows (not offered on Linux)' }),
    t('write_bash', 'unknown', { note: 'keystrokes into a shell an earlier bash call left running: what they do cannot be read' }),
    t('write_powershell', 'unknown', { note: 'keystrokes into a running PowerShell' }),
    t('read_bash', 'read', { canonical: 'BashOutput', note: 'reads the output of an async shell' }),
    t('read_powershell', 'read', { canonical: 'BashOutput' }),
    t('stop_bash', 'control', { note: 'stops a shell' }),
    t('stop_powershell', 'control'),
    t('list_bash', 'control'),
    t('list_powershell', 'control'),
    t('view', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: COPILOT_PATHS }),
    t('create', 'write', { canonical: 'Write', pathFields: ['path'], contentFields: ['file_text'], pathResolver: COPILOT_PATHS, hookFields: { content: 'file_text' } }),
    t('edit', 'write', { canonical: 'Edit', pathFields: ['path'], contentFields: ['new_str'], pathResolver: COPILOT_PATHS, hookFields: EDIT_FIELDS }),
    t('str_replace', 'write', { canonical: 'Edit', pathFields: ['path'], contentFields: ['new_str'], pathResolver: COPILOT_PATHS, hookFields: EDIT_FIELDS, note: 'older name of edit (read in the 1.0.102 bundle, not offered in the runs)' }),
    t('apply_patch', 'apply-patch', { canonical: 'Edit', patchField: 'input', pathResolver: COPILOT_PATHS, note: 'offered to some models only (read in the bundle, not run); the patch text in input' }),
    t('grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob'] }),
    t('glob', 'read', { canonical: 'Glob', readFields: ['path'], nameFields: ['pattern'] }),
    t('web_fetch', 'read', { canonical: 'WebFetch' }),
    t('web_search', 'read', { canonical: 'WebSearch' }),
    t('fetch_copilot_cli_documentation', 'read'),
    t('session_store_sql', 'read', { note: 'queries the store of past sessions' }),
    t('sql', 'control', { note: "the session's own SQLite scratch database (todos), not the repository" }),
    t('task', 'delegate', { canonical: 'Task', note: "one sub-agent per call; its own tool calls carry the child's sessionId and parentAgentId (verified)" }),
    t('read_agent', 'control', { note: "reads a sub-agent's result" }),
    t('list_agents', 'control'),
    t('write_agent', 'control', { note: "a message to a running sub-agent; the sub-agent's own tool calls are checked" }),
    t('skill', 'control', { note: 'loads skill instructions' }),
    t('task_complete', 'control'),
    t('exit_plan_mode', 'control'),
    t('ask_user', 'control', { canonical: 'AskUserQuestion' }),
    t('think', 'control'),
  ],
  toolPatterns: [],
  deny: 'copilot-flat-deny',
  ask: 'deny',
  context: "additionalContext at the top of the answer (sessionStart: a user message before the prompt; userPromptSubmitted: appended to the prompt; preToolUse: a user message after the tool result; postToolUse: appended to the tool result; subagentStart: in the sub-agent's first request)",
  unsupported: [],
  blindSpots: [
    'A hook that crashes or whose command is not found denies every tool call (Copilot fails closed there), but bad JSON and a timeout (30 s unless set) let the tool run: stopline always answers with JSON and exit 0, its own fail closed is an explicit deny.',
    'Exit code 2 denies with a fixed text ("hook exited with code 2"): stderr never reaches the model, so stopline never relies on it.',
    "Hooks in a project's .github/hooks/ run only in a trusted folder (--trust-folder, trustedFolders, COPILOT_ALLOW_ALL); untrusted, they are skipped without a word. ~/.copilot/hooks/ always loads.",
    'write_bash / write_powershell type into a shell a bash call left running (mode "async"): what the keystrokes do cannot be read, so they are unknown.',
    'permissionDecision "ask" cannot reach a person in -p runs (Copilot denies it): an ask is rendered as a deny.',
    '"disableAllHooks": true inside a hook file turns that file off.',
  ],
  callRecord: {
    status: 'kept',
    where: 'an event log (`transcriptPath` at agentStop: `~/.copilot/session-state/<session>/events.jsonl`)',
    why: 'preToolUse carries no tool-call id, so a recorded call cannot be matched to the call the guard checked',
  },
};
