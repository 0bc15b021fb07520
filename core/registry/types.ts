/**
 * Shape of the per-host registry: the only place that lists, per host, native event names
 * -> canonical events, tool names -> tool kind / canonical tool name, the deny / ask /
 * context forms, and what is not supported and why. Adapters declare their tables from
 * here; docs/support-matrix.md and the conformance tests are generated from / checked
 * against it.
 */
import type { CanonicalEvent } from '../canonical';
import type { PathResolverColumn } from '../paths/path-resolve';
import type { ControlEventKind, HostFamily } from '../protocol';

/**
 * How core/analysis reads a tool's input. The analysis layer implements one function per
 * kind; a host table only names the kind and the input fields.
 */
export type ToolKind =
  | 'read' // known read-only tool
  | 'write' // writes the files named in `pathFields` (content in `contentFields`)
  | 'multi-edit' // `edits[]` with per-edit paths or one `pathFields` target
  | 'notebook-edit'
  | 'shell' // POSIX shell command in `commandField`
  | 'powershell' // PowerShell command in `commandField`
  | 'apply-patch' // Codex/OpenCode apply_patch envelope in `patchField`
  | 'v4a-patch' // Hermes `patch` tool: mode replace (path) or mode patch (V4A text)
  | 'delegate' // one subagent per call
  | 'delegate-batch' // count from the input (Hermes delegate_task goal/tasks, Pi subagent shapes)
  | 'delegate-unbounded' // fan-out that cannot be counted (Claude Workflow)
  | 'task-continuation' // OpenCode task with task_id: control, else delegate
  | 'monitor' // Claude Monitor: shell command, or a websocket read
  | 'control' // plan, todo, questions: no repository effect
  | 'unknown';

export interface ToolEntry {
  /** the host's exact tool name (`mcp__*` style patterns use `namePattern`) */
  name: string;
  kind: ToolKind;
  /** canonical tool name shown to universal hooks (Bash, Read, Write, Edit, Glob, Grep, WebFetch, WebSearch, Task, ...) */
  canonical?: string;
  pathFields?: string[];
  /**
   * A read or search tool's fields naming files or folders whose content it reads or lists
   * (Grep's and Glob's `path`); the floor stops one aimed at a secret (core/floor/). A read
   * tool's `pathFields` count the same way.
   */
  readFields?: string[];
  /** globs over file names a read or search tool selects by (Glob's `pattern`, Grep's `glob`) */
  nameFields?: string[];
  /**
   * A search that always covers the whole project and takes no path or file pattern (Cline's
   * `search_codebase`): nothing in its input can aim it at a secret outside the project.
   */
  wholeProject?: true;
  contentFields?: string[];
  commandField?: string;
  patchField?: string;
  /** the tool's working-directory field, which wins over the event cwd for this call */
  workdirField?: string;
  /**
   * How the host turns this tool's path arguments (pathFields, patch headers, workdirField)
   * into the paths it writes (core/paths/path-resolve.ts; facts in docs/hosts/<host>.md). Absent:
   * the plain reading (absolute, or joined with the cwd; `~/` with the guard's home).
   */
  pathResolver?: PathResolverColumn;
  /**
   * The kind depends on one input field (Claude ExitWorktree `action: "remove"` deletes the
   * worktree, `"keep"` does not; Hermes `process` `action: "kill"` vs `"poll"`; a boolean is
   * looked up as "true" / "false"). `kind` is used when the field is absent; `otherwise` when
   * it holds a value not in `cases`.
   */
  kindBy?: {
    field: string;
    cases: Record<string, ToolKind>;
    otherwise: ToolKind;
    /** the values that create a file (Claude's Write) and replace text in one (Claude's Edit), for a file tool of several uses */
    uses?: { create: string; replace: string };
  };
  /**
   * The person's universal hooks see the input in Claude's field names: `file_path` (the first
   * `pathFields` value) and `command` (`commandField`) always, and these renames on top,
   * Claude name -> this host's field (OpenCode edit: `old_string` <- `oldString`).
   */
  hookFields?: Readonly<Record<string, string>>;
  /**
   * an edit list in this host's shape (a single edit object counts as a list of one): the analysis
   * reads each edit's text from it, and hooks get it as Claude's `edits[{old_string, new_string}]`
   */
  hookEdits?: { field: string; oldText: string; newText: string };
  /** a delegate's field holding the subagent's task, when it is not Claude's `prompt` */
  taskField?: string;
  /**
   * The host checks its own permission rules under this action name before the tool does
   * anything (OpenCode v2: `permission.assert`), so an ask can reach the person there.
   */
  hostPermission?: string;
  /**
   * The host runs this tool without firing its before-tool hook (Codex write_stdin): a call of it
   * in the host's record is counted apart, never reported as a call the guard missed, since no
   * install can make the guard see it (the blind spots say so).
   */
  noHook?: true;
  /**
   * A delegate whose subagent's own tool calls fire no hook (OpenHands task): nothing it does can
   * be checked, so the call is read as one subagent whose effects are unknown (any write, a
   * dependency, hashing), and only a contract that allows all of them lets it run.
   */
  unseenChildren?: true;
  /**
   * false: the host does not run a rewritten command for this shell tool, although its event row
   * rewrites (see EventEntry.rewrite). Absent: the row's rewrite column holds.
   */
  rewrite?: false;
  note?: string;
}

/** The tool kinds that launch subagents (one, a counted batch, an uncountable fan-out, or an OpenCode task). */
export const SUBAGENT_KINDS: readonly ToolKind[] = ['delegate', 'delegate-batch', 'delegate-unbounded', 'task-continuation'];

export interface ToolPatternEntry extends Omit<ToolEntry, 'name'> {
  /** regex source matched against the tool name, e.g. '^mcp__' */
  namePattern: string;
}

/**
 * What an answer on an event can carry back to the host. A renderer writes a form only on the
 * events whose row lists it:
 * - context:  text the model reads (additionalContext, Hermes {"context"}, an injected message)
 * - block:    the host honours a block answer here (a tool deny, a prompt block, "keep going" at a stop)
 * - notice:   the outcome's notice line reaches the person (systemMessage, a `stopline:` stderr line)
 * - feedback: a hook's downgraded deny after a tool goes back to the model (decision:block after the tool)
 * - silent:   the host reads no answer at all: render nothing
 */
type OutputForm = 'context' | 'block' | 'notice' | 'feedback' | 'silent';

/**
 * The ways an event reaches stopline:
 * - plugin: the shipped artifact registers it with the host (hooks.json, plugin.yaml, the plugin's handlers)
 * - bridge: `stopline guard --host <host>` accepts it on stdin
 * - listen: the `stopline listen` line protocol accepts it (`{"op":"dispatch","host":…,"event":…}`)
 */
export type Door = 'plugin' | 'bridge' | 'listen';

/**
 * How a host runs a shell command stopline put in place of the model's (an answer of kind
 * `rewrite`), before the tool runs; each verified on the pinned host (docs/hosts/<host>.md):
 * - updated-input: `hookSpecificOutput.updatedInput`, the whole tool input with the command
 *   replaced (Claude Code's command hooks and its mod's `classic.PreToolUse` result, Droid)
 * - updated-input-allow: the same with `permissionDecision: "allow"` beside it, the only form the
 *   host runs (Codex)
 * - tool-input:    `hookSpecificOutput.tool_input`, the same whole input (Gemini CLI)
 * - snake-tool-input: `hook_specific_output.tool_input`, the same whole input, re-validated
 *   against the tool's schema before it runs (Mistral Vibe)
 * - modified-args: `modifiedArgs` at the top of the answer with `permissionDecision: "allow"`
 *   beside it (Copilot CLI: without the allow its path check asks about every folder the sandbox
 *   wrapper names, and with no person to answer the command is refused)
 * - args-in-place: the plugin edits the tool's own argument object before it returns (OpenCode
 *   `output.args`, where a new object is ignored; Pi `event.input`; Hermes's `args` in the shim)
 * - override-input: `overrideInput` at the top of the answer, the whole tool input with the
 *   command list replaced (Cline CLI's PreToolUse hook file)
 * - returned-params: the plugin returns the whole argument object with the command replaced, and
 *   the host runs the tool with it (OpenClaw `before_tool_call` `{params}`)
 */
export type RewriteForm = 'updated-input' | 'updated-input-allow' | 'tool-input' | 'modified-args' | 'args-in-place' | 'override-input' | 'returned-params' | 'snake-tool-input';

/** What a host that cannot run a rewritten command answers instead, and why (the matrix says it). */
interface NoRewrite {
  why: string;
}

/** How the shipped artifact and `stopline install` register a handler for this event. */
export interface InstallSpec {
  /** matcher written with the handler, in the plugin file and by `stopline install` alike ('*' = every tool); absent = none (which also matches every tool) */
  matcher?: string;
  /** handler timeout in seconds, in the shipped plugin file and as `stopline install` writes it */
  timeoutSec: number;
  /** `--fail closed` marks this handler so the host blocks when stopline fails (Claude `onFailure: "block"`) */
  failClosed: boolean;
  /**
   * The guard takes nothing from this event (no gate, no context, no state), so it is registered
   * only where something needs it: the person's hooks for its canonical event, or after-tool
   * evidence the person asked for. Every registered event costs a process start each time it
   * fires (hosts/cli/install/observe-events.ts decides; the plugin files register none of them).
   */
  observeOnly?: boolean;
}

/** The host's own handling of a hook handler's timeout for this event. */
interface HostTimeout {
  /** seconds the host gives a handler that sets no timeout */
  defaultSec: number;
  /** the host clamps a configured timeout to this range */
  minSec?: number;
  maxSec?: number;
}

export interface EventEntry {
  /** native event name as the host spells it */
  native: string;
  canonical: CanonicalEvent | null;
  /** the ControlEvent kind the guard core receives, or null when the guard ignores it */
  control: ControlEventKind | null;
  /** a deny from stopline here really stops the action on this host */
  blockable: boolean;
  /** the shipped artifact registers / listens to this event (the same as doors including 'plugin') */
  registered: boolean;
  /** the answer forms the host reads on this event */
  outputs: readonly OutputForm[];
  doors: readonly Door[];
  /** present on the events the artifact registers through a hook file */
  install?: InstallSpec;
  /**
   * How the `stopline guard` bridge reads this hook, when it differs from the plugin (the bridge
   * gets the whole hook call as one payload: OpenCode's chat.message carries the prompt parts).
   */
  bridgeAs?: Pick<EventEntry, 'canonical' | 'control' | 'blockable'>;
  /** the host drops a handler's matcher on this event (Codex: then it is not part of the trust hash) */
  matcherIgnored?: boolean;
  /** the host's handler timeout rules for this event, where it runs command hooks */
  hostTimeout?: HostTimeout;
  /**
   * In-process hosts: the name of the door's handler that answers this event (the door's typed
   * handler map, bound by hosts/shared/in-process/handlers.ts). Rows may share a handler.
   */
  handler?: string;
  /** OpenCode: the event arrives on the plugin's `event` hook (the bus), not as a hook of its own */
  bus?: boolean;
  /**
   * Before a tool: how the host runs a rewritten shell command (for the tools of kind `shell`
   * whose row does not say `rewrite: false`); a NoRewrite says why it cannot. Absent: the event
   * takes no rewrite. Doors set the guard's `canRewrite` from it (hosts/shared/action.ts).
   */
  rewrite?: RewriteForm | NoRewrite;
  note?: string;
}

export type DenyForm =
  | 'claude-hso-deny' // {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",...}} exit 0
  | 'codex-hso-deny+exit2' // exact hso deny JSON + stamp on stderr + exit 2
  | 'opencode-throw' // throw new Error(stamp)
  | 'opencode2-throw' // OpenCode v2: the execute.before callback rejects with the stamp
  | 'pi-block' // return { block: true, reason }
  | 'hermes-block' // return {"action":"block","message"}
  | 'guard-exit2' // stopline guard: exit 2, stamp on stderr
  | 'gemini-decision-deny+exit2' // top-level {"decision":"deny","reason"} + stamp on stderr + exit 2
  | 'qwen-hso-deny' // hookSpecificOutput permissionDecision deny, exit 0 (the last permissionDecision wins)
  | 'copilot-flat-deny' // {"permissionDecision":"deny","permissionDecisionReason"} at the top (plus the hso form) exit 0
  | 'droid-hso-deny' // {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",...}} exit 0
  | 'openhands-decision-deny+exit2' // top-level {"decision":"deny","reason"} + stamp on stderr + exit 2 (the Claude hso deny is not read)
  | 'openclaw-block' // before_tool_call returns { block: true, blockReason }
  | 'vibe-decision-deny' // top-level {"decision":"deny","reason"} exit 0 (exit 2 lets the tool run)
  | 'cline-override-or-cancel'; // run_commands: {"overrideInput":{commands:[a command that prints the stamp and fails]},"contextModification"}; other tools: {"cancel":true,"errorMessage"}

/**
 * What the host keeps of a session's tool calls, and whether stopline compares it with the calls
 * its guard saw (at the turn end, and in `stopline status --session`): a call in the record that
 * the guard never checked means the hook did not run for it. The support matrix shows this column.
 * - compared: the record is read (bounded) and every recorded call is matched by its call id;
 * - kept: the host keeps a readable record, but stopline does not compare it (`why`);
 * - none: the host keeps no record stopline can read (`why`).
 */
export type CallRecordColumn =
  | { status: 'compared'; where: string; /** the record's name in the person's help text (`transcript`) */ record: string }
  | { status: 'kept'; where: string; why: string }
  | { status: 'none'; why: string };

export interface HostRegistry {
  family: HostFamily;
  displayName: string;
  /** pinned version the facts were verified on */
  verifiedVersion: string;
  /** present when the facts come from the host's source only: why no real run proved them */
  notRunOnRealHost?: string;
  events: EventEntry[];
  tools: ToolEntry[];
  toolPatterns: ToolPatternEntry[];
  deny: DenyForm;
  /**
   * What a deny looks like on the host and what the model then reads, for the support matrix, when
   * its deny form is the host's alone (a form hosts share has its text in core/registry/deny-forms.ts).
   */
  denyMeaning?: string;
  /** how an `ask` outcome is rendered; 'deny' when the host cannot ask a person */
  ask: 'host-ask' | 'ui-prompt' | 'approve' | 'deny';
  context: string;
  /** canonical events the host cannot expose, with the reason */
  unsupported: { canonical: CanonicalEvent; why: string }[];
  /** host-level bypasses stopline cannot see, for docs/residual-risks.md */
  blindSpots: string[];
  /** the host's own record of tool calls, and whether the guard's calls are checked against it */
  callRecord: CallRecordColumn;
}

// ------------------------------------------------------------------ the person's hook files

/*
 * A host's hook-file row: where the person writes hooks for that host, how the file is laid out,
 * what the host sends a hook and how it reads the answer. core/hooks reads these rows (one per
 * hook dialect, core/registry/hook-files.ts) and holds no host's facts itself; each form named
 * here is one reading rule implemented once in core/hooks, which any host that shares it names
 * on its row.
 */

/** One hook file of a host, below the home folder (`user`) or the project (`project`). */
export interface HookFileLocation {
  at: 'user' | 'project';
  /**
   * A variable that names the folder `dir` stands for (`CLAUDE_CONFIG_DIR` for `~/.claude`);
   * unset or empty: `dir` below HOME. Not used for project files.
   */
  env?: string;
  /** the folder below HOME (or the project) that `path` is in; '' for HOME or the project itself */
  dir: string;
  /** the file below `dir`; `*.json` in its last part reads every such file of that folder, sorted */
  path: string;
  /** the id prefix after the dialect (`user`, `project`); with `*`: the prefix, a dot and the file's name */
  scope: string;
  /** the file is the event map itself, not a file with its hooks under `hooks` (`without-hooks-key`: when it has no `hooks` key) */
  bare?: true | 'without-hooks-key';
  /** the host reads only the first of its files marked so that exists */
  firstFound?: true;
  /** an event in this file replaces the same event of the other files of its folder */
  overrides?: true;
}

/**
 * A switch in a host file that turns hooks off: the key path, the value that means off, and its
 * reach (`host`: the last file of the host that sets it decides for all its files; `file`: that
 * file alone).
 */
export interface HookSwitch {
  path: readonly string[];
  offWhen: boolean;
  reach: 'host' | 'file';
}

/** How a group's matcher is read: core/hooks/matcher.ts describes and implements each form. */
type MatcherForm = 'literal-list' | 'name-list-else-regex' | 'full-regex' | 'search-regex' | 'regex-else-name' | 'names-then-regex' | 'slashed-regex-or-name' | 'glob-ignore-case';

/**
 * How a hook's exit code and output are read: core/hooks/decode.ts describes and implements each
 * form (the facts behind each host's form are in docs/hosts/<host>.md).
 */
type AnswerForm =
  | 'exit-code-and-json'
  | 'exit-code-and-json-permission-only'
  | 'json-any-exit-else-text'
  | 'stderr-on-2-else-json'
  | 'action-json'
  | 'flat-permission-fail-closed'
  | 'deny-only'
  | 'decision-any-case'
  | 'exit-zero-json-strict';

/**
 * A value of the event a payload field carries (core/hooks/payload.ts reads each from the
 * dispatch input):
 * `eventName` the spelling the hook was written under, `hostEventName` the host's first spelling
 * of the event; `toolInput` the raw input with the Claude-named fields on top, `rawToolInput` the
 * raw input when it differs; `toolResponseText` the result as text, `toolResponseObject` as an
 * object (`{value}` when it is not one); `okResponse`/`okResponseText`/`failureText`/`okStatus`
 * split a result by `toolFailed`; `nowMs`/`nowIso` the clock.
 */
export type PayloadSource =
  | 'sessionId'
  | 'cwd'
  | 'projectDir'
  | 'transcriptPath'
  | 'permissionMode'
  | 'eventName'
  | 'hostEventName'
  | 'canonicalEvent'
  | 'hostFamily'
  | 'toolName'
  | 'canonicalToolName'
  | 'toolInput'
  | 'rawToolInput'
  | 'toolUseId'
  | 'toolResponse'
  | 'toolResponseText'
  | 'toolResponseObject'
  | 'okStatus'
  | 'okResponse'
  | 'okResponseText'
  | 'failureText'
  | 'prompt'
  | 'source'
  | 'reason'
  | 'agentId'
  | 'agentType'
  | 'stopHookActive'
  | 'message'
  | 'trigger'
  | 'nowMs'
  | 'nowIso';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [k: string]: JsonValue };

/**
 * One payload field: a value of the event (`else` when the event has none; `optional` leaves the
 * field out then; `max` cuts text to that many characters), a constant, or an object of fields.
 */
export type PayloadField =
  | PayloadSource
  | { readonly from: PayloadSource; readonly else?: JsonValue; readonly optional?: true; readonly max?: number }
  | { readonly value: JsonValue }
  | { readonly fields: PayloadFields };

export type PayloadFields = Readonly<Record<string, PayloadField>>;

/**
 * The stdin JSON a host hands its hooks: the fields every event carries, then each event's own
 * (an event's field of the same name replaces the common one in place). `spelling` rows replace
 * an event's fields for one spelling (a failed tool's event).
 */
export interface PayloadTable {
  readonly all: PayloadFields;
  readonly events: Readonly<Partial<Record<CanonicalEvent, PayloadFields>>>;
  readonly spelling?: Readonly<Record<string, PayloadFields>>;
}

/** Hook files that are a list of one-hook tables, each naming its own event (TOML `[[hooks]]`). */
export interface TableListKeys {
  /** the key that names the table's event */
  readonly eventKey: string;
  readonly matcherKey: string;
  /** the key that makes a failed hook (crash, timeout, unreadable answer) deny */
  readonly failClosedKey?: string;
  /** events whose matcher the host compares with the prompt text */
  readonly promptMatcher?: readonly CanonicalEvent[];
  /** keys a table may carry that stopline does not need */
  readonly ignoredKeys?: readonly string[];
}

/**
 * How one event entry is written: `groups` `{matcher, hooks: [handler...]}`; `flat-handler` one
 * handler with its matcher (`bash`|`command`|`exec`+`args`, `timeoutSec`|`timeout`, `powershell`
 * alone skipped); `flat-command` `{matcher, command, timeout, <failClosedKeys>}`.
 */
type EntryForm = 'groups' | 'flat-handler' | 'flat-command';

/** The handler keys a host reads beside `type`, `command`, `url`, `headers`, `timeout`. */
interface HandlerKeys {
  /** the key that makes a failing hook block (`onFailure`: continue|block; `onError`: warn|block|ignore); absent: a failure lets the tool run */
  readonly failure?: 'onFailure' | 'onError';
  /** the shell that runs `command` */
  readonly shell: 'sh' | 'bash';
  /** a `shell` key that may say `bash` */
  readonly shellKey?: true;
  /** exec form: `args` */
  readonly args?: true;
  readonly env?: true;
  /** `cwd`, relative to the project */
  readonly cwd?: true;
  /** keys the host reads that stopline does not (said once per hook) */
  readonly notRun?: readonly ('if' | 'async')[];
  /** hook types that run only inside the host (a warning) */
  readonly hostOnlyTypes?: readonly string[];
  /** the host has no http hooks (an error) */
  readonly noHttp?: true;
  /** an http hook expands only the variables it lists in allowedEnvVars (none when it lists none) */
  readonly httpEnvListed?: true;
  /** a group key with a regex on the shell command; the group runs only when it matches */
  readonly commandFilter?: string;
  /** keys of a flat-command entry that make a failure deny */
  readonly failClosedKeys?: readonly string[];
}

export interface HookFileSpec {
  /** the host's files, in the order their groups append */
  readonly files: readonly HookFileLocation[];
  /** the file's syntax */
  readonly format: 'json' | 'yaml' | 'toml';
  /** file names an explicit import is read in this dialect by (`*` any text), when its dialect is not given */
  readonly fileNames?: readonly string[];
  /** the event rows its names come from */
  readonly events: readonly EventEntry[];
  /** each PascalCase name is also read in snake_case, as the same event */
  readonly snakeCaseToo?: true;
  /**
   * Another host's names this host also reads (alias -> its own name): entries under them are
   * written in `entry` form and get `payload`; their answers are read with that host's nested
   * fields as well.
   */
  readonly aliases?: { readonly names: Readonly<Record<string, string>>; readonly entry: EntryForm; readonly payload: PayloadTable };
  /** absent: an object keyed by event name */
  readonly tableList?: TableListKeys;
  readonly entry: EntryForm;
  /** keys beside the events of a bare file that are switches, not events */
  readonly fileKeys?: readonly string[];
  /** switches that turn hooks off */
  readonly switches?: readonly HookSwitch[];
  /** one unknown event, one event written twice or one broken hook and the host loads none of the file */
  readonly strictFile?: true;
  readonly matcher: MatcherForm;
  /**
   * Where the host compares a matcher only on tool events: `never-runs` (the group never runs on
   * another event), `dropped` (the matcher is dropped there and the group runs on every one).
   */
  readonly matcherOnTools?: 'never-runs' | 'dropped';
  /** a configured timeout's unit: `ms`; `sec-or-ms` reads 1000 or more as milliseconds */
  readonly timeoutUnit: 'sec' | 'ms' | 'sec-or-ms';
  readonly handler: HandlerKeys;
  readonly payload: PayloadTable;
  /** variables set for a hook beside the payload (one left out when its value is unset or empty) */
  readonly vars?: PayloadTable;
  /** every top-level string, number and boolean field of the payload is a variable too */
  readonly payloadVars?: true;
  readonly answer: AnswerForm;
}
