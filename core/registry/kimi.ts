/**
 * Kimi Code CLI 1.51.0 (PyPI kimi-cli; facts and how each was seen: docs/hosts/kimi.md).
 * Claude-shaped command hooks (`hook_event_name`, `session_id`, `cwd`, `tool_name`,
 * `tool_input`, `tool_call_id`) from `[[hooks]]` tables of `~/.kimi/config.toml`, with Kimi's own
 * tool names: Shell {command, timeout?, run_in_background?}, WriteFile {path, content, mode?},
 * StrReplaceFile {path, edit: {old, new, replace_all?} or a list of them}, ReadFile {path},
 * Agent {description, prompt, subagent_type?}. An Agent child runs on its parent's session id.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { toolRow as t } from './rows';
import { kimiEvents } from './kimi-events';

/**
 * `path` of the file tools (observed on 1.51.0): `~/x` is the home (Python's expanduser, which
 * also reads `~name`), then a relative path joins the work dir with `..` collapsed; `@x` and
 * `file://…` are plain names. A relative path that leaves the work dir is refused by Kimi itself.
 */
const KIMI_PATHS: PathResolver = { steps: ['expand-home', 'expand-user-home', 'literal'] };

export const kimiRegistry: HostRegistry = {
  family: 'kimi',
  displayName: hostSpec('kimi').displayName,
  verifiedVersion: '1.51.0',
  events: kimiEvents,
  tools: [
    t('Shell', 'shell', { canonical: 'Bash', commandField: 'command' }),
    t('WriteFile', 'write', { canonical: 'Write', pathFields: ['path'], contentFields: ['content'], pathResolver: KIMI_PATHS, note: 'mode "append" adds to the file; a write either way' }),
    t('StrReplaceFile', 'multi-edit', { canonical: 'Edit', pathFields: ['path'], pathResolver: KIMI_PATHS, hookEdits: { field: 'edit', oldText: 'old', newText: 'new' }, note: 'the replacements are in `edit`: one {old, new} or a list of them' }),
    t('ReadFile', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: KIMI_PATHS }),
    t('ReadMediaFile', 'read', { canonical: 'Read', pathFields: ['path'], pathResolver: KIMI_PATHS }),
    t('Glob', 'read', { canonical: 'Glob', readFields: ['directory'], nameFields: ['pattern'] }),
    t('Grep', 'read', { canonical: 'Grep', readFields: ['path'], nameFields: ['glob'] }),
    t('FetchURL', 'read', { canonical: 'WebFetch' }),
    t('SearchWeb', 'read', { canonical: 'WebSearch', note: 'needs a Moonshot service; not loaded offline' }),
    t('Agent', 'delegate', { canonical: 'Task', note: "one subagent per call, in the same process with the parent's hooks and session id (verified)" }),
    t('TaskList', 'read', { note: 'lists background tasks' }),
    t('TaskOutput', 'read', { note: "reads a background task's output" }),
    t('TaskStop', 'control'),
    t('SetTodoList', 'control', { canonical: 'TodoWrite' }),
    t('AskUserQuestion', 'control', { canonical: 'AskUserQuestion' }),
    t('EnterPlanMode', 'control'),
    t('ExitPlanMode', 'control'),
    t('Think', 'control'),
    t('SendDMail', 'control', { note: "rewinds the conversation to a checkpoint; files are not touched" }),
  ],
  toolPatterns: [],
  deny: 'claude-hso-deny',
  ask: 'deny',
  context: 'none: no event reads additionalContext or any answer but a deny (observed), so the contract, its acknowledgement and notices reach the model only as deny reasons',
  unsupported: [],
  blindSpots: [
    "No context channel: the contract's acknowledgement, a contract change and notices never reach the model or the person; only a deny's reason does (the model reads it as the tool result).",
    'No ask: a call that would ask a person is denied, and the reason says it would have asked.',
    'No rewrite: Kimi runs the model\'s command whatever a hook prints besides a deny, so a command that confinement would rewrite is denied instead.',
    'Every hook failure lets the tool run (crash, bad JSON, timeout, missing command), and the hooks of one event run in parallel: stopline answers every error with its fail mode, and its fail closed is an explicit deny, never a crash.',
    "An Agent child runs on the parent's session id and nothing in its payloads marks it; its task and Kimi's follow-ups arrive as prompts of that session. stopline reads the SubagentStart … SubagentStop bracket: a prompt inside it is never the person's, also when the person types during a background child.",
    'MCP tools carry the bare name their server gives them, with no prefix: one that is not in the tool table is an unknown tool.',
    'Hooks live only in the config file (`~/.kimi/config.toml`, or the one --config-file / --config names instead): a run started with another config file runs without stopline.',
  ],
  callRecord: {
    status: 'kept',
    where: 'the session folder (`~/.kimi/sessions/<md5 of the work dir>/<session>/wire.jsonl`, one UI event a line, tool calls with their ids)',
    why: 'the payloads name no record path; the folder name hashes the work dir, which a moved or linked project changes',
  },
};
