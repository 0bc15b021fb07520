/**
 * What every dialect of `stopline guard` is made of: a host's arguments read as a command-hook
 * adapter's payload (one runner, hosts/shared/runner.ts, serves them all), the payload shape the
 * person's hooks receive, and the door row an in-process host's folder exports
 * (hosts/<host>/guard-door.ts) or a command-hook host gets from its adapter.
 */
import type { Answer } from '../../../core/answer/outcome';
import { stampOf } from '../../../core/answer/outcome';
import type { ControlEvent, ControlEventKind } from '../../../core/protocol';
import { findToolEntry } from '../../../core/registry/lookup';
import { hookInput } from '../../../core/registry/hook-input';
import type { EventEntry, HostRegistry } from '../../../core/registry/types';
import type { ListenHandler } from '../../../core/hooks';
import type { CommandHookAdapter, HookEnv, MappedEvent, NativeEvent, Rendered, UserHooksSupport } from '../../shared/adapter';
import { SILENT } from '../../shared/adapter';
import type { HookContext } from '../../shared/runner';
import { classifyEvent } from '../../shared/command-hook';
import { HookInputError } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import { isRecord } from '../../../core/check';

/** A deny is exit 2 with the stamp on stderr: the guard's own answer form. */
function exitAnswer(outcome: Pick<Answer, 'kind' | 'message' | 'reasonCode'>): Rendered {
  if (outcome.kind !== 'deny' && outcome.kind !== 'ask') return SILENT;
  const stamp = stampOf(outcome);
  return { stdout: '', stderr: stamp.endsWith('\n') ? stamp : `${stamp}\n`, exitCode: 2 };
}

/** A row the guard reads (its control is set). */
export type GuardRow = EventEntry & { control: ControlEventKind };

/**
 * A dialect of the bridge as a command-hook adapter: its rows classify the event, `map` reads the
 * rows it knows. A bridge has nobody to ask (an ask is rendered as a deny) and answers by exit code.
 */
export function bridgeAdapter(
  registry: HostRegistry,
  label: string,
  denyResponse: string,
  shape: HookShape,
  map: (entry: GuardRow, native: NativeEvent, payload: HookPayload, env: HookEnv) => MappedEvent,
): CommandHookAdapter {
  return {
    registry,
    label,
    denyResponse,
    toControlEvent: (payload, env) => {
      const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
      const c = classifyEvent(registry, native);
      return 'answer' in c ? c.answer : map(c.entry, native, payload, env);
    },
    canAsk: () => false,
    render: exitAnswer,
    renderUnidentifiedDeny: (message) => exitAnswer({ kind: 'deny', message }),
    userHooks: bridgeHooks(shape),
  };
}

/** An adapter function's TypeError (a payload field of the wrong type) is an input error. */
export function typeErrorsAsInput<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TypeError) throw new HookInputError(e.message);
    throw e;
  }
}

/** `action.before` or `action.after`, as a tool row's control says. */
export function toolControl(entry: GuardRow): 'action.before' | 'action.after' {
  return entry.control === 'action.before' ? 'action.before' : 'action.after';
}

// ------------------------------------------------------------------- the person's hooks

/**
 * The person's hooks on a dialect no host runs here: every dialect of hook runs (none is
 * skipped), and the in-process hosts' arguments are turned into the payload shape hooks
 * receive (`shape`). The project folder is the payload's cwd, else the event's, else the bridge's own.
 */
function bridgeHooks(shape: HookShape): UserHooksSupport {
  return {
    whereGuardIgnores: true,
    shape: (payload, event, cwd) => shape(payload, event, cwd),
    projectDir: (shaped, _env, cwd) => (typeof shaped.cwd === 'string' && shaped.cwd !== '' ? shaped.cwd : cwd),
    canonicalInput: (payload, event) => {
      const shaped = shape(payload, event, '');
      return isRecord(shaped.canonical_input) ? shaped.canonical_input : undefined;
    },
  };
}

/** A payload in the shape universal hooks read, for a dialect that lacks it. */
export type HookShape = (p: HookPayload, event: ControlEvent | undefined, cwd: string) => HookPayload;

/** The hook payload of an in-process host's call: the event's session, folder and prompt, and the tool call when there is one. */
export function callShape(event: ControlEvent | undefined, cwd: string, call?: { name: string; args: unknown; id: unknown; canonical: unknown }): HookPayload {
  const base: HookPayload = { session_id: event?.sessionId ?? '', cwd: event?.cwd ?? cwd };
  if (call) {
    base.tool_name = call.name;
    base.tool_input = call.args;
    base.tool_use_id = call.id;
    if (call.canonical) base.canonical_input = call.canonical;
  }
  if (event?.prompt) base.prompt = event.prompt.text;
  return base;
}

/** An `{event: {toolName, toolCallId, <args>}}` host, whose arguments are under `argsKey`. */
export const eventHookShape =
  (registry: HostRegistry, argsKey: string): HookShape =>
  (p, event, cwd) => {
    const ev = isRecord(p.event) ? p.event : {};
    if (typeof ev.toolName !== 'string') return callShape(event, cwd);
    const args = ev[argsKey];
    const entry = findToolEntry(registry, ev.toolName);
    return callShape(event, cwd, { name: ev.toolName, args, id: ev.toolCallId, canonical: entry ? hookInput(entry, args) : undefined });
  };

/**
 * The host's registry as the bridge reads it: each row with the bridge door takes its `bridgeAs`
 * reading where it has one. The bridge gets the whole hook call as one payload, where the
 * in-process plugin may read the same event differently (a plugin may read the person's words
 * back from a later event where the bridge is handed them with the call).
 */
export function bridgeRegistry(base: HostRegistry): HostRegistry {
  return { ...base, events: base.events.map((e) => (e.bridgeAs && e.doors.includes('bridge') ? { ...e, ...e.bridgeAs } : e)) };
}

/**
 * One dialect of the bridge: its adapter, where its payload keeps the event name (the bridge
 * copies it into `hook_event_name` for the in-process hosts, whose arguments have no such field)
 * and the host answer its harness would act on.
 */
export interface GuardDoor {
  readonly adapter: CommandHookAdapter;
  /** where the dialect's payload keeps its event name, as the bridge reads it */
  eventName(payload: HookPayload): string | undefined;
  /** the message when `eventName` finds nothing (absent: the payload lacks hook_event_name) */
  readonly noEventName?: string;
  /** the host answer its harness would act on, as a JSON value (null: the host gets nothing, which lets the action run); undefined where the answer is the exit code (native, and a host whose plugin answers with a thrown Error) */
  hostOutput(rendered: Rendered, outcome: Answer | undefined): unknown;
  /** the host's own door for `stopline listen`, where its shim speaks another form than the bridge's (absent: the bridge's) */
  readonly resident?: (ctx: ResidentContext) => ListenHandler;
}

/** What a resident door is handed by `stopline listen`. */
type ResidentContext = HookContext & { log(text: string): void };

/** A command hook's payload names its event (where elsewhere, its adapter says); its answer is JSON on stdout. */
export function commandHookDoor(adapter: CommandHookAdapter): GuardDoor {
  return {
    adapter,
    eventName: (payload) => {
      const named = adapter.nameEvent?.(payload, []) ?? payload;
      return typeof named.hook_event_name === 'string' ? named.hook_event_name : undefined;
    },
    hostOutput: (rendered) => {
      if (rendered.stdout.trim() === '') return null;
      try {
        return JSON.parse(rendered.stdout);
      } catch {
        return null;
      }
    },
  };
}

/** A host whose plugin returns a block result. */
export const blockOutput = (block: (outcome: Answer) => unknown) => (_rendered: Rendered, outcome: Answer | undefined) => (outcome && (outcome.kind === 'deny' || outcome.kind === 'ask') ? block(outcome) : null);
