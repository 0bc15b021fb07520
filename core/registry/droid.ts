/**
 * Factory Droid 0.225.2 binary, npm wrapper 0.225.1 (facts and how each was seen:
 * docs/hosts/droid.md). Claude-like payloads (`hook_event_name`, `session_id`, `cwd`,
 * `tool_name`, `tool_input`) with Droid's own tool names: Execute {command, summary,
 * riskLevel?}, Create {file_path, content}, Edit {file_path, old_str, new_str, change_all?},
 * Read {file_path}, Task {subagent_type, description, prompt, await?}. A Task sub-agent is a
 * session of its own: only its SessionStart names the parent (`calling_session_id`).
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { droidEvents } from './droid-events';

/**
 * Create / Edit / Read `file_path` (docs/hosts/droid.md, observed on 0.225.2): absolute as given,
 * else joined with the session cwd, `..` collapsed; `~/x`, `@x`, ` x` and `file://…` are plain
 * names in the cwd (Create makes the folders).
 */
const DROID_PATHS: PathResolver = { steps: ['literal'] };

const EDIT_FIELDS = { old_string: 'old_str', new_string: 'new_str', replace_all: 'change_all' } as const;

export const droidRegistry: HostRegistry = {
  family: 'droid',
  displayName: hostSpec('droid').displayName,
  verifiedVersion: '0.225.2',
  events: droidEvents,
  tools: [
    t('Execute', 'shell', { canonical: 'Bash', commandField: 'command', note: 'the model labels its own riskLevel; the hook is the only check that holds (docs/hosts/droid.md)' }),
    t('Create', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: DROID_PATHS }),
    t('Edit', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_str'], pathResolver: DROID_PATHS, hookFields: EDIT_FIELDS }),
    t('MultiEdit', 'multi-edit', { canonical: 'MultiEdit', pathFields: ['file_path'], pathResolver: DROID_PATHS, hookEdits: { field: 'edits', oldText: 'old_str', newText: 'new_str' }, note: 'named in the 0.225.2 bundle (sent to the model as Edit), not offered in the runs' }),
    t('ApplyPatch', 'apply-patch', { canonical: 'Edit', patchField: 'input', pathResolver: DROID_PATHS, note: 'offered to some models; the patch text in input (read in the bundle)' }),
    t('Read', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: DROID_PATHS }),
    t('LS', 'read', { canonical: 'LS' }),
    t('Glob', 'read', { canonical: 'Glob', readFields: ['folder', 'path'], nameFields: ['patterns', 'pattern'] }),
    t('Grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob_pattern', 'glob'] }),
    t('WebSearch', 'read', { canonical: 'WebSearch' }),
    t('FetchUrl', 'read', { canonical: 'WebFetch' }),
    t('Task', 'delegate', { canonical: 'Task', note: 'one sub-agent per call; it runs as its own session whose hooks fire too (verified)' }),
    t('TaskOutput', 'read', { note: "reads a background task's output" }),
    t('TaskStop', 'control'),
    t('Script', 'unknown', { note: 'runs a script program: what it does cannot be read' }),
    t('WaitForScript', 'control'),
    t('TodoWrite', 'control', { canonical: 'TodoWrite' }),
    t('AskUser', 'control', { canonical: 'AskUserQuestion' }),
    t('ExitSpecMode', 'control'),
    t('ToolSearch', 'control', { note: 'loads deferred tool schemas' }),
    t('Skill', 'control', { note: 'loads skill instructions' }),
  ],
  toolPatterns: [{ namePattern: '^[^_].*___.+$', kind: 'unknown', note: 'MCP tool (`<server>___<tool>`, read in the bundle, not run)' }],
  deny: 'droid-hso-deny',
  ask: 'deny',
  context: 'hookSpecificOutput.additionalContext (SessionStart: a user message before the prompt; PostToolUse: a user message after the tool result; UserPromptSubmit); PreToolUse context never reaches the model',
  unsupported: [{ canonical: 'subagent:start', why: 'no event of its own: the sub-agent\'s SessionStart (with calling_session_id) stands for it' }],
  blindSpots: [
    'Plain `droid exec` (text or json output) and ACP fire no UserPromptSubmit for the prompt: a $stopline directive typed there is never read (use the interactive CLI or `droid exec -o stream-jsonrpc`, or a defaultMode in stopline.json).',
    'Every hook failure lets the tool run (crash, bad JSON, timeout, missing command), and the hooks of one event run in parallel: stopline answers every error with its fail mode, and its fail closed is an explicit deny, never a crash.',
    "Exec's autonomy levels trust the model's own riskLevel label: a low-labelled rm runs in read-only mode; only the hook holds.",
    "Events in ~/.factory/hooks.json override the same events in ~/.factory/settings.json (per folder); hooks.json wrapped in {\"hooks\": …} loads as empty; \"hooksDisabled\": true switches a file's hooks off.",
    "A Task sub-agent is its own session: its tool calls are judged by the parent's contract only through the link its SessionStart recorded.",
    'permissionDecision "ask" is ignored in exec: an ask is rendered as a deny.',
  ],
  callRecord: {
    status: 'kept',
    where: 'a session file (`transcript_path`: `~/.factory/sessions/<cwd-slug>/<session>.jsonl`)',
    why: 'PreToolUse carries no tool-call id, so a recorded call cannot be matched to the call the guard checked',
  },
};
