/**
 * What a command-hook host adapter is: its registry (the table) and two functions, one from
 * the host's payload to a ControlEvent and one from the core's Answer to the host's exact
 * output. Everything else (stdin, JSON, fail mode, writing the answer once) is the shared
 * runner's job, so the two functions stay small and fully testable with captured payloads.
 */
import type { ToolCall } from '../../core/answer/answer';
import type { ControlEvent } from '../../core/protocol';
import type { Answer } from '../../core/answer/outcome';
import type { Dialect } from '../../core/hooks';
import type { SessionTree } from '../../core/answer/controller';
import type { EventEntry, HostRegistry } from '../../core/registry/types';
import type { HookPayload } from './payload';
import { stoplineLabel } from './label';

export type HookEnv = Readonly<Record<string, string | undefined>>;

/** The native event a payload belongs to, as far as the adapter could tell. */
export interface NativeEvent {
  /** `hook_event_name` exactly as the host spelled it */
  name: string;
}

/** A native event the registry knows, with its row: what a renderer answers for. */
export interface RowEvent extends NativeEvent {
  row: EventEntry;
  /**
   * The tool a before-tool or after-tool payload names (`tool_name` as the adapter's nameEvent
   * leaves it), for a host whose deny form depends on the tool; absent when unknown.
   */
  tool?: string;
}

export type MappedEvent =
  /**
   * the guard core handles this payload; `call` is the tool call of a tool event; `hostPrompts`
   * reads the person's prompts from the host's record, for the core to call only while the
   * session has taken none (HandleOptions.hostPrompts)
   */
  | { kind: 'event'; native: NativeEvent; row: EventEntry; event: ControlEvent; call?: ToolCall; hostPrompts?: () => readonly NonNullable<ControlEvent['prompt']>[] }
  /** a known event (or variant) the guard deliberately does not look at; prints nothing */
  | { kind: 'ignored'; native: NativeEvent; row: EventEntry; why: string }
  /** an event name the registry does not know; prints nothing, exit 0 */
  | { kind: 'unknown'; native: NativeEvent; why: string };

/** The one answer a hook process gives. stdout is either empty or valid host JSON. */
export interface Rendered {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface CommandHookAdapter {
  registry: HostRegistry;
  /** prefix of every stderr line this artifact writes, e.g. `stopline (claude)` */
  label: string;
  /** how a deny reaches this host, as the evidence records it (e.g. `permission_deny_returned`) */
  denyResponse: string;
  /**
   * Host payload -> ControlEvent. Throws HookInputError when the payload breaks the host's
   * contract (no session id, a tool event without a tool name); the runner applies the fail mode.
   */
  toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent;
  /**
   * Whether an `ask` outcome for this event can reach a person on this host right now. When
   * false the core records (and the adapter renders) a deny instead.
   */
  canAsk(event: ControlEvent): boolean;
  /** Answer -> the host's exact output for the native event that fired (with its registry row). */
  render(answer: Answer, at: RowEvent): Rendered;
  /**
   * The answer when the event could not even be identified (bad JSON, stdin too large or
   * never closed) and the fail mode is closed.
   */
  renderUnidentifiedDeny(message: string): Rendered;
  /**
   * For a host whose payload does not name its event (Copilot's camelCase hooks: the hook file
   * passes the name as an argument): the payload with `hook_event_name` set, from the hook
   * command's arguments (`args`, which travel with the payload to the resident evaluator).
   * Absent: the payload names it.
   */
  nameEvent?(payload: HookPayload, args: readonly string[]): HookPayload;
  /** absent: the artifact runs the guard only */
  userHooks?: UserHooksSupport;
  /** how the core learns where the event's session sits (default: the event says it) */
  tree?: SessionTree;
  /**
   * Who runs a rewritten command, where it is not the host as its row says: false, nobody (a
   * Hermes shell hook: v0.19.0 reads only a block there; the bridge unless its caller runs one);
   * true, the door's caller, for any tool whose command is in a field (the bridge with
   * `--can-rewrite`). Absent: the row's rewrite column holds.
   */
  rewrites?: boolean;
}

/** How the person's own hooks (core/hooks) are run next to the guard on this host. */
export interface UserHooksSupport {
  /** the dialect the host runs natively, which the artifact therefore skips (absent: no host runs any, skip none) */
  dialect?: Dialect;
  /**
   * The payload in the shape hooks receive (Claude's field names), for dialects whose payload
   * lacks it; absent: the payload as it is. `cwd` is the process's working folder.
   */
  shape?(payload: HookPayload, event: ControlEvent | undefined, cwd: string): HookPayload;
  /** run them also on the events the guard ignores (the bridge, where no host runs any) */
  whereGuardIgnores?: boolean;
  /** the project folder (read from the shaped payload): where stopline.json's project file and the host's project hooks are looked up */
  projectDir(payload: HookPayload, env: HookEnv, cwd: string): string | undefined;
  /** the tool input in Claude's field names, for hooks written against Claude's shapes */
  canonicalInput?(payload: HookPayload, event: ControlEvent): Record<string, unknown> | undefined;
}

export const SILENT: Readonly<Rendered> = Object.freeze({ stdout: '', stderr: '', exitCode: 0 });

/**
 * The end every Claude-style JSON answer shares (Claude, Codex, Gemini, Qwen): the person's
 * hooks' messages and the guard's notice (already filtered by the host's own rule) as one
 * systemMessage, a hook's `continue: false` with its reason, then the JSON, or nothing at all.
 */
export function finishJsonAnswer(out: Record<string, unknown>, answer: Answer, notice: string | undefined): Rendered {
  const messages = [...(answer.messages ?? []), ...(notice ? [notice] : [])];
  if (messages.length) out.systemMessage = messages.join('\n');
  if (answer.stop === true) {
    out.continue = false;
    if (answer.stopReason) out.stopReason = answer.stopReason;
  }
  return Object.keys(out).length ? { stdout: JSON.stringify(out), stderr: '', exitCode: 0 } : SILENT;
}

/**
 * The stamp on stderr with exit 2: a deny before the event is known (bad JSON, stdin too large
 * or never closed) on every host that reads exit 2 before a tool and a prompt as a refusal.
 */
export function exitTwoWith(message: string): Rendered {
  return { stdout: '', stderr: message.endsWith('\n') ? message : `${message}\n`, exitCode: 2 };
}

/**
 * What an adapter says where it differs from the common command hook: its rows, its dialect's
 * two functions, how its deny is recorded; the label, the ask and the answer before the event is
 * known have defaults.
 */
type AdapterSpec = Omit<CommandHookAdapter, 'label' | 'canAsk' | 'renderUnidentifiedDeny'> & Partial<Pick<CommandHookAdapter, 'label' | 'canAsk' | 'renderUnidentifiedDeny'>>;

/**
 * A command-hook adapter from what it says, with the defaults most hosts share: the label names
 * the registry's family; no ask, since a hook's ask reaches nobody in a headless run; and before
 * the event is known the stamp on stderr with exit 2 (exitTwoWith).
 */
export function commandHookAdapter(spec: AdapterSpec): CommandHookAdapter {
  return { label: stoplineLabel(spec.registry.family), canAsk: () => false, renderUnidentifiedDeny: exitTwoWith, ...spec };
}

/** JSON on stdout with exit 0: the answer of a host that reads its hook's stdout. */
export function jsonAnswer(value: unknown): Rendered {
  return { stdout: JSON.stringify(value), stderr: '', exitCode: 0 };
}

/** The registry row for a native event name, or undefined when the host's table lacks it. */
export function eventEntry(registry: HostRegistry, name: string): EventEntry | undefined {
  return registry.events.find((e) => e.native === name);
}
