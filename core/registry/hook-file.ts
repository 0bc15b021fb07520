/**
 * The shape of a host's hook-file row: where the person writes hooks for that host, how the file
 * is laid out, what the host sends a hook and how it reads the answer. core/hooks reads these rows
 * (one per hook dialect, core/registry/hook-files.ts) and holds no host's facts itself; each form
 * named here is one reading rule implemented once in core/hooks, which any host that shares it
 * names on its row.
 */
import type { CanonicalEvent } from '../canonical';
import type { EventEntry } from './types';

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

/**
 * How a group's matcher is read (core/hooks/matcher.ts implements each):
 * - `literal-list`: alternatives split on `|` or `,`, each compared exactly;
 * - `name-list-else-regex`: only `[A-Za-z0-9_|]` is an exact name list, anything else an unanchored regex;
 * - `full-regex`: a regex on the whole tool name;
 * - `search-regex`: an unanchored regex;
 * - `regex-else-name`: an unanchored regex, the exact name when it does not compile;
 * - `names-then-regex`: exact names (a `|` list trimmed entry by entry), else an unanchored regex
 *   on the host's own tool name; a regex that does not compile runs only on the exact name;
 * - `slashed-regex-or-name`: `/re/` a whole-name regex; a pattern with regex characters a whole-name
 *   regex, or the exact name when it does not compile; anything else the exact name;
 * - `glob-ignore-case`: a shell glob on the whole lowered name; `re:` is refused.
 */
export type MatcherForm = 'literal-list' | 'name-list-else-regex' | 'full-regex' | 'search-regex' | 'regex-else-name' | 'names-then-regex' | 'slashed-regex-or-name' | 'glob-ignore-case';

/**
 * How a hook's exit code and output are read (core/hooks/decode.ts implements each; the facts
 * are in docs/hosts/<host>.md):
 * - `exit-code-and-json`: exit 0 with JSON (decision, hookSpecificOutput, continue, ...) or text as
 *   context; exit 2 denies with stderr; any other exit fails;
 * - `exit-code-and-json-permission-only`: the same, but before a tool only
 *   hookSpecificOutput.permissionDecision decides;
 * - `json-any-exit-else-text`: trimmed stdout (else stderr) as JSON whatever the exit; other text
 *   denies on exit 2 or more, is a message on exit 0, fails on exit 1;
 * - `stderr-on-2-else-json`: on exit 2 stderr is the answer, else stdout; JSON with a top-level
 *   decision or the permissionDecision; other text is context or a message on exit 0;
 * - `action-json`: stdout is read whatever the exit (`action`/`decision` block, `context`); exit 2
 *   denies before a tool;
 * - `flat-permission-fail-closed`: top-level permissionDecision and modifiedArgs; exit 2 denies with
 *   a fixed text; a crash before a tool denies;
 * - `deny-only`: only a deny is read (exit 2, or permissionDecision "deny");
 * - `decision-any-case`: JSON `decision` allow|deny in any case, `continue: false` blocks, exit 2 blocks;
 * - `exit-zero-json-strict`: exit 0 with a JSON object (`decision`, hook_specific_output); anything
 *   else fails.
 */
export type AnswerForm =
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
export type EntryForm = 'groups' | 'flat-handler' | 'flat-command';

/** The handler keys a host reads beside `type`, `command`, `url`, `headers`, `timeout`. */
export interface HandlerKeys {
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
