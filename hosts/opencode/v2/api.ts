/**
 * The part of OpenCode v2's Promise plugin API this plugin uses, written from the shapes its
 * source declares (docs/hosts/opencode.md, "OpenCode v2"); the package itself is not on the
 * registry this project reaches, so nothing is imported from it. Every field the door reads is
 * checked at run time too: a shape that differs makes the door fail in the configured fail
 * mode, never read garbage.
 */

/** What `ctx.<domain>.hook(name, fn)` resolves to; the host also disposes it when the plugin unloads. */
export interface V2Registration {
  dispose(): Promise<void> | void;
}

type V2HookFn = (event: unknown) => Promise<void> | void;

export interface V2HookDomain {
  hook(name: string, callback: V2HookFn, options?: unknown): Promise<V2Registration> | V2Registration;
}

/** The context `setup(ctx)` receives (only the domains this plugin touches). */
export interface V2Context {
  readonly tool: V2HookDomain;
  readonly session: V2HookDomain & {
    /** the session record: {id, parentID?, agent, location: {directory}, ...} (or `{data}` around it) */
    get?(input: { sessionID: string }): Promise<unknown>;
  };
  /** absent in the earliest v2 releases: then an ask is a deny */
  readonly permission?: V2HookDomain;
  readonly event?: {
    subscribe(options?: { signal?: AbortSignal }): AsyncIterable<unknown>;
  };
  /** the location this plugin instance serves */
  readonly location?: { directory?: string };
  readonly options?: unknown;
}

/** `ctx.tool.hook("execute.before")`: `input` may be replaced; the host runs what it then holds. */
export interface V2ToolBefore {
  tool: string;
  sessionID: string;
  agent?: string;
  messageID?: string;
  /** the tool call id */
  id: string;
  input: unknown;
}

/** `ctx.tool.hook("execute.after")`: one of the two statuses; `result` may be replaced. */
export interface V2ToolAfter {
  tool: string;
  sessionID: string;
  agent?: string;
  id: string;
  input: unknown;
  status: 'completed' | 'error';
  result?: { output?: unknown; content?: unknown; metadata?: unknown };
  error?: unknown;
}

/** `ctx.session.hook("prompt")`: the prompt before the session admits it. */
export interface V2SessionPrompt {
  sessionID: string;
  messageID: string;
  prompt: { text: string };
}

/** `ctx.session.hook("context" | "compaction")`: the model request about to be sent. */
export interface V2SessionContext {
  sessionID: string;
  agent?: string;
  system: { type: 'text'; text: string }[];
}

/** `ctx.permission.hook("evaluate")`: the effect the host computed, which the hook may change. */
export interface V2PermissionEvaluate {
  sessionID: string;
  agent?: string;
  action: string;
  resources: string[];
  source?: { type: string; id?: string; messageID?: string };
  effect: 'allow' | 'ask' | 'deny';
  message?: string;
}
