/**
 * Shared types of the universal-hooks engine: the loaded config, one dispatch call and its
 * folded result. Everything here is plain data so a host adapter can build a DispatchInput
 * from its own payload and render a FoldedResult without knowing how hooks run.
 */
import type { CanonicalEvent } from '../canonical';
import type { HookDialect } from '../registry/host-specs';

/** Where a hook group was written. Each dialect keeps its own payload, matcher and response rules. */
export type Dialect = 'native' | HookDialect;

export type OnError = 'warn' | 'block' | 'ignore';

export interface Position {
  line: number;
  col: number;
}

export interface Diagnostic {
  level: 'error' | 'warning';
  /** the file the problem is in (absolute path), or `<inline>` */
  file: string;
  /** `line:col` (1-based) when known */
  position?: string;
  message: string;
}

export interface CompiledMatcher {
  /** the pattern as written; undefined = match all */
  source?: string;
  mode: 'all' | 'literal' | 'names' | 'regex' | 'never';
  /** true when any of the subjects matches; an empty subject list only matches `all` */
  test(subjects: readonly string[]): boolean;
}

interface HandlerBase {
  /** stable id: `<dialect>.<scope>:<event spelling>:<group>:<hook>`; carries no path or command text */
  id: string;
  timeoutMs: number;
  onError: OnError;
}

export interface CommandHandler extends HandlerBase {
  type: 'command';
  command: string;
  /** exec form (Claude `args`): run `command` with these arguments, no shell */
  args?: string[];
  /** Copilot `cwd`: the folder the hook runs in, relative to the project (default: the event cwd) */
  cwd?: string;
  /** which POSIX shell runs `command` */
  shell: 'sh' | 'bash';
  env?: Record<string, string>;
}

export interface HttpHandler extends HandlerBase {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  /** when set, only these variables expand in header values; others become '' (Claude semantics) */
  allowedEnvVars?: string[];
}

export type HookHandler = CommandHandler | HttpHandler;

export interface HookGroup {
  dialect: Dialect;
  /** the file it came from */
  source: string;
  event: CanonicalEvent;
  /** the event name as written in the file (`PreToolUse`, `pre_tool_call`, `tool:before`) */
  spelling: string;
  matcher: CompiledMatcher;
  /** the dialect's command filter (`handler.commandFilter`): the group runs only for a call whose shell command matches */
  commandRegex?: RegExp;
  /** what the matcher is compared with when not the event's canonical subject (a dialect's `promptMatcher` events match the prompt) */
  subject?: 'prompt';
  hooks: HookHandler[];
}

export interface HooksConfig {
  /** all groups in config order */
  groups: HookGroup[];
  /** groups per canonical event, config order kept; an event with no entry has no hooks */
  byEvent: Partial<Record<CanonicalEvent, HookGroup[]>>;
  diagnostics: Diagnostic[];
  /** files that were read (existing ones only) */
  sources: string[];
}

export interface DispatchInput {
  event: CanonicalEvent;
  /**
   * The host's own spelling when it has several for one canonical event (Claude
   * `PostToolUse` vs `PostToolUseFailure`): groups written under the other spelling of
   * the same dialect do not run.
   */
  dialectEventName?: string;
  /** for `tool:after` on hosts without Claude's two spellings: picks PostToolUse vs PostToolUseFailure groups */
  toolFailed?: boolean;
  hostFamily: string;
  sessionId: string;
  cwd: string;
  /** the project root for CLAUDE_PROJECT_DIR; defaults to cwd */
  projectDir?: string;
  transcriptPath?: string;
  permissionMode?: string;
  /** the host's real tool name, shown to hooks in `tool_name` */
  toolName?: string;
  /** canonical tool name(s) (Bash, Read, Write, Edit, ...) that matchers also accept */
  canonicalToolName?: string | readonly string[];
  toolUseId?: string;
  /** the tool input exactly as the host gave it */
  rawInput?: unknown;
  /** the tool input in Claude's field names (command, file_path, content, old_string/new_string) */
  canonicalInput?: Record<string, unknown>;
  toolResponse?: unknown;
  prompt?: string;
  /** session:start source (startup, resume, clear, compact) */
  source?: string;
  /** session:end reason */
  reason?: string;
  agentId?: string;
  agentType?: string;
  stopHookActive?: boolean;
  /** notice text */
  message?: string;
  /** compact:before trigger (manual, auto) */
  trigger?: string;
}

export interface DispatchOptions {
  signal?: AbortSignal;
  /** clock for run durations (ms) */
  now?: () => number;
  /** environment the hooks inherit; defaults to process.env */
  env?: Record<string, string | undefined>;
  /** one-line log sink for warnings (never stdout); defaults to stderr */
  log?: (line: string) => void;
  /** dialects not to run in this call (a host running its own hooks natively) */
  skipDialects?: readonly Dialect[];
}

export type Decision = 'none' | 'allow' | 'ask' | 'deny';

/** What one hook run said, after decoding its exit code / output. */
export interface HookResponse {
  decision: Decision;
  reason?: string;
  /** `continue: false` */
  stop: boolean;
  stopReason?: string;
  contexts: string[];
  messages: string[];
  /**
   * tool:before: the command the hook puts in place of the model's (Claude's `updatedInput`,
   * Gemini's `tool_input`, Copilot's `modifiedArgs`, each with its `command` field)
   */
  rewrite?: { command: string };
}

export type RunOutcome = 'none' | 'allow' | 'ask' | 'deny' | 'rewrite' | 'stop' | 'context' | 'error';

export interface HookRun {
  hookId: string;
  dialect: Dialect;
  durationMs: number;
  outcome: RunOutcome;
  /** infrastructure failure: `exit 1`, `timed out after 5000 ms`, `spawn failed: ...` (never output text) */
  error?: string;
  exitCode?: number;
}

/** Every hook's response folded into one (`messages`: systemMessage texts for the person). */
export interface FoldedResult extends HookResponse {
  /** reasons of the winning decision, joined with a blank line */
  reason?: string;
  /** a deny/ask on an event that cannot block became `none` */
  downgraded: boolean;
  rawDecision?: Decision;
  rawReason?: string;
  /** tool:after only: the downgraded deny's reason, for hosts that can append it to the tool result */
  feedback?: string;
  /** tool:before: the first command a hook put in place of the model's (config order), when none denied or asked */
  rewrite?: { command: string };
  runs: HookRun[];
}
