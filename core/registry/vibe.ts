/**
 * Mistral Vibe 3.0.2 (facts and how each was seen: docs/hosts/vibe.md). `[[hooks]]` tables in
 * `~/.vibe/hooks.toml` (and a trusted project's `.vibe/hooks.toml`), one process per hook, a
 * snake_case JSON payload on stdin: `hook_event_name`, `session_id`, `parent_session_id`,
 * `transcript_path` (the session's folder), `cwd`, and on tool events `tool_name`,
 * `tool_call_id`, `tool_input`. The hook sees the runtime's tool names, not the model's:
 * the model's `bash` is `file_system.bash`, `write_file` {path, content} is
 * `file_system.write_file` {file_path, content}, `edit` is `file_system.search_replace`
 * {file_path, old_string, new_string, replace_all}, `read_file` is `file_system.read_file`.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { vibeEvents } from './vibe-events';

/**
 * file_path on 3.0.2 (docs/hosts/vibe.md, Paths; test/hosts/vibe/path-forms.test.ts): `~/x` is
 * the HOME's, `~name/x` that user's home (which the guard does not know: unproven), `@x` and
 * `file://…` are plain names in the session cwd, `..` collapses.
 */
const VIBE_PATHS: PathResolver = { steps: ['expand-home', 'expand-user-home', 'literal'] };

export const vibeRegistry: HostRegistry = {
  family: 'vibe',
  displayName: hostSpec('vibe').displayName,
  verifiedVersion: '3.0.2',
  events: vibeEvents,
  tools: [
    t('file_system.bash', 'shell', { canonical: 'Bash', commandField: 'command', note: 'the model calls it `bash` {command, timeout_seconds?}; the hook sees {command}' }),
    t('file_system.write_file', 'write', { canonical: 'Write', pathFields: ['file_path'], contentFields: ['content'], pathResolver: VIBE_PATHS, note: 'the model calls it `write_file` with `path`; the hook sees `file_path`' }),
    t('file_system.search_replace', 'write', { canonical: 'Edit', pathFields: ['file_path'], contentFields: ['new_string'], pathResolver: VIBE_PATHS, note: 'the model calls it `edit`' }),
    t('file_system.read_file', 'read', { canonical: 'Read', pathFields: ['file_path'], pathResolver: VIBE_PATHS }),
    t('process.start', 'shell', { commandField: 'command', note: 'a background process started from a run_typescript program (the same command syntax as file_system.bash); read in the 3.0.2 source, not run' }),
    t('process.write', 'unknown', { note: 'text or keys sent to a running process: what they do cannot be read' }),
    t('process.output', 'read', { note: "a running process's output" }),
    t('process.list', 'read'),
    t('process.stop', 'control', { note: 'stops a process this session started' }),
    t('skill.read', 'read', { note: 'loads skill instructions' }),
    t('agents.spawn', 'delegate', { canonical: 'Task', taskField: 'message', note: 'one subagent per call, from a run_typescript program (`tools.agents.spawn({name, message, config_name?})`); its own tool calls fire pre_tool with parent_session_id (verified on 3.0.2). There is no task tool' }),
    t('agents.send_message', 'control', { note: 'more instructions to a subagent already counted at its spawn' }),
    t('agents.interrupt', 'control'),
    t('agents.list', 'read'),
    t('agents.list_configs', 'read'),
  ],
  toolPatterns: [
    { namePattern: '^mcp_[^.]+\\..+$', kind: 'unknown', note: "MCP tools are `mcp_<server>.<tool>` (the host's documentation; not run): unknown" },
    { namePattern: '^connector_', kind: 'unknown', note: "connector tools `connector_<name>_<tool>` (the host's documentation; not run): unknown" },
  ],
  deny: 'vibe-decision-deny',
  denyMeaning: 'pre_tool answers top-level `{"decision": "deny", "reason"}` (exit 0); the tool does not run and the model reads the stamp verbatim as the tool result (exit 2 and the Claude `hookSpecificOutput` deny let the tool run)',
  ask: 'deny',
  context: 'hook_specific_output.additional_context on post_tool only (appended to the tool output the model reads); no event before the first model request takes context, so the contract reaches the model only in a stop\'s reason',
  unsupported: [
    { canonical: 'session:start', why: 'Vibe 3.0.2 has no session event' },
    { canonical: 'prompt:submit', why: "no prompt event: the person's prompt is read from the session journal (`transcript_path`) at each pre_tool, so a $stopline directive takes effect at the turn's first tool call" },
    { canonical: 'subagent:start', why: "no subagent events; a subagent is seen as the agents.spawn call that starts it, and its own calls carry parent_session_id" },
    { canonical: 'subagent:end', why: 'no subagent events' },
    { canonical: 'session:end', why: 'no session event' },
  ],
  blindSpots: [
    "No prompt or session event: the contract is read from the person's prompt in the session journal at the turn's first tool call, and reaches the model only through a stop's reason (the model cannot know the contract before its first call).",
    'A hook that crashes, exits non-zero, times out or prints text that is not the schema lets the tool run (a UI warning) unless its table says `strict = true`; `stopline install vibe --fail closed` writes it.',
    "run_typescript fires no pre_tool itself; each tool call its program makes does, and a deny there holds, but the program (and so the model) reads Vibe's fixed `Tool execution was skipped by Runtime policy.`, not the stop's reason.",
    "Project `.vibe/hooks.toml` loads only in a trusted folder; the user file `~/.vibe/hooks.toml` always loads. A project hook with the same name as stopline's replaces it.",
    "Tool calls of one model response run concurrently; each call's hook runs on its own, and stopline's session lock orders them.",
  ],
  callRecord: {
    status: 'kept',
    where: 'the session folder under `~/.vibe/logs/session/unified/<session id>/` (`transcript_path`: `journal/*.jsonl`)',
    why: 'the journal is an internal replay log whose shape is not documented; the guard reads only the turn\'s prompt from it',
  },
};
