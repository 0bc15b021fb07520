/**
 * What a test tells a fake model server to answer. A script is a list of threads; a request
 * belongs to the first thread whose `match` marker occurs in the request's first user message
 * (so a subagent, whose first user message is the prompt its parent gave it, gets its own
 * thread). Within a thread the turn is picked statelessly: turn n answers a request that
 * already holds n model turns, so a retried request gets the same answer.
 */

export interface ScriptedToolCall {
  /** Call id the host echoes back with the result. Default: `call_<thread>_<turn>_<index>`. */
  id?: string;
  /** Tool name as the host advertises it (`Write`, `exec_command`, `write`, ...). */
  name: string;
  /**
   * Tool arguments. An object is sent as JSON. A string is sent verbatim: for the OpenAI
   * Responses protocol it makes a `custom_tool_call` (freeform input, e.g. Codex
   * `apply_patch`); for chat completions it is the raw `arguments` text (may be invalid JSON).
   */
  input: ToolInput | ((request: TurnContext) => ToolInput);
  /** Responses protocol only: the tool namespace, e.g. `multi_agent_v1` for `spawn_agent`. */
  namespace?: string;
}

export type ToolInput = Record<string, unknown> | string;

/**
 * Passed to a tool call's `input` function, for arguments that depend on earlier results
 * (e.g. Codex `wait_agent` needs the agent id that `spawn_agent` returned).
 */
export interface TurnContext {
  thread: string;
  turnIndex: number;
  body: unknown;
  toolResults: ToolResultSeen[];
}

export interface ScriptedTurn {
  /** Assistant text (sent before the tool calls when both are given). */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Answer with this HTTP error instead of a completion. */
  error?: { status: number; message: string; type?: string };
  /** Token usage to report (e.g. a huge total to trigger a host's auto-compaction). */
  usage?: { inputTokens: number; outputTokens: number };
}

export interface ScriptedThread {
  /** Label used in the request log. */
  name: string;
  /** Substring of the first user message that selects this thread; omit to match anything. */
  match?: string;
  turns: ScriptedTurn[];
}

export interface FakeModelScript {
  threads: ScriptedThread[];
  /** Reply to a request that matches no thread or runs past its thread's turns. Default `ok`. */
  fallbackText?: string;
}

/** Why a request got the reply it got. */
export type ReplyKind =
  | 'turn' // a scripted turn
  | 'title' // OpenCode's title-generation side request (never consumes a turn)
  | 'unmatched' // no thread matched: fallback text
  | 'exhausted' // the thread had no turn left: fallback text
  | 'rejected' // unreadable body, over a limit, or a failing input function: HTTP error
  | 'other'; // not the model route (e.g. GET /v1/models): 404 or an empty list

/** A tool call the fake emitted, with the id the host will echo. */
export interface EmittedToolCall {
  id: string;
  name: string;
  input: ToolInput;
  namespace?: string;
}

/** A tool result found in a request (what the model "received" for a call). */
export interface ToolResultSeen {
  callId: string;
  text: string;
  /** Anthropic `is_error`; undefined where the protocol has no such flag. */
  isError?: boolean;
}

export interface RecordedRequest {
  /** 0-based order of arrival on this server. */
  seq: number;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  kind: ReplyKind;
  /** Matched thread name; null when none matched (or for title / rejected requests). */
  thread: string | null;
  /** Number of model turns already in the request = index of the turn that answered it. */
  turnIndex: number;
  /** First user message text, as used for thread matching. */
  firstUserText: string;
  /** Every tool result present in the request's history. */
  toolResults: ToolResultSeen[];
  /** What the fake answered. */
  reply: { text?: string; toolCalls: EmittedToolCall[]; error?: ScriptedTurn['error'] };
}

export function selectThread(script: FakeModelScript, firstUserText: string): ScriptedThread | undefined {
  return script.threads.find((t) => t.match === undefined || firstUserText.includes(t.match));
}

/** Fill in default call ids and resolve input functions, so the test and the log agree. */
export function materializeCalls(turn: ScriptedTurn, ctx: TurnContext): EmittedToolCall[] {
  const safeThread = ctx.thread.replace(/[^A-Za-z0-9]/g, '') || 't';
  return (turn.toolCalls ?? []).map((c, i) => ({
    id: c.id ?? `call_${safeThread}_${ctx.turnIndex}_${i}`,
    name: c.name,
    input: typeof c.input === 'function' ? c.input(ctx) : c.input,
    ...(c.namespace !== undefined ? { namespace: c.namespace } : {}),
  }));
}

export function validateScript(script: FakeModelScript): void {
  if (!script || !Array.isArray(script.threads)) throw new TypeError('fake model script needs a `threads` array');
  const names = new Set<string>();
  for (const t of script.threads) {
    if (typeof t.name !== 'string' || t.name === '') throw new TypeError('every scripted thread needs a non-empty `name`');
    if (names.has(t.name)) throw new TypeError(`duplicate scripted thread name "${t.name}"`);
    names.add(t.name);
    if (!Array.isArray(t.turns)) throw new TypeError(`scripted thread "${t.name}" needs a \`turns\` array`);
    t.turns.forEach((turn, i) => {
      if (turn.text === undefined && !turn.toolCalls?.length && !turn.error) {
        throw new TypeError(`thread "${t.name}" turn ${i}: give text, toolCalls or error`);
      }
      for (const c of turn.toolCalls ?? []) {
        if (typeof c.name !== 'string' || c.name === '') throw new TypeError(`thread "${t.name}" turn ${i}: a tool call needs a name`);
      }
    });
  }
}

/** Text of a string or of an array of content parts (`{type:'text'|'input_text'|'output_text', text}`). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      if (part && typeof part === 'object' && 'text' in part && typeof (part as { text: unknown }).text === 'string') {
        return (part as { text: string }).text;
      }
      return '';
    })
    .filter((s) => s !== '')
    .join('\n');
}

/** A script of one thread, `main`, chosen by `match` in the first user message: most real-host runs. */
export function mainThread(match: string, turns: ScriptedTurn[]): FakeModelScript {
  return { threads: [{ name: 'main', match, turns }] };
}
