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
  kindBy?: { field: string; cases: Record<string, ToolKind>; otherwise: ToolKind };
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
export type OutputForm = 'context' | 'block' | 'notice' | 'feedback' | 'silent';

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
export interface NoRewrite {
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
export interface HostTimeout {
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
  | { status: 'compared'; where: string }
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
   * its deny form is the host's alone (a form hosts share has its text in the matrix's table).
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
