/**
 * Cline CLI 3.0.65 (facts and how each was seen: docs/hosts/cline.md). Hooks are executable
 * files named after the event in `~/.cline/hooks/` or `<project>/.clinerules/hooks/`; each gets
 * one JSON object on stdin that names its event in `hookName` (`agent_start`, `tool_call`,
 * `tool_result`, `agent_end`) and carries the call as `tool_call: {id, name, input}`. Tools:
 * run_commands {commands: [string]}, editor {path, old_text?, new_text, insert_line?},
 * read_files {files: [{path, start_line?, end_line?}]}, spawn_agent {systemPrompt, task}.
 * The rows are keyed by the file names; the adapter maps `hookName` to them.
 */
import type { PathResolver } from '../paths/path-resolve';
import type { HostRegistry, EventEntry } from './types';
import { hostSpec } from './host-specs';
import { commandHook, eventRow as ev, toolRow as t } from './rows';

/**
 * editor / read_files `path` (docs/hosts/cline.md, observed on 3.0.65): absolute as given, else
 * joined with the project folder, `..` collapsed; `~/x` and `@x` are plain names there (the
 * editor made a folder named `~`).
 */
const CLINE_PATHS: PathResolver = { steps: ['literal'] };

// Cline runs a hook file to its end; no default timeout was measured, so the rows name none and
// stopline's own handler keeps to the 10 s of the other command-hook hosts
const clineEvents: EventEntry[] = [
  // written as hook files by `stopline install cline`
  ev('TaskStart', 'prompt:submit', 'prompt.submit', false, { install: commandHook(), outputs: ['silent'] }, "hookName agent_start. The payload carries no prompt and UserPromptSubmit does not fire for a headless prompt: the person's prompt is read from Cline's session record (`<data>/sessions/<rootSessionId>/<rootSessionId>.json`, field `prompt`), which exists when the hook runs (verified). Cline does not wait for this hook (3.0.65 runs run-start hook files detached: their blocking option is never set by the CLI, read), so the first PreToolUse can come first: a top agent's PreToolUse reads the same record while the session has taken no prompt, and whichever comes first arms the contract (keyed by the prompt; the later one changes nothing). A child agent's TaskStart (parent_agent_id set) is its subagent start. contextModification here never reached a model request (observed): the contract's context reaches the model at the first PreToolUse"),
  ev('PreToolUse', 'tool:before', 'action.before', true, { install: commandHook(), outputs: ['context', 'block'], rewrite: 'override-input' }, 'hookName tool_call. rewrite: {"overrideInput":{…}} runs the new input and the run goes on (verified). contextModification (or context) reaches the model as a user message after the tool result (verified). There is no per-call deny: {"cancel":true} stops the call and ends the whole run as aborted; exit 2, a crash or non-JSON stdout let the tool run'),
  ev('PostToolUse', 'tool:after', 'action.after', false, { install: commandHook(), outputs: ['context'] }, 'hookName tool_result; evidence. contextModification reaches the model after the tool result (verified)'),
  ev('TaskComplete', 'turn:stop', 'turn.stop', false, { install: commandHook(), outputs: ['silent'] }, 'hookName agent_end, also for a child agent; no answer keeps the task going'),
  // mapped, not registered
  ev('UserPromptSubmit', null, null, false, {}, 'hookName prompt_submit: not fired for the prompt of a headless run (observed) and its payload was never captured, so it is not read'),
  ev('TaskResume', null, null, false, {}, 'hookName agent_resume (read in the binary)'),
  ev('TaskCancel', null, null, false, {}, 'hookName agent_abort (read in the binary)'),
  ev('TaskError', null, null, false, {}, 'hookName agent_error (read in the binary)'),
  ev('SessionShutdown', null, null, false, {}, 'hookName session_shutdown (read in the binary)'),
  ev('PreCompact', 'compact:before', null, false, {}, 'read in the binary, not fired in the runs'),
];

/** The `hookName` each event file's payload carries (captured for the four registered ones, the rest read in the binary). */
export const CLINE_HOOK_NAMES: Readonly<Record<string, string>> = {
  agent_start: 'TaskStart',
  tool_call: 'PreToolUse',
  tool_result: 'PostToolUse',
  agent_end: 'TaskComplete',
  prompt_submit: 'UserPromptSubmit',
  agent_resume: 'TaskResume',
  agent_abort: 'TaskCancel',
  agent_error: 'TaskError',
  session_shutdown: 'SessionShutdown',
};

/** `editor`: Claude's old_string / new_string are old_text / new_text here. */
const EDITOR_FIELDS = { old_string: 'old_text', new_string: 'new_text' } as const;

export const clineRegistry: HostRegistry = {
  family: 'cline',
  displayName: hostSpec('cline').displayName,
  verifiedVersion: '3.0.65',
  events: clineEvents,
  tools: [
    t('run_commands', 'shell', {
      canonical: 'Bash',
      commandField: 'commands',
      note: 'a list of commands, each run in a shell of its own: the adapter reads them as one script, each in a subshell, and a rewrite replaces the list with the one rewritten command',
    }),
    t('editor', 'write', { canonical: 'Edit', pathFields: ['path'], contentFields: ['new_text'], pathResolver: CLINE_PATHS, hookFields: EDITOR_FIELDS, note: 'creates a missing file when old_text is absent (the evidence then names it Write)' }),
    t('read_files', 'read', { canonical: 'Read', pathFields: ['paths'], pathResolver: CLINE_PATHS, note: 'files[].path, which the adapter lists as `paths`' }),
    t('search_codebase', 'read', { canonical: 'Grep', wholeProject: true, note: 'regular expressions over the workspace' }),
    t('fetch_web_content', 'read', { canonical: 'WebFetch' }),
    t('spawn_agent', 'delegate', { canonical: 'Task', taskField: 'task', note: "one child agent per call, in the same process; its calls fire PreToolUse with its own agent_id and the caller's as parent_agent_id (verified)" }),
    t('ask_question', 'control', { canonical: 'AskUserQuestion' }),
  ],
  toolPatterns: [{ namePattern: '^team_', kind: 'unknown', note: 'the agent-team tools (teammates, tasks, messages): what each does to the repository was not observed' }],
  deny: 'cline-override-or-cancel',
  ask: 'deny',
  context: 'contextModification (or context) at the top of the answer: a user message `<hook_context source="PreToolUse" …>` after the tool result (PreToolUse and PostToolUse, verified); TaskStart\'s never reaches the model',
  unsupported: [],
  blindSpots: [
    'A hook file has no per-call deny: stopline stops run_commands by replacing its commands with one that prints the stamp (the session goes on), and any other tool by cancelling, which ends the whole run (the model reads nothing more).',
    'A hook file that exits 2 or 1, crashes, or prints something other than JSON lets the tool run (Cline fails open): stopline always answers JSON and exit 0; its fail closed is an explicit answer.',
    "UserPromptSubmit does not fire for a headless prompt: the contract comes from the person's first prompt in Cline's session record, at TaskStart or at the first tool call when that comes first (Cline does not wait for TaskStart); a later prompt of an interactive session was not observed and does not change the contract.",
    "The contract's context reaches the model only with the first tool call's answer (TaskStart's context is dropped).",
    'Hook files are run directly: without the executable bit and a shebang Cline cannot start them and the tool runs.',
    '`--hooks-dir` loaded no hooks in a `--json` run; only ~/.cline/hooks/ and <project>/.clinerules/hooks/ were observed.',
    'In-process plugins (~/.cline/plugins) start in a sandbox process that needs the `jiti` package; without it Cline logs the failure and runs with no plugins, so stopline does not use that route.',
    'The agent-team tools (team_*) are unknown: a contract stops them.',
  ],
  callRecord: {
    status: 'kept',
    where: 'a session file (`~/.cline/data/sessions/<rootSessionId>/<rootSessionId>.messages.json`, one `<agent_id>.messages.json` per child agent)',
    why: 'the reader that would compare it with the checked calls is not built',
  },
};
