/**
 * OpenHands CLI 1.16.0 (SDK 1.21.0; verified in docs/hosts/openhands.md): command hooks in
 * `.openhands/hooks.json` in Claude's file shape, one process per event, OpenHands' own object
 * on stdin: `event_type`, `tool_name`, `tool_input` (the action as the tool validated it, with
 * its `kind`), `message`, `session_id`, `working_dir`, `metadata`. No call id, no agent id: a
 * `task` subagent's tool calls fire no hook at all.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { openhandsEvents } from './openhands-events';

/**
 * file_editor refuses a relative path before it does anything; a `~/x` path passes that check
 * (it expands `~` only to check) and is written as given, under the folder OpenHands started in,
 * which is the working folder unless OPENHANDS_WORK_DIR moves it (see the blind spots).
 */
const OPENHANDS_PATHS: PathResolver = { steps: ['literal'] };

export const openhandsRegistry: HostRegistry = {
  family: 'openhands',
  displayName: hostSpec('openhands').displayName,
  verifiedVersion: '1.16.0',
  events: openhandsEvents,
  tools: [
    t('terminal', 'shell', {
      canonical: 'Bash',
      commandField: 'command',
      pathResolver: OPENHANDS_PATHS,
      kindBy: { field: 'is_input', cases: { false: 'shell' }, otherwise: 'unknown' },
      note: 'one persistent bash session (tmux) per conversation; with is_input true the command is keystrokes into the program running there, which nothing can read as a command',
    }),
    t('file_editor', 'write', {
      canonical: 'Edit',
      pathFields: ['path'],
      contentFields: ['file_text', 'new_str'],
      pathResolver: OPENHANDS_PATHS,
      kindBy: { field: 'command', cases: { view: 'read', create: 'write', str_replace: 'write', insert: 'write', undo_edit: 'write' }, otherwise: 'unknown', uses: { create: 'create', replace: 'str_replace' } },
      hookFields: { content: 'file_text', old_string: 'old_str', new_string: 'new_str' },
      note: 'view reads a file or lists a folder; create, str_replace, insert and undo_edit write the file in path',
    }),
    t('task', 'delegate', {
      canonical: 'Task',
      unseenChildren: true,
      hookFields: { prompt: 'prompt', subagent_type: 'subagent_type', description: 'description' },
      note: "the subagent's own tool calls fire no hook (seen on 1.16.0: a child's rm ran while a PreToolUse hook denying rm saw only the task call)",
    }),
    t('think', 'control'),
    t('finish', 'control'),
    t('task_tracker', 'control', { note: 'the task list, kept beside the conversation record' }),
  ],
  toolPatterns: [],
  deny: 'openhands-decision-deny+exit2',
  ask: 'deny',
  context: 'none: additionalContext from SessionStart, UserPromptSubmit, PreToolUse and PostToolUse never reaches the model (seen on 1.16.0); the contract reaches it only as a deny reason',
  unsupported: [
    { canonical: 'subagent:start', why: 'OpenHands 1.16.0 has no subagent events, and a task subagent fires no hook at all' },
    { canonical: 'subagent:end', why: 'no subagent events in 1.16.0 (PostToolUse of task is the nearest)' },
    { canonical: 'compact:before', why: 'no hook before the condenser runs' },
    { canonical: 'notice', why: 'no notification hook' },
  ],
  blindSpots: [
    "A task subagent's tool calls fire no hook: the guard decides at the task call, as a call whose effects cannot be read (denied under any contract that does not allow every write, dependency, hash and subagent; with no contract it runs, and the floor never sees what the subagent does).",
    'Only the first hooks file found is read: a project `.openhands/hooks.json` hides the user file `~/.openhands/hooks.json`, so a user-scope install does nothing in a project that has its own hooks file (doctor warns).',
    'A hook that crashes, exits with a code other than 0 and 2, is not found, or times out lets the tool run; only stopline\'s own fail mode (failMode closed) denies when it cannot decide.',
    "The terminal is one persistent shell: a `cd` in one call moves the folder of the next, which the hook is never told (working_dir stays the conversation's folder), so a later command's relative paths are read against the project folder.",
    'Tools a plugin or an MCP server adds are not in this table: unknown (denied in review, unproven under files=).',
    "With OPENHANDS_WORK_DIR naming another folder than the one OpenHands started in, a file_editor `~/x` path is written under the starting folder, while the guard places it under the working folder the hook is given.",
  ],
  callRecord: {
    status: 'kept',
    where: '`~/.openhands/conversations/<session id without dashes>/` (the events as JSON)',
    why: 'PreToolUse carries no call id, so a recorded call cannot be matched to the call the guard checked',
  },
};
